package io.mcpfuzzer.oracle;

import java.util.regex.Pattern;

/**
 * Normalises an answer before comparing repeated identical calls: removes the JSON-RPC id and
 * values that legitimately change between calls (timestamps, UUIDs, long hex ids, durations).
 */
public final class AnswerNormalizer {
    private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\"[^\"]*\"|-?\\d+)");
    private static final Pattern ISO_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:?\\d{2})?");
    private static final Pattern UUID = Pattern.compile("(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern HEX = Pattern.compile("(?i)\\b[0-9a-f]{16,}\\b");
    private static final Pattern EPOCH = Pattern.compile("\\b1[6-9]\\d{8}(\\d{3})?\\b");
    private static final Pattern DURATION = Pattern.compile("\\b\\d+(\\.\\d+)?\\s?(ms|s|µs|ns)\\b");

    private AnswerNormalizer() {}

    public static String normalize(String answer) {
        if (answer == null) {
            return "";
        }
        String s = ID.matcher(answer).replaceAll("\"id\":0");
        s = ISO_TIME.matcher(s).replaceAll("<time>");
        s = UUID.matcher(s).replaceAll("<uuid>");
        s = HEX.matcher(s).replaceAll("<hex>");
        s = EPOCH.matcher(s).replaceAll("<epoch>");
        return DURATION.matcher(s).replaceAll("<duration>");
    }
}
