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
    /** Patterns whose every match contains an ASCII digit (skipped on text without one). */
    private static final boolean[] NEEDS_DIGIT = {true, true, true, true, false, true, true, false};
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
        boolean digits = s.chars().anyMatch(c -> c >= '0' && c <= '9');
        for (int i = 0; i < PATTERNS.length; i++) {
            if (digits || !NEEDS_DIGIT[i]) {
                s = PATTERNS[i].matcher(s).replaceAll(PLACEHOLDERS[i]);
            }
        }
        return s.replaceAll("\\s+", " ").strip();
    }
}
