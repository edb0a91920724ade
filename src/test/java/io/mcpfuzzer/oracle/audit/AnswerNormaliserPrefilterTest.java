package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Skipping a pass when its cheap necessary condition fails never changes the normal form. */
@Execution(ExecutionMode.CONCURRENT)
class AnswerNormaliserPrefilterTest {
    private static final Pattern[] PATTERNS = {
        Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(?::\\d{2}(?:[.,]\\d{1,9})?)?(?:Z|[+-]\\d{2}:?\\d{2})?\\b"),
        Pattern.compile("\\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{1,2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} \\w+"),
        Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}\\b"),
        Pattern.compile("\\b\\d{1,2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?\\b"),
        Pattern.compile("(?i)\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b"),
        Pattern.compile("\\b1\\d{9}(?:\\d{3})?(?:\\.\\d+)?\\b"),
        Pattern.compile("(?i)\\b\\d+(?:\\.\\d+)?\\s?(?:ms|\u00b5s|us|ns|s|sec|secs|seconds|milliseconds)\\b"),
        Pattern.compile("(?i)\\b[0-9a-f]{16,}\\b"),
    };
    private static final String[] PLACEHOLDERS = {"<ts>", "<ts>", "<date>", "<time>", "<uuid>", "<epoch>", "<dur>", "<hex>"};
    private static final String[] PIECES = {"2024-01-02", "T", " ", "10:11:12", ".5", "Z", "+01:00", "Tue, 3 Jan 2024 ",
        "deadbeef-dead-beef-dead-beefdeadbeef", "1700000000", "000", "12", " ms", "s", "\u00b5s", "ABCDEF0123456789",
        "x", "-", ":", ",", "\n", "%41", "&#65;", "{\"a\":1}", "9"};

    @Test
    void prefilteredPassesEqualUnconditionalPasses() {
        SplittableRandom rnd = new SplittableRandom(9);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder sb = new StringBuilder();
            int pieces = rnd.nextInt(1, 25);
            for (int i = 0; i < pieces; i++) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            String text = "x " + sb;
            assertThat(AnswerNormaliser.normalise(text)).as(text).isEqualTo(reference(text));
        }
    }

    private static String reference(String text) {
        String s = text;
        for (int i = 0; i < PATTERNS.length; i++) {
            s = PATTERNS[i].matcher(s).replaceAll(PLACEHOLDERS[i]);
        }
        return s.replaceAll("\\s+", " ").strip();
    }
}
