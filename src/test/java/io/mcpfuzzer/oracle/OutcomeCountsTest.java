package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OutcomeCountsTest {
    @Test
    void countsPerOutcomeAndPerTarget() {
        OutcomeCounts c = new OutcomeCounts();
        c.add("tool:a", "ok");
        c.add("tool:a", "crash");
        c.add("tool:b", "ok");
        c.add("tool:b", null);
        assertThat(c.total()).isEqualTo(4);
        assertThat(c.outcomes()).containsExactly(Map.entry("crash", 1L), Map.entry("ok", 2L), Map.entry("unknown", 1L));
        assertThat(c.perTarget()).containsOnlyKeys("tool:a", "tool:b");
        assertThat(c.perTarget().get("tool:a")).containsExactly(Map.entry("crash", 1L), Map.entry("ok", 1L));
    }

    @Test
    void theTargetAfterMaxTargetsIsCountedUnderOther() {
        OutcomeCounts c = new OutcomeCounts();
        for (int i = 0; i < OutcomeCounts.MAX_TARGETS; i++) {
            c.add("tool:t" + i, "ok");
        }
        assertThat(c.perTarget()).hasSize(OutcomeCounts.MAX_TARGETS).doesNotContainKey(OutcomeCounts.OTHER);
        c.add("tool:t0", "crash"); // a known target still gets its own bucket
        c.add("tool:one-too-many", "ok");
        assertThat(c.perTarget()).hasSize(OutcomeCounts.MAX_TARGETS + 1)
                .doesNotContainKey("tool:one-too-many").containsKey(OutcomeCounts.OTHER);
        assertThat(c.perTarget().get(OutcomeCounts.OTHER)).containsExactly(Map.entry("ok", 1L));
        assertThat(c.perTarget().get("tool:t0")).containsEntry("crash", 1L);
        assertThat(c.total()).isEqualTo(OutcomeCounts.MAX_TARGETS + 2L);
    }
}
