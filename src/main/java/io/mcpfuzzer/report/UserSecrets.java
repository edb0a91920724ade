package io.mcpfuzzer.report;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The exact secret values the user handed to the fuzzer (header values, auth tokens, credential
 * environment variables), masked wherever they occur, as given and in their JSON-escaped form.
 * Values shorter than {@value #MIN_LENGTH} characters are ignored (they would mask ordinary text).
 * Immutable and thread-safe; masking is one {@code indexOf} pass per secret form, so linear in the
 * text for a fixed set of secrets.
 */
public final class UserSecrets {
    /** Shortest value treated as a secret. */
    public static final int MIN_LENGTH = 4;
    private static final UserSecrets NONE = new UserSecrets(List.of());
    private static final Set<String> SCHEMES = Set.of("bearer", "basic", "digest", "token", "negotiate", "ntlm");

    /** Longest first, so a secret that contains another is masked whole. */
    private final List<String> forms;

    private UserSecrets(List<String> forms) {
        this.forms = forms;
    }

    public static UserSecrets none() {
        return NONE;
    }

    /**
     * Secrets from raw values; for a value {@code "Bearer xyz"} the credential {@code xyz} is also
     * the secret (not the scheme word). Null and short values are skipped.
     */
    public static UserSecrets of(Collection<String> values) {
        Set<String> forms = new LinkedHashSet<>();
        for (String value : values == null ? List.<String>of() : values) {
            if (value == null) {
                continue;
            }
            String v = value.strip();
            int space = v.indexOf(' ');
            if (space > 0 && SCHEMES.contains(v.substring(0, space).toLowerCase(Locale.ROOT))) {
                add(forms, v.substring(space + 1).strip()); // the credential; the scheme word is no secret
            } else {
                add(forms, v);
            }
        }
        if (forms.isEmpty()) {
            return NONE;
        }
        List<String> sorted = new ArrayList<>(forms);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        return new UserSecrets(List.copyOf(sorted));
    }

    /** Values of the map whose key names a credential ({@link CredentialKeys}), e.g. env variables. */
    public static List<String> credentialValues(Map<String, String> map) {
        List<String> out = new ArrayList<>();
        if (map != null) {
            map.forEach((k, v) -> {
                if (CredentialKeys.isSensitive(k)) {
                    out.add(v);
                }
            });
        }
        return out;
    }

    private static void add(Set<String> forms, String value) {
        if (value.length() < MIN_LENGTH || value.equals(Redactor.MASK)) {
            return;
        }
        forms.add(value);
        String quoted = Json.write(value);
        forms.add(quoted.substring(1, quoted.length() - 1));
    }

    public boolean isEmpty() {
        return forms.isEmpty();
    }

    /**
     * The text with every occurrence of a secret, and of every {@link io.mcpfuzzer.common.RuntimeSecrets} value,
     * replaced by {@link Redactor#MASK}; null stays null.
     */
    public String mask(String text) {
        if (text == null) {
            return text;
        }
        String out = io.mcpfuzzer.common.RuntimeSecrets.mask(text, Redactor.MASK); // OAuth tokens of this run
        if (forms.isEmpty()) {
            return out;
        }
        for (String secret : forms) {
            out = out.replace(secret, Redactor.MASK); // literal, linear: no pattern is built from the secret
        }
        return maskCutSecrets(out);
    }

    /** Cut points looked at per text: the end and the first occurrences of "...". */
    private static final int MAX_CUTS = 16;
    /** Shortest start of a secret masked where a text was cut. */
    private static final int MIN_CUT_PREFIX = 6;

    /**
     * A text cut short for an excerpt ({@code "...", "...[N more chars]"}) may end in the first part
     * of a secret: that part is masked too, at the end of the text and before each {@code "..."}.
     */
    private String maskCutSecrets(String text) {
        List<Integer> cuts = new ArrayList<>();
        cuts.add(text.length());
        for (int at = text.indexOf("..."); at >= 0 && cuts.size() < MAX_CUTS; at = text.indexOf("...", at + 3)) {
            cuts.add(at);
        }
        String out = text;
        for (int i = cuts.size() - 1; i >= 0; i--) { // right to left: earlier cut points stay valid
            int cut = cuts.get(i);
            for (String secret : forms) {
                int k = longestPrefixEndingAt(out, cut, secret);
                if (k > 0) {
                    out = out.substring(0, cut - k) + Redactor.MASK + out.substring(cut);
                    break;
                }
            }
        }
        return out;
    }

    private static int longestPrefixEndingAt(String text, int cut, String secret) {
        for (int k = Math.min(secret.length() - 1, cut); k >= MIN_CUT_PREFIX; k--) {
            if (text.regionMatches(cut - k, secret, 0, k)) {
                return k;
            }
        }
        return 0;
    }
}
