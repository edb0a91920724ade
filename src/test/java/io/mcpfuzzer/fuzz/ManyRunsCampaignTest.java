package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testservers.EchoToolsServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A tool with more runs than the tool loop keeps futures for (it drops the finished ones every 256
 * submissions): the campaign completes, and every run is executed and reported exactly once before
 * it returns.
 */
@Timeout(180)
@Execution(ExecutionMode.CONCURRENT)
class ManyRunsCampaignTest {
    @Test
    void everyRunOfALongToolLoopIsReportedOnceBeforeTheCampaignEnds() {
        int runs = 1_000;
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, runs, 1, 7, Duration.ofSeconds(10), 3,
                Set.of(), 3, 0);
        Map<Integer, Integer> reported = new ConcurrentHashMap<>();
        CampaignObserver observer = new CampaignObserver() {
            @Override
            public void onRun(RunResult run) {
                reported.merge(run.run(), 1, Integer::sum);
            }
        };
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(EchoToolsServer.class, "--single"), null, Map.of(), true,
                ClientOptions.defaults(), 1 << 20);
        CampaignResult result;
        try (factory) {
            result = new Campaign(config, factory, CampaignInputs.forSeed(7), observer).run();
        }
        Map<Integer, Integer> atReturn = Map.copyOf(reported);

        assertThat(result.status()).isEqualTo("completed");
        assertThat(result.totalRuns()).isEqualTo(runs);
        assertThat(atReturn).hasSize(runs).allSatisfy((run, times) -> assertThat(times).isEqualTo(1));
        assertThat(atReturn.keySet()).allMatch(run -> run >= 0 && run < runs);
    }
}
