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
}
