package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The hand scanners find exactly the runs of the regular expressions they replace (short random texts). */
class EncodedRunsTest {
    private static final Map<EncodedRuns.Kind, Pattern> REFERENCE = Map.of(
            EncodedRuns.Kind.BASE64, Pattern.compile("(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])"),
            EncodedRuns.Kind.HEX, Pattern.compile("(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){12,}(?![0-9A-Fa-f])"),
            EncodedRuns.Kind.X_ESCAPES, Pattern.compile("(?:\\\\x[0-9A-Fa-f]{2}){6,}"),
            EncodedRuns.Kind.PERCENT, Pattern.compile("[^\\s%]*(?:%[0-9A-Fa-f]{2}[^\\s%]*){3,}"),
            EncodedRuns.Kind.U_ESCAPES, Pattern.compile("(?:\\\\u[0-9A-Fa-f]{4}){4,}"),
            EncodedRuns.Kind.ENTITIES, Pattern.compile("(?:&#(?:x[0-9A-Fa-f]{1,6}|[0-9]{1,7});){4,}"));

    private static final String[] PIECES = {"%", "4", "1", "z", " ", "&#", "x", ";", "\\x", "\\u", "=", "A", "-", "\n",
        "%41", "&#65;", "&#x41;", "\\x41", "\\u0041", "abcdef", "0123456789", "Zm9v", "_", "+/"};

    @Test
    void scannersAgreeWithTheReferencePatterns() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int round = 0; round < 20_000; round++) {
            StringBuilder sb = new StringBuilder();
            int pieces = rnd.nextInt(1, 40);
            for (int i = 0; i < pieces; i++) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            String text = sb.toString();
            for (Map.Entry<EncodedRuns.Kind, Pattern> e : REFERENCE.entrySet()) {
                assertThat(scanner(e.getKey(), text)).as(e.getKey() + " on " + text).isEqualTo(reference(e.getValue(), text));
            }
        }
    }

    private static List<String> reference(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.start() + ":" + m.group());
        }
        return out;
    }

    private static List<String> scanner(EncodedRuns.Kind kind, String text) {
        List<String> out = new ArrayList<>();
        int from = 0;
        int[] run;
        while ((run = kind.next(text, from)) != null) {
            out.add(run[0] + ":" + text.substring(run[0], run[1]));
            from = Math.max(run[1], run[0] + 1);
        }
        return out;
    }
}
