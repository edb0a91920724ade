package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SeedsTest {
    @ParameterizedTest
    @ValueSource(longs = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 42})
    void derivationIsStableAndSeparatesParts(long seed) {
        assertThat(Seeds.derive(seed, "tool", "3")).isEqualTo(Seeds.derive(seed, "tool", "3"));
        assertThat(Seeds.derive(seed, "ab", "c")).isNotEqualTo(Seeds.derive(seed, "a", "bc"));
        assertThat(Seeds.derive(seed)).isNotEqualTo(Seeds.derive(seed, ""));
        assertThat(Seeds.forRun(seed, "t", Phase.REALISTIC, 1)).isNotEqualTo(Seeds.forRun(seed, "t", Phase.AGGRESSIVE, 1));
        Set<Long> children = new HashSet<>();
        for (int run = 0; run < 10_000; run++) {
            children.add(Seeds.forRun(seed, "t", Phase.REALISTIC, run));
        }
        assertThat(children).hasSize(10_000);
    }

    @org.junit.jupiter.api.Test
    void goldenValuesNeverChange() {
        // Replays of recorded runs depend on these values staying the same across versions and JVMs.
        assertThat(Seeds.derive(7, "t")).isEqualTo(6148503163224837740L);
        assertThat(Seeds.forRun(42, "echo", Phase.REALISTIC, 3)).isEqualTo(GOLDEN_RUN);
    }

    private static final long GOLDEN_RUN = 7165296068063813886L;

    @org.junit.jupiter.api.Test
    void asciiAndOtherPartsHashTheirUtf8Bytes() {
        // non-ASCII at the start, the middle and the end; a lone surrogate (encoded as '?'); the ASCII edge
        for (String part : new String[] {"", "a", "\u007f", "\u0080", "é-tool", "tool-é", "日本語", "a\ud83d\ude00b",
                "\ud800x", "x\udfff", "mixed ascii and ü"}) {
            assertThat(Seeds.derive(9, "t", part, "r")).as(part).isEqualTo(byBytes(9, "t", part, "r"));
        }
    }

    @org.junit.jupiter.api.Test
    void randomPartsGiveTheSameSeedsAsTheByteWiseOriginal() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(20261203);
        for (int round = 0; round < 20_000; round++) {
            String[] parts = new String[random.nextInt(0, 5)];
            for (int p = 0; p < parts.length; p++) {
                parts[p] = random.nextInt(20) == 0 ? null : randomText(random);
            }
            long seed = random.nextLong();
            assertThat(Seeds.derive(seed, parts)).as("round %d", round).isEqualTo(byBytes(seed, parts));
        }
    }

    /** Mostly ASCII, with the 0x7f/0x80 edge, 2- to 4-byte UTF-8 chars and lone surrogates anywhere. */
    private static String randomText(java.util.SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int length = random.nextInt(0, 24);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(8)) {
                case 0 -> text.append((char) random.nextInt(0x7e, 0x82));
                case 1 -> text.append((char) random.nextInt(0x80, 0x800));
                case 2 -> text.append((char) random.nextInt(0x800, 0xD800));
                case 3 -> text.appendCodePoint(random.nextInt(0x10000, 0x110000));
                case 4 -> text.append((char) random.nextInt(0xD800, 0xE000)); // lone surrogate: encoded as '?'
                default -> text.append((char) random.nextInt(0, 0x80));
            }
        }
        return text.toString();
    }

    /** Seeds.derive as first written: every part encoded to UTF-8, then hashed byte by byte. */
    private static long byBytes(long seed, String... parts) {
        long h = Seeds.mix(seed ^ 0x9E3779B97F4A7C15L);
        for (String part : parts) {
            byte[] bytes = String.valueOf(part).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            h = Seeds.mix(h + bytes.length + 0x9E3779B97F4A7C15L);
            for (byte b : bytes) {
                h = (h ^ (b & 0xFF)) * 0x100000001B3L;
            }
            h = Seeds.mix(h ^ 0xFFL);
        }
        return Seeds.mix(h);
    }
}
