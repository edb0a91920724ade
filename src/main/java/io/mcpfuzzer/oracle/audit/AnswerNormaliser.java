package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.common.Json;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;

/**
 * Normalises answers before comparing repeated calls: JSON answers are re-serialised with sorted keys,
 * then timestamps (ISO 8601, RFC 1123, plain dates and times), UUIDs, epoch seconds/milliseconds,
 * durations ({@code 12ms}, {@code 0.4 s}) and long hex ids are replaced by placeholders, and whitespace
 * runs collapse. Answers longer than {@link #MAX_CHARS} are compared on their prefix. Stateless,
 * thread-safe.
 *
 * <p>Linear time: every pattern has only bounded or single-class repetitions (no nested unbounded
 * quantifier, no group repeated more than once), starts at a word boundary, and fails or matches within a
 * bounded number of steps per start position beyond the one digit or hex run it reads; the JSON step is
 * bounded by the parse depth and {@link CanonicalJson#MAX_DEPTH}.
 */
public final class AnswerNormaliser {
    public static final int MAX_CHARS = 1 << 20;

    private static final Pattern[] PATTERNS = {
        Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(?::\\d{2}(?:[.,]\\d{1,9})?)?(?:Z|[+-]\\d{2}:?\\d{2})?\\b"),
        Pattern.compile("\\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{1,2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} \\w+"),
        Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}\\b"),
        Pattern.compile("\\b\\d{1,2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?\\b"),
        Pattern.compile("(?i)\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b"),
        Pattern.compile("\\b1\\d{9}(?:\\d{3})?(?:\\.\\d+)?\\b"),
        Pattern.compile("(?i)\\b\\d+(?:\\.\\d+)?\\s?(?:ms|µs|us|ns|s|sec|secs|seconds|milliseconds)\\b"),
        Pattern.compile("(?i)\\b[0-9a-f]{16,}\\b"),
    };
    private static final String[] PLACEHOLDERS = {"<ts>", "<ts>", "<date>", "<time>", "<uuid>", "<epoch>", "<dur>", "<hex>"};

    private AnswerNormaliser() {}

    /** Normal form of one answer; null becomes "". */
    public static String normalise(String answer) {
        if (answer == null) {
            return "";
        }
        String s = answer.length() > MAX_CHARS ? answer.substring(0, MAX_CHARS) : answer;
        String t = s.strip();
        if (t.startsWith("{") || t.startsWith("[")) {
            try {
                s = CanonicalJson.write(Json.parse(t));
            } catch (JacksonException notJson) {
                // compare as text
            }
        }
        for (int i = 0; i < PATTERNS.length; i++) {
            if (mayMatch(i, s)) {
                s = PATTERNS[i].matcher(s).replaceAll(PLACEHOLDERS[i]);
            }
        }
        return s.replaceAll("\\s+", " ").strip();
    }

    /**
     * A necessary condition for PATTERNS[i] to match anywhere in s, checked in one linear pass without a
     * regular expression, so that text without (say) a {@code dddd-} or {@code d:dd} never pays for the pass.
     */
    private static boolean mayMatch(int i, String s) {
        switch (i) {
            case 0, 2: return digitsThen(s, 4, '-');
            case 1: return s.contains(", ");
            case 3: return digitsThen(s, 1, ':');
            case 4: return s.indexOf('-') >= 0;
            case 5: return run(s, 10, false);
            case 6: return durationStart(s);
            default: return run(s, 16, true);
        }
    }

    /** Some c preceded by at least n ASCII digits. */
    private static boolean digitsThen(String s, int n, char c) {
        int digits = 0;
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch == c && digits >= n) {
                return true;
            }
            digits = ch >= '0' && ch <= '9' ? digits + 1 : 0;
        }
        return false;
    }

    /** A run of at least n ASCII digits (or hex digits). */
    private static boolean run(String s, int n, boolean hex) {
        int len = 0;
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            boolean in = (ch >= '0' && ch <= '9') || (hex && ((ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F')));
            len = in ? len + 1 : 0;
            if (len >= n) {
                return true;
            }
        }
        return false;
    }

    /** A digit followed, directly or after one whitespace, by the first letter of a duration unit. */
    private static boolean durationStart(String s) {
        for (int k = 0; k + 1 < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch >= '0' && ch <= '9') {
                char next = s.charAt(k + 1);
                if (unit(next) || (Character.isWhitespace(next) && k + 2 < s.length() && unit(s.charAt(k + 2)))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean unit(char c) {
        return "msunMSUN\u00b5".indexOf(c) >= 0;
    }
}
