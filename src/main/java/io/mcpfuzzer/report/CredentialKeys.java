package io.mcpfuzzer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Decides whether a map key, header name, query parameter or option names a credential, by
 * exact names and word-boundary rules, never by substring: {@code max_tokens},
 * {@code progressToken}, {@code tokenizer}, {@code token_endpoint}, {@code passwordless_hint} and
 * {@code nextPageToken} are not credentials; {@code Authorization}, {@code x-api-key},
 * {@code access_token}, {@code GITHUB_TOKEN} and {@code client_secret} are.
 *
 * <p>A key is split into lower-case words at {@code _ - . space} and camelCase boundaries. It is
 * sensitive when (1) its words joined are an exact credential name, (2) its last words are a
 * credential suffix ({@code password}, {@code secret}, {@code api key}, {@code private key},
 * {@code cookie}, {@code token}...) where a trailing {@code token} is not qualified by a
 * non-credential word ({@code progress}, {@code page}, {@code next}, {@code max}...), or (3) its
 * first word is {@code password}/{@code passwd}. Stateless and thread-safe.
 */
public final class CredentialKeys {
    private static final Pattern SPLIT = Pattern.compile(
            "[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])");

    private static final Set<String> EXACT = Set.of(
            "authorization", "proxyauthorization", "apikey", "xapikey", "token", "accesstoken",
            "refreshtoken", "idtoken", "authtoken", "xauthtoken", "bearertoken", "sessiontoken",
            "apitoken", "secret", "clientsecret", "password", "passwd", "pwd", "passphrase", "cookie",
            "cookies", "setcookie", "session", "privatekey", "secretkey", "secretaccesskey",
            "credential", "credentials", "securitytoken", "xamzsecuritytoken", "csrftoken",
            "xcsrftoken", "xsrftoken", "xxsrftoken", "clientassertion", "assertion");

    private static final List<List<String>> SUFFIXES = List.of(
            List.of("password"), List.of("passwd"), List.of("passphrase"), List.of("secret"),
            List.of("apikey"), List.of("api", "key"), List.of("private", "key"), List.of("privatekey"),
            List.of("secret", "key"), List.of("secret", "access", "key"), List.of("cookie"),
            List.of("credentials"));

    private static final Set<String> FIRST_WORDS = Set.of("password", "passwd");

    /** Words that make a trailing "token" a protocol or model field rather than a credential. */
    private static final Set<String> NON_CREDENTIAL_TOKEN_QUALIFIERS = Set.of(
            "progress", "page", "next", "prev", "previous", "continuation", "cursor", "sync", "resume",
            "max", "min", "num", "total", "count", "cancel", "cancellation", "stop", "pad", "eos", "bos",
            "unk", "mask", "sep", "cls", "special", "start", "end", "input", "output", "prompt",
            "completion", "context", "last", "first", "reasoning", "cache", "cached");

    private CredentialKeys() {}

    /** True when the key names a credential; null or blank keys are not sensitive. */
    public static boolean isSensitive(String key) {
        if (key == null || key.isBlank() || key.length() > 256) {
            return false;
        }
        List<String> words = words(key);
        if (words.isEmpty()) {
            return false;
        }
        if (EXACT.contains(String.join("", words)) || FIRST_WORDS.contains(words.get(0))) {
            return true;
        }
        for (List<String> suffix : SUFFIXES) {
            if (endsWith(words, suffix)) {
                return true;
            }
        }
        String last = words.get(words.size() - 1);
        if (last.equals("token")) {
            return words.size() == 1 || !NON_CREDENTIAL_TOKEN_QUALIFIERS.contains(words.get(words.size() - 2));
        }
        return false;
    }

    static List<String> words(String key) {
        List<String> words = new ArrayList<>();
        for (String part : SPLIT.split(key.strip())) {
            if (!part.isEmpty()) {
                words.add(part.toLowerCase(Locale.ROOT));
            }
        }
        return words;
    }

    private static boolean endsWith(List<String> words, List<String> suffix) {
        int offset = words.size() - suffix.size();
        return offset >= 0 && words.subList(offset, words.size()).equals(suffix);
    }
}
