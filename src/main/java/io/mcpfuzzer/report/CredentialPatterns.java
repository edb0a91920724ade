package io.mcpfuzzer.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
     * {@code cues} (necessary literals, lower case ASCII), looked for in the ASCII-lower-cased text,
     * or for the credential-name rules ({@code keyed}) in that text without {@code _ . -}. Every
     * rule's pattern matches ASCII letters only, so ASCII case folding is enough. Most answers
     * contain no cue at all, so the regexes are skipped (the redaction was most of the fuzzer's CPU
     * per run).
     */
    private record Rule(Pattern pattern, Function<MatchResult, String> replacement, boolean keyed, List<String> cues) {
        Rule(Pattern pattern, Function<MatchResult, String> replacement, List<String> cues) {
            this(pattern, replacement, false, cues);
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

    /**
     * Finds the cues present in a text in one pass over it, without copying it: each cue has a bit
     * (plain cues and joined cues apart), cues are indexed by their first char.
     */
    private static final class Cues {
        /** Per rule of the list given to the constructor, the bits of its cues. */
        private final long[] ruleMasks;
        private final String[][] plainByFirst = new String[128][];
        private final long[][] plainBits = new long[128][];
        private final String[][] joinedByFirst = new String[128][];
        private final long[][] joinedBits = new long[128][];

        Cues(List<Rule> rules) {
            Map<String, Long> bits = new TreeMap<>();
            ruleMasks = new long[rules.size()];
            for (int r = 0; r < rules.size(); r++) {
                Rule rule = rules.get(r);
                for (String cue : rule.cues()) {
                    String key = (rule.keyed() ? "j:" : "p:") + cue;
                    if (!bits.containsKey(key)) {
                        if (bits.size() == Long.SIZE) {
                            throw new IllegalStateException("more than 64 cues");
                        }
                        bits.put(key, 1L << bits.size());
                    }
                    ruleMasks[r] |= bits.get(key);
                }
            }
            Map<Character, List<String>> plain = new TreeMap<>();
            Map<Character, List<String>> joined = new TreeMap<>();
            bits.keySet().forEach(key -> (key.startsWith("j:") ? joined : plain)
                    .computeIfAbsent(key.charAt(2), k -> new ArrayList<>()).add(key.substring(2)));
            fill(plain, "p:", bits, plainByFirst, plainBits);
            fill(joined, "j:", bits, joinedByFirst, joinedBits);
        }

        private static void fill(Map<Character, List<String>> index, String prefix, Map<String, Long> bits,
                String[][] byFirst, long[][] bitsByFirst) {
            index.forEach((first, list) -> {
                byFirst[first] = list.toArray(String[]::new);
                bitsByFirst[first] = list.stream().mapToLong(cue -> bits.get(prefix + cue)).toArray();
            });
        }

        /** True when the text's cue bits {@code found} include one of rule {@code index}'s. */
        boolean mayMatch(long found, int index) {
            return (found & ruleMasks[index]) != 0;
        }

        /** The bits of the cues in {@code text}. */
        long of(String text) {
            long found = 0;
            int n = text.length();
            for (int i = 0; i < n; i++) {
                char c = lower(text.charAt(i));
                if (c >= 128) {
                    continue;
                }
                String[] plain = plainByFirst[c];
                if (plain != null) {
                    for (int k = 0; k < plain.length; k++) {
                        if (text.regionMatches(true, i, plain[k], 0, plain[k].length())) {
                            found |= plainBits[c][k];
                        }
                    }
                }
                String[] joined = joinedByFirst[c];
                if (joined != null) {
                    for (int k = 0; k < joined.length; k++) {
                        if (joinedMatch(text, i, joined[k])) {
                            found |= joinedBits[c][k];
                        }
                    }
                }
            }
            return found;
        }

        /**
         * ASCII folding, as the patterns' (no Unicode case); {@code regionMatches} folds a little more
         * (the Kelvin sign is a 'k'), which only costs a regex run.
         */
        private static char lower(char c) {
            return c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
        }

        /** The cue at {@code at}, its chars possibly separated by {@code _ . -} (the first char is at {@code at}). */
        private static boolean joinedMatch(String text, int at, String cue) {
            int j = at + 1;
            for (int k = 1; k < cue.length(); k++) {
                while (j < text.length() && isJoiner(text.charAt(j))) {
                    j++;
                }
                if (j >= text.length() || lower(text.charAt(j)) != cue.charAt(k)) {
                    return false;
                }
                j++;
            }
            return true;
        }

        private static boolean isJoiner(char c) {
            return c == '_' || c == '.' || c == '-';
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

    private static final Cues CUES = new Cues(RULES);

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
        long cues = useCues ? CUES.of(text) : -1L;
        for (int r = 0; r < RULES.size(); r++) {
            Rule rule = RULES.get(r);
            if (!CUES.mayMatch(cues, r)) {
                continue;
            }
            Matcher matcher = rule.pattern().matcher(out);
            if (matcher.find()) {
                out = matcher.replaceAll(m -> Matcher.quoteReplacement(rule.replacement().apply(m)));
                cues = useCues ? CUES.of(out) : -1L;
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
