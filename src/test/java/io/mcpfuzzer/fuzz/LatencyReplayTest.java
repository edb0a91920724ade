package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.testservers.ColdStartServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A latency outlier is reported only when its slowest run is slow again when re-sent, against the real
 * {@link ColdStartServer}: a slow first call after the start is not a finding, an input that is slow each
 * time is.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
class LatencyReplayTest {
    private static List<Finding> outliers(String... serverArgs) {
        return outliers(CampaignObserver.NONE, serverArgs);
    }

    private static List<Finding> outliers(CampaignObserver observer, String... serverArgs) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, 14, 1, 5, Duration.ofSeconds(10),
                1, Set.of(), 3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(ColdStartServer.class, serverArgs), null,
                Map.of(), true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            CampaignResult result = new Campaign(config, factory, CampaignInputs.forSeed(5), observer).run();
            assertThat(result.status()).isEqualTo("completed");
            assertThat(result.totalRuns()).isGreaterThanOrEqualTo(10);
            return result.findings().stream().filter(f -> f.category().equals("performance_outlier")).toList();
        }
    }

    @Test
    void aSlowFirstCallAfterTheStartIsNoFinding() {
        assertThat(outliers()).isEmpty();
    }

    @Test
    void anInputSlowEachTimeIsReportedWithItsReSends() {
        List<Finding> found = outliers("slow-without-text");
        assertThat(found).hasSize(1);
        Finding f = found.get(0);
        assertThat(f.target()).isEqualTo("warm_up");
        assertThat(f.detail()).contains("re-sent was slow again");
        @SuppressWarnings("unchecked")
        List<Double> replayed = (List<Double>) f.evidence().get("replayed_ms");
        assertThat(replayed).isNotEmpty().hasSizeLessThanOrEqualTo(LatencyReplay.TRIES);
        assertThat(replayed.get(replayed.size() - 1)).isGreaterThan(1_000.0);
    }

    @Test
    void slowRunsTheInputAskedForAreNoFinding() {
        List<Double> slow = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Double> fast = new java.util.concurrent.CopyOnWriteArrayList<>();
        CampaignObserver observer = new CampaignObserver() {
            @Override
            public void onRun(io.mcpfuzzer.oracle.RunResult run) {
                if ("ok".equals(run.outcome())) {
                    (run.latencyMs() >= 1_000 ? slow : fast).add(run.latencyMs());
                }
            }
        };
        List<Finding> found = outliers(observer, "sleeps-as-asked");
        assertThat(slow).as("runs that asked for 1 to 1.5 s").isNotEmpty();
        assertThat(fast.size()).as("a fast median").isGreaterThan(slow.size());
        assertThat(found).as("each slow run waited its own delayMs").isEmpty();
    }

    @Test
    void anOutlierTheCampaignCouldNotReSendIsKeptSayingSo() {
        io.mcpfuzzer.oracle.LatencyOutliers latency = new io.mcpfuzzer.oracle.LatencyOutliers();
        for (int run = 0; run < 12; run++) {
            latency.record("tool", "t", run, run == 3 ? 5_000 : 2, null);
        }
        List<Finding> found = new LatencyReplay(latency.outliers()).findings();
        assertThat(found).hasSize(1);
        assertThat(found.get(0).evidence().get(LatencyReplay.UNCONFIRMED)).isEqualTo("the campaign ended before it was re-sent");
        assertThat(found.get(0).detail()).contains("not confirmed by re-sending");
    }
}
