package io.mcpfuzzer.report;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds credential-shaped text anywhere in a string and replaces only the secret part with
 * {@link Redactor#MASK}: private key blocks, URL user info, {@code Bearer}/{@code Basic}
 * credentials, credential headers, {@code key=value} and {@code --option value} pairs whose name
 * is a credential ({@link CredentialKeys}), signed-URL parameters, AWS access key ids, GitHub,
 * Slack, OpenAI-style, Stripe and Google API keys, and JWTs. Quantifiers are bounded, so the cost
 * is linear in the text length. Stateless and thread-safe.
 */
final class CredentialPatterns {
    private static final String MASK = Redactor.MASK;
    /** Credential key names that are also everyday words in error messages. */
    private static final Set<String> GENERIC_WORDS = Set.of("token", "session", "secret", "credential", "credentials",
            "assertion", "cookie", "cookies", "setcookie", "key");
    private static final Set<String> AUTH_SCHEMES = Set.of("bearer", "basic", "digest", "negotiate", "ntlm", "token");

    /**
     * A rule and its cheap pre-check: the rule can only match if the text contains one of its
     * {@code cues} (necessary literals, lower case), looked for in the lower-cased text, or for the
     * credential-name rules ({@code keyed}) in the lower-cased text without {@code _ . -}. Most
     * answers contain no cue at all, so the regexes are skipped (the redaction was most of the
     * fuzzer's CPU per run).
     */
    private record Rule(Pattern pattern, Function<MatchResult, String> replacement, boolean keyed, List<String> cues) {
        Rule(Pattern pattern, Function<MatchResult, String> replacement, List<String> cues) {
            this(pattern, replacement, false, cues);
        }

        boolean mayMatch(Cues found) {
            Set<String> hits = keyed ? found.inJoined() : found.inLower();
            for (String cue : cues) {
                if (hits.contains(cue)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Every name {@link CredentialKeys#isSensitive} accepts contains one of these once lower-cased
     * and stripped of {@code _ . -} (its words joined): the key=value and option rules need one.
     */
    private static final List<String> KEY_STEMS = List.of("auth", "key", "token", "secret", "passw", "pwd",
            "passphrase", "cookie", "session", "credential", "assertion");
    private static List<String> cues(String... literals) {
        return List.of(literals);
    }

    /** The cues present in a text, found in one pass over it (cues indexed by their first char). */
    private record Cues(Set<String> inLower, Set<String> inJoined) {
        static Cues of(String text) {
            String lower = text.toLowerCase(Locale.ROOT);
            StringBuilder joined = new StringBuilder(lower.length());
            for (int i = 0; i < lower.length(); i++) {
                char c = lower.charAt(i);
                if (c != '_' && c != '.' && c != '-') {
                    joined.append(c);
                }
            }
            return new Cues(find(lower, LOWER_BY_FIRST), find(joined, JOINED_BY_FIRST));
        }

        private static Set<String> find(CharSequence text, String[][] byFirst) {
            Set<String> found = new HashSet<>();
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c < byFirst.length && byFirst[c] != null) {
                    for (String cue : byFirst[c]) {
                        if (regionMatches(text, i, cue)) {
                            found.add(cue);
                        }
                    }
                }
            }
            return found;
        }

        private static boolean regionMatches(CharSequence text, int at, String cue) {
            if (at + cue.length() > text.length()) {
                return false;
            }
            for (int k = 1; k < cue.length(); k++) {
                if (text.charAt(at + k) != cue.charAt(k)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY-----[\\s\\S]*?(?:-----END \\1PRIVATE KEY-----|\\z)"),
                    m -> "-----BEGIN " + m.group(1) + "PRIVATE KEY-----" + MASK + "-----END " + m.group(1) + "PRIVATE KEY-----", cues("private key")),
            new Rule(Pattern.compile("\\b([A-Za-z][A-Za-z0-9+.-]{0,30}://)[^/\\s:@?#\"'<>]{0,256}:[^/\\s@?#\"'<>]{0,512}@"),
                    m -> m.group(1) + MASK + "@", cues("://")),
            new Rule(Pattern.compile("\\b(Bearer|Basic|Digest|Negotiate|NTLM)(\\s{1,4})([A-Za-z0-9._~+/=-]{8,8192})",
                            Pattern.CASE_INSENSITIVE),
                    CredentialPatterns::authScheme, cues("bearer", "basic", "digest", "negotiate", "ntlm")),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_.\\\\])([A-Za-z_][A-Za-z0-9_.-]{0,63})([\"']?\\s{0,4}[:=]\\s{0,4}[\"']?)"
                            + "([A-Za-z0-9][^\\s\"'&,;<>{}\\[\\]()\\\\]{3,8191})"),
                    CredentialPatterns::keyValue, true, KEY_STEMS),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_-])(--?[A-Za-z][A-Za-z0-9_-]{0,63})(\\s{1,4})([^\\s\\-\\[][^\\s]{0,8191})"),
                    CredentialPatterns::keyValue, true, KEY_STEMS),
            new Rule(Pattern.compile("(?i)([?&;#](?:key|sig|signature|x-amz-signature|x-amz-credential|code)=)([^&#\\s\"'<>]{1,8192})"),
                    m -> m.group(1) + MASK, cues("key=", "sig=", "signature=", "x-amz-", "code=")),
            new Rule(Pattern.compile("\\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\\b"), m -> MASK, cues("akia", "asia", "agpa", "aida", "aroa", "anpa", "anva", "aipa")),
            new Rule(Pattern.compile("\\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\\b"), m -> MASK, cues("gh", "github_pat_")),
            new Rule(Pattern.compile("\\bxox[abposre]-[A-Za-z0-9-]{10,255}"), m -> MASK, cues("xox")),
            new Rule(Pattern.compile("\\bsk-[A-Za-z0-9_-]{20,255}"), m -> MASK, cues("sk-")),
            new Rule(Pattern.compile("\\b[rsp]k_(?:live|test)_[A-Za-z0-9]{10,255}"), m -> MASK, cues("k_live_", "k_test_")),
            new Rule(Pattern.compile("\\bAIza[0-9A-Za-z_-]{35}"), m -> MASK, cues("aiza")),
            new Rule(Pattern.compile("\\beyJ[A-Za-z0-9_-]{5,8192}\\.eyJ[A-Za-z0-9_-]{5,16384}\\.[A-Za-z0-9_-]{0,8192}"),
                    m -> MASK, cues("eyj")));

    private static final String[][] LOWER_BY_FIRST = byFirst(false);
    private static final String[][] JOINED_BY_FIRST = byFirst(true);

    private static String[][] byFirst(boolean keyed) {
        Map<Character, Set<String>> index = new TreeMap<>();
        for (Rule rule : RULES) {
            if (rule.keyed() == keyed) {
                rule.cues().forEach(cue -> index.computeIfAbsent(cue.charAt(0), k -> new TreeSet<>()).add(cue));
            }
        }
        String[][] table = new String[128][];
        index.forEach((first, cues) -> table[first] = cues.toArray(String[]::new));
        return table;
    }

    private CredentialPatterns() {}

    static String apply(String text) {
        return apply(text, true);
    }

    /** The same rules without the cues: the reference the cues are tested against. */
    static String applyEveryRule(String text) {
        return apply(text, false);
    }

    private static String apply(String text, boolean useCues) {
        String out = text;
        Cues cues = useCues ? Cues.of(text) : null;
        for (Rule rule : RULES) {
            if (useCues && !rule.mayMatch(cues)) {
                continue;
            }
            Matcher matcher = rule.pattern().matcher(out);
            if (matcher.find()) {
                out = matcher.replaceAll(m -> Matcher.quoteReplacement(rule.replacement().apply(m)));
                cues = useCues ? Cues.of(out) : null;
            }
        }
        return out;
    }

    private static String authScheme(MatchResult m) {
        String token = m.group(3);
        boolean bearer = m.group(1).equalsIgnoreCase("bearer");
        if (bearer || looksEncoded(token)) {
            return m.group(1) + m.group(2) + MASK;
        }
        return m.group();
    }

    /** Base64 or hex credential rather than an English word ("Basic Authentication"). */
    private static boolean looksEncoded(String token) {
        int upper = 0;
        int lower = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (Character.isDigit(c) || c == '+' || c == '/' || c == '=') {
                return true;
            }
            upper += Character.isUpperCase(c) ? 1 : 0;
            lower += Character.isLowerCase(c) ? 1 : 0;
        }
        return upper >= 2 && lower >= 2;
    }

    private static String keyValue(MatchResult m) {
        String name = m.group(1);
        String separator = m.group(2);
        String value = m.group(3);
        if (!CredentialKeys.isSensitive(name) || AUTH_SCHEMES.contains(value.toLowerCase(Locale.ROOT))
                || value.startsWith(MASK) || prose(name, separator)) {
            return m.group();
        }
        return name + separator + MASK;
    }

    /**
     * A generic word followed by an unquoted colon is prose ("unrecognized token: x", "session: 3
     * users"), not a credential field; {@code token=x}, {@code "token": "x"} and specific names
     * ({@code api_key: x}, {@code password: x}) still count.
     */
    private static boolean prose(String name, String separator) {
        String sep = separator.strip();
        boolean bareColon = sep.startsWith(":");
        return bareColon && GENERIC_WORDS.contains(String.join("", CredentialKeys.words(name)));
    }
}
