package io.mcpfuzzer.config;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds and checks {@link Settings.OAuth} from the resolved {@code --oauth*} values. Stateless. */
final class OAuthSettings {
    private static final List<OptionDef<?>> NEED_OAUTH = List.of(Options.OAUTH_GRANT, Options.OAUTH_CLIENT_ID,
            Options.OAUTH_CLIENT_SECRET, Options.OAUTH_SCOPE, Options.OAUTH_CLIENT_ID_METADATA_URL,
            Options.OAUTH_OPEN_BROWSER, Options.OAUTH_HEADLESS, Options.OAUTH_NO_TOKEN_CACHE,
            Options.OAUTH_PRIVATE_KEY_FILE);

    private OAuthSettings() {}

    static Settings.OAuth of(ResolvedValues v) {
        if (!v.get(Options.OAUTH)) {
            return Settings.OAuth.OFF;
        }
        return new Settings.OAuth(true, v.get(Options.OAUTH_GRANT), blankToNull(v.get(Options.OAUTH_CLIENT_ID)),
                blankToNull(v.get(Options.OAUTH_CLIENT_SECRET)), scopes(v.get(Options.OAUTH_SCOPE)),
                blankToNull(v.get(Options.OAUTH_CLIENT_ID_METADATA_URL)), v.get(Options.OAUTH_OPEN_BROWSER),
                v.get(Options.OAUTH_HEADLESS), v.get(Options.OAUTH_NO_TOKEN_CACHE),
                v.get(Options.OAUTH_PRIVATE_KEY_FILE), v.get(Options.OAUTH_SIGNING_ALG));
    }

    /** Problems: an --oauth-* option without --oauth, a secret without a client id, headless with a browser. */
    static List<Map.Entry<OptionDef<?>, String>> check(ResolvedValues v) {
        List<Map.Entry<OptionDef<?>, String>> out = new ArrayList<>();
        boolean on = v.get(Options.OAUTH);
        for (OptionDef<?> d : NEED_OAUTH) {
            Object value = v.get(d);
            if (!on && value != null && !Boolean.FALSE.equals(value)) {
                out.add(new AbstractMap.SimpleEntry<>(d, d.longName() + " needs --oauth"));
            }
        }
        if (on && v.get(Options.OAUTH_CLIENT_SECRET) != null && v.get(Options.OAUTH_CLIENT_ID) == null) {
            out.add(new AbstractMap.SimpleEntry<>(Options.OAUTH_CLIENT_SECRET,
                    "--oauth-client-secret needs --oauth-client-id"));
        }
        if (on && v.get(Options.OAUTH_HEADLESS) && v.get(Options.OAUTH_OPEN_BROWSER)) {
            out.add(new AbstractMap.SimpleEntry<>(Options.OAUTH_HEADLESS,
                    "--oauth-headless and --oauth-open-browser exclude each other"));
        }
        String cimd = v.get(Options.OAUTH_CLIENT_ID_METADATA_URL);
        if (cimd != null && !cimd.startsWith("https://")) {
            out.add(new AbstractMap.SimpleEntry<>(Options.OAUTH_CLIENT_ID_METADATA_URL,
                    "the client ID metadata document URL must be an https:// URL"));
        }
        return out;
    }

    private static List<String> scopes(String text) {
        List<String> out = new ArrayList<>();
        if (text != null) {
            for (String s : text.replace(',', ' ').split(" ")) {
                if (!s.isBlank()) {
                    out.add(s.strip());
                }
            }
        }
        return out;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
