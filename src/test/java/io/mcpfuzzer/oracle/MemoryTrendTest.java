package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Severity;
import org.junit.jupiter.api.Test;

class MemoryTrendTest {
    @Test
    void growthIsSeenAcrossMoreSamplesThanItKeeps() {
        MemoryTrend trend = new MemoryTrend();
        int n = MemoryTrend.MAX_SAMPLES * 3;
        for (int i = 0; i < n; i++) {
            trend.record(1, i, 50_000 + i * 20L); // steady growth: 50 MB to about 650 MB
        }
        Finding f = trend.finding("server");
        assertThat(f).isNotNull();
        assertThat((long) f.evidence().get("rss_first_kb")).as("the first sample after the start-up runs")
                .isEqualTo(50_000 + MemoryTrend.WARMUP_RUNS * 20);
        assertThat((long) f.evidence().get("rss_last_kb")).isGreaterThan(50_000 + (n - 10) * 20L - 5_000);
        assertThat((int) f.evidence().get("samples")).isLessThanOrEqualTo(MemoryTrend.MAX_SAMPLES);
        assertThat(f.severity()).as("600 MB of growth, not replayed: below the threat").isEqualTo(Severity.LOW);
    }

    /** server-filesystem on Node, seed 1: 66 MiB to 148 MiB over 1,051 runs, no leak (V8's heap). */
    @Test
    void aNodeHeapDoublingOverTheRunIsLow() {
        MemoryTrend trend = new MemoryTrend();
        for (int i = 0; i <= 1_051; i++) {
            trend.record(1, i, 66 * 1_024 + i * 80L);
        }
        Finding f = trend.finding("server");
        assertThat(f).isNotNull();
        assertThat(f.severity()).isEqualTo(Severity.LOW);
        assertThat(f.detail()).contains("not replayed");
    }

    @Test
    void growthThatThreatensTheTargetIsMedium() {
        MemoryTrend trend = new MemoryTrend();
        for (int i = 0; i <= 1_000; i++) {
            trend.record(1, i, 66 * 1_024 + i * 1_100L); // about 1.1 GiB more
        }
        Finding f = trend.finding("server");
        assertThat(f.severity()).isEqualTo(Severity.MEDIUM);
        assertThat(f.detail()).doesNotContain("not replayed");
    }

    @Test
    void flatMemoryIsNoFinding() {
        MemoryTrend trend = new MemoryTrend();
        for (int i = 0; i < 1_000; i++) {
            trend.record(1, i, 80_000 + (i % 3));
        }
        assertThat(trend.finding("server")).isNull();
    }

    /** A fixture JVM on a loaded machine: 30 MiB to 90 MiB over its first 6 calls, sampled 12 times. */
    @Test
    void aProcessStartingUpIsNoTrend() {
        MemoryTrend trend = new MemoryTrend();
        for (int i = 0; i < 12; i++) {
            trend.record(1, i / 2, 30 * 1_024 + i * 5 * 1_024L);
        }
        assertThat(trend.finding("server")).isNull();
        for (int i = 0; i < 12; i++) { // the same growth after the start-up runs is one
            trend.record(1, MemoryTrend.WARMUP_RUNS + i, 30 * 1_024 + i * 5 * 1_024L);
        }
        assertThat(trend.finding("server")).isNotNull();
    }
}
