package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import org.junit.jupiter.api.Test;

/** Growth is a least-squares slope per call over enough growth; fluctuation, restarts and short steps are not. */
class ToolMemoryTest {
    private static final long BASE = 60_000;

    @Test
    void aToolKeepingOneMebibytePerCallIsASuspectWithTheInputOfItsBiggestRise() {
        ToolMemory m = new ToolMemory();
        for (int i = 0; i < 40; i++) {
            long rise = i == 17 ? 3_000 : 1_024;
            m.record("leak", 1, Json.object().put("i", i), i, BASE + 1_024L * i + (i >= 17 ? rise - 1_024 : 0));
        }
        ToolMemory.Suspect s = m.suspect("leak");
        assertThat(s).isNotNull();
        assertThat(s.fit().slopeKbPerCall()).isBetween(1_000.0, 1_200.0);
        assertThat(s.fit().growthKb()).isGreaterThan(ToolMemory.TOTAL_KB);
        assertThat(s.input().path("i").asInt()).isEqualTo(17);
        assertThat(s.run()).isEqualTo(17);
    }

    @Test
    void memoryThatGoesUpAndDownIsNot() {
        ToolMemory m = new ToolMemory();
        for (int i = 0; i < 80; i++) {
            m.record("churn", 1, null, i, BASE + (i % 2 == 0 ? 8_192 : 0) + (i % 7) * 1_024);
        }
        assertThat(m.suspect("churn")).isNull();
    }

    @Test
    void aSteepButSmallRiseIsNotAndRestartsAreJudgedApart() {
        ToolMemory m = new ToolMemory();
        for (int i = 0; i < 20; i++) { // 512 kB per call but only 10 MiB in all
            m.record("small", 1, null, i, BASE + 512L * i);
        }
        assertThat(m.suspect("small")).isNull();
        ToolMemory r = new ToolMemory();
        for (int i = 0; i < 60; i++) { // each incarnation restarts low: a saw tooth across restarts, flat inside each
            r.record("crashy", i / 6, null, i, BASE + (i % 6) * 100);
        }
        assertThat(r.suspect("crashy")).isNull();
    }

    /** server-memory on Node 22: V8's heap expanding by about 469 kB per call over 36 calls, with no leak. */
    @Test
    void aGarbageCollectedHeapExpandingIsNot() {
        ToolMemory m = new ToolMemory();
        for (int i = 0; i < 36; i++) {
            m.record("delete_entities", 1, null, i, BASE + 469L * i);
        }
        assertThat(m.suspect("delete_entities")).isNull();
    }

    @Test
    void theReplayConfirmsOnlyContinuedGrowth() {
        long[] x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        long[] flat = {BASE, BASE + 300, BASE - 200, BASE, BASE + 100, BASE, BASE - 100, BASE + 200, BASE, BASE};
        long[] growing = new long[10];
        for (int i = 0; i < 10; i++) {
            growing[i] = BASE + 1_024L * i;
        }
        assertThat(ToolMemory.confirmed(ToolMemory.fit(x, flat))).isFalse();
        assertThat(ToolMemory.confirmed(ToolMemory.fit(x, growing))).isTrue();
        assertThat(ToolMemory.fit(new long[] {1}, new long[] {1})).isNull();
    }

    @Test
    void samplesStayBoundedAndSpanTheCalls() {
        ToolMemory m = new ToolMemory();
        int n = ToolMemory.MAX_SAMPLES * 3;
        for (int i = 0; i < n; i++) {
            m.record("long", 1, null, i, BASE + 512L * i);
        }
        ToolMemory.Suspect s = m.suspect("long");
        assertThat(s.fit().samples()).isLessThanOrEqualTo(ToolMemory.MAX_SAMPLES);
        assertThat(s.fit().lastKb() - s.fit().firstKb()).isGreaterThan(512L * (n - n / 8));
        m.forget("long");
        assertThat(m.suspect("long")).isNull();
    }
}
