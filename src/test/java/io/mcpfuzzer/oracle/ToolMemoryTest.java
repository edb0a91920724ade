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
        int n = ToolMemory.REPLAY_CALLS;
        long[] x = new long[n];
        long[] flat = new long[n];
        long[] growing = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = i + 1;
            flat[i] = BASE + (i % 5) * 100 - 200;
            growing[i] = BASE + 1_024L * i;
        }
        assertThat(ToolMemory.confirmed(x, flat)).isFalse();
        assertThat(ToolMemory.confirmed(x, growing)).isTrue();
        assertThat(ToolMemory.confirmed(new long[] {1, 2, 3}, new long[] {1, 2_000, 4_000})).isFalse();
        assertThat(ToolMemory.fit(new long[] {1}, new long[] {1})).isNull();
    }

    /** A bounded cache filling up (or a heap expanding to its next collection): steep at first, then level. */
    @Test
    void growthThatLevelsOffInTheReplayIsNotConfirmed() {
        int n = ToolMemory.REPLAY_CALLS;
        long[] x = new long[n];
        long[] levelling = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = i + 1;
            levelling[i] = BASE + 2_048L * Math.min(i, 24); // 2 MiB per call for 24 calls, then full
        }
        assertThat(ToolMemory.fit(x, levelling).slopeKbPerCall()).isGreaterThan(ToolMemory.SLOPE_KB);
        assertThat(ToolMemory.confirmed(x, levelling)).isFalse();
        assertThat(ToolMemory.confirmed(x, levelling, 30 * 1_024)).as("30 MiB before the replay").isFalse();
        assertThat(ToolMemory.confirmed(x, levelling, ToolMemory.LARGE_KB)).as("after 128 MiB: a heap's step").isTrue();
    }

    /** server-memory on Node 22, 96 identical delete_observations calls (a 1.6 MB input): V8's heap in cycles, no leak. */
    @Test
    void aNodeHeapCyclingUnderReplayIsNotConfirmed() {
        long[] mib = {131, 137, 127, 141, 150, 155, 161, 149, 157, 158, 163, 157, 162, 163, 151, 152, 154, 159, 156,
            158, 159, 164, 162, 163, 146, 133, 136, 137, 142, 140, 142, 143, 148, 146, 147, 130, 135, 136, 138, 143,
            140, 142, 143, 148, 146, 147, 147, 152, 152, 132, 137, 136, 137, 125, 130, 132, 134, 139, 142, 137, 142,
            144, 146, 151, 148, 103, 130, 145, 134, 143, 143, 146, 149, 154, 144, 151, 152, 157, 110, 128, 133, 131,
            133, 134, 139, 137, 138, 140, 145, 141, 101, 129, 130, 131, 133, 138};
        long[] x = new long[mib.length];
        long[] y = new long[mib.length];
        for (int i = 0; i < mib.length; i++) {
            x[i] = i + 1;
            y[i] = mib[i] * 1_024;
        }
        long[] first16x = java.util.Arrays.copyOf(x, 16);
        long[] first16y = java.util.Arrays.copyOf(y, 16);
        assertThat(ToolMemory.fit(first16x, first16y).slopeKbPerCall()).as("16 calls were not enough")
                .isGreaterThan(ToolMemory.SLOPE_KB);
        int n = ToolMemory.REPLAY_CALLS;
        assertThat(ToolMemory.confirmed(java.util.Arrays.copyOf(x, n), java.util.Arrays.copyOf(y, n))).isFalse();
        assertThat(ToolMemory.confirmed(x, y)).isFalse();
    }

    @Test
    void growthWithinWhatStoringTheInputCostsIsAStore() {
        assertThat(ToolMemory.storeExplains(600, 300_000)).isTrue(); // 600 kB per call for a 300 kB input
        assertThat(ToolMemory.storeExplains(1_024, 100)).isFalse(); // 1 MiB per call for a 100-byte input
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
