package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The trigger prefilters and the near-anchor search find exactly the first match the plain patterns find
 * (random texts built from the markers' own words, separators and filler).
 */
@Execution(ExecutionMode.CONCURRENT)
class InjectionMarkersTriggersTest {
    private static final String[] PIECES = {"send ", "read ", "upload ", "cat ", "the ", "api key", " secrets",
        "~/.ssh/id_rsa", ".env", "process.env ", "private   keys", ". ", ".x", "\n", "x".repeat(30), "ignore ",
        "previous ", "instructions", "user ", "do not tell ", "tool ", "SEND ", "ſend ", "Ignore ", "<important>",
        "you must ", "first ", "always ", "before using this tool ", "when using the x tool", "<|im_start|>"};

    @Test
    void prefilteredScanEqualsThePlainPatterns() {
        SplittableRandom rnd = new SplittableRandom(5);
        int matched = 0;
        for (int round = 0; round < 5_000; round++) {
            StringBuilder sb = new StringBuilder();
            int pieces = rnd.nextInt(1, 40);
            for (int i = 0; i < pieces; i++) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            String text = sb.toString();
            for (Map<String, Pattern> set : java.util.List.of(InjectionMarkers.POISONING, InjectionMarkers.SECRET_PATHS,
                    InjectionMarkers.CONDITIONING)) {
                for (Map.Entry<String, Pattern> e : set.entrySet()) {
                    Matcher m = e.getValue().matcher(text);
                    String expected = m.find() ? m.start() + ":" + Snippet.escape(m.group()) : "none";
                    var hits = InjectionMarkers.scan(Map.of(e.getKey(), e.getValue()), text, 1);
                    String actual = hits.isEmpty() ? "none" : hits.get(0).offset() + ":" + hits.get(0).match();
                    assertThat(actual).as(e.getKey() + " in " + text).isEqualTo(expected);
                    matched += expected.equals("none") ? 0 : 1;
                }
            }
        }
        assertThat(matched).isGreaterThan(1_000);
    }
}
