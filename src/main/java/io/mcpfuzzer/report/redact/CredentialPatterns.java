package io.mcpfuzzer.report.redact;

import io.mcpfuzzer.common.Ascii;
import java.util.List;
import java.util.Locale;
import java.util.Set;
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
 * is linear in the text length; a rule runs only when the text contains one of its trigger literals.
 * Stateless and thread-safe.
 */
final class CredentialPatterns {
    private static final String MASK = Redactor.MASK;
    private static final Set<String> AUTH_SCHEMES = Set.of("bearer", "basic", "digest", "negotiate", "ntlm", "token");

    /** A rule runs only when the ASCII-lowered text contains one of its triggers (every match contains one). */
    private record Rule(Pattern pattern, Function<MatchResult, String> replacement, String... triggers) {}

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY-----[\\s\\S]*?(?:-----END \\1PRIVATE KEY-----|\\z)"),
                    m -> "-----BEGIN " + m.group(1) + "PRIVATE KEY-----" + MASK + "-----END " + m.group(1) + "PRIVATE KEY-----",
                    "-----begin "),
            new Rule(Pattern.compile("\\b([A-Za-z][A-Za-z0-9+.-]{0,30}://)[^/\\s:@?#\"'<>]{0,256}:[^/\\s@?#\"'<>]{0,512}@"),
                    m -> m.group(1) + MASK + "@", "://"),
            new Rule(Pattern.compile("\\b(Bearer|Basic|Digest|Negotiate|NTLM)(\\s{1,4})([A-Za-z0-9._~+/=-]{6,8192})",
                            Pattern.CASE_INSENSITIVE),
                    CredentialPatterns::authScheme, "bearer", "basic", "digest", "negotiate", "ntlm"),
            new Rule(Pattern.compile("(?i)\\b(cookie|set-cookie)(\\s{0,4}:\\s{0,4})([^\\r\\n\"]{1,8192})"),
                    m -> m.group(1) + m.group(2) + MASK, "cookie"),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_.-]{0,63})([\"']?\\s{0,4}[:=]\\s{0,4}[\"']?)"
                            + "([^\\s\"'&,;<>{}\\[\\]()]{1,8192})"),
                    CredentialPatterns::keyValue, ":", "="),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_-])(--?[A-Za-z][A-Za-z0-9_-]{0,63})(\\s{1,4})([^\\s\\-\\[][^\\s]{0,8191})"),
                    CredentialPatterns::keyValue, "-"),
            new Rule(Pattern.compile("(?i)([?&;#](?:key|sig|signature|x-amz-signature|x-amz-credential|code)=)([^&#\\s\"'<>]{1,8192})"),
                    m -> m.group(1) + MASK, "key=", "sig", "credential=", "code="),
            new Rule(Pattern.compile("\\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\\b"), m -> MASK,
                    "akia", "asia", "agpa", "aida", "aroa", "anpa", "anva", "aipa"),
            new Rule(Pattern.compile("\\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\\b"), m -> MASK,
                    "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
            new Rule(Pattern.compile("\\bxox[abposre]-[A-Za-z0-9-]{10,255}"), m -> MASK, "xox"),
            new Rule(Pattern.compile("\\bsk-[A-Za-z0-9_-]{20,255}"), m -> MASK, "sk-"),
            new Rule(Pattern.compile("\\b[rsp]k_(?:live|test)_[A-Za-z0-9]{10,255}"), m -> MASK, "k_live_", "k_test_"),
            new Rule(Pattern.compile("\\bAIza[0-9A-Za-z_-]{35}"), m -> MASK, "aiza"),
            new Rule(Pattern.compile("\\beyJ[A-Za-z0-9_-]{5,8192}\\.eyJ[A-Za-z0-9_-]{5,16384}\\.[A-Za-z0-9_-]{0,8192}"),
                    m -> MASK, "eyj"));

    private CredentialPatterns() {}

    static String apply(String text) {
        String out = text;
        String lowered = Ascii.lower(out);
        for (Rule rule : RULES) {
            if (!Ascii.containsAny(lowered, rule.triggers())) {
                continue;
            }
            Matcher matcher = rule.pattern().matcher(out);
            if (matcher.find()) {
                out = matcher.replaceAll(m -> Matcher.quoteReplacement(rule.replacement().apply(m)));
                lowered = Ascii.lower(out);
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
        String value = m.group(3);
        if (!CredentialKeys.isSensitive(name) || AUTH_SCHEMES.contains(value.toLowerCase(Locale.ROOT))
                || value.startsWith(MASK)) {
            return m.group();
        }
        return name + m.group(2) + MASK;
    }
}
