package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testservers.DeafToolServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A tool that never answers while the server does ({@link DeafToolServer}): once {@value DeafTargets#IN_A_ROW} of
 * its calls in a row waited out the deadline, its further runs are not sent (each would cost a whole timeout), they
 * are recorded as {@value DeafTargets#OUTCOME} and the run says so; the other tool is fuzzed in full.
 */
@Timeout(300)
class DeafToolTest {
    @Test
    void aToolThatStoppedAnsweringIsNotSentItsRemainingRuns() {
        List<RunResult> runs = Collections.synchronizedList(new ArrayList<>());
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 20, 1, 5, Duration.ofMillis(1500),
                2, Set.of(), 3, 2); // with the determinism probe, which must not call it either
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(DeafToolServer.class), null, Map.of(),
                true, ClientOptions.defaults(), 1 << 20);
        CampaignResult result;
        try (factory) {
            result = new Campaign(config, factory, CampaignInputs.forSeed(5), new CampaignObserver() {
                @Override
                public void onRun(RunResult run) {
                    runs.add(run);
                }
            }).run();
        }
        List<RunResult> snap = runs.stream().filter(r -> r.kind().equals("tool") && r.target().equals("snap")).toList();
        List<RunResult> echo = runs.stream().filter(r -> r.kind().equals("tool") && r.target().equals("echo")).toList();
        long sent = snap.stream().filter(r -> !r.outcome().equals(DeafTargets.OUTCOME)).count();

        assertThat(result.status()).isEqualTo("completed");
        assertThat(snap).hasSizeGreaterThanOrEqualTo(40); // every run is recorded, sent or not
        // the streak, plus what was already in flight (concurrency 2) when it was reached
        assertThat(sent).as("snap's runs sent").isBetween((long) DeafTargets.IN_A_ROW, DeafTargets.IN_A_ROW + 2L);
        assertThat(snap.stream().filter(r -> r.outcome().equals(DeafTargets.OUTCOME)).count())
                .isEqualTo(snap.size() - sent);
        assertThat(echo).isNotEmpty().noneMatch(r -> r.outcome().equals(DeafTargets.OUTCOME));
        assertThat(echo).allMatch(r -> r.outcome().equals("ok"));
        assertThat(result.warnings()).anyMatch(w -> w.contains(DeafTargets.OUTCOME) && w.contains("tool:snap"));
        // a probe call to snap would time out, and a probe's timeout restarts the server
        assertThat(result.restarts()).as("restarts").isZero();
    }
}
