package io.mcpfuzzer.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AsciiTest {
    @Test
    void containsLinearAgreesWithStringContains() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int round = 0; round < 20_000; round++) {
            String text = random(rnd, rnd.nextInt(0, 30));
            String needle = random(rnd, rnd.nextInt(0, 6));
            assertThat(Ascii.containsLinear(text, needle)).as(text + " / " + needle).isEqualTo(text.contains(needle));
        }
    }

    @Test
    void selfSimilarNeedlesInHostileAnswers() {
        String needle = "[".repeat(2_000) + "1";
        assertThat(Ascii.containsLinear("[".repeat(1_000_000), needle)).isFalse();
        assertThat(Ascii.containsLinear("[".repeat(1_000_000) + "1", needle)).isTrue();
    }

    @Test
    void lowerKeepsOffsets() {
        assertThat(Ascii.lower("ORA-İ12")).isEqualTo("ora-İ12").hasSize(7);
    }

    private static String random(SplittableRandom rnd, int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            sb.append("ab[".charAt(rnd.nextInt(3)));
        }
        return sb.toString();
    }
}
