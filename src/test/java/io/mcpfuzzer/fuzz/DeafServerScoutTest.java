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
 * A server whose tools stop answering one after another ({@link DeafToolServer} with six deaf tools before
 * {@code echo}): after {@value ToolScout#AFTER} deaf tools in a row, each tool still to fuzz gets one scout call,
 * all at once; the deaf ones send nothing more, and {@code echo}, which answers, is fuzzed in full.
 */
@Timeout(300)
class DeafServerScoutTest {
    @Test
    void afterThreeDeafToolsTheRestAreScoutedOnceEach() {
        List<RunResult> runs = Collections.synchronizedList(new ArrayList<>());
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 10, 1, 4, Duration.ofMillis(1500),
                2, Set.of(), 3, 2);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(DeafToolServer.class, "6"), null, Map.of(),
                true, ClientOptions.defaults(), 1 << 20);
        CampaignResult result;
        try (factory) {
            result = new Campaign(config, factory, CampaignInputs.forSeed(11), new CampaignObserver() {
                @Override
                public void onRun(RunResult run) {
                    runs.add(run);
                }
            }).run();
        }
        assertThat(result.status()).isEqualTo("completed");
        for (int i = 0; i < 6; i++) {
            String name = "snap" + i;
            List<RunResult> mine = runs.stream().filter(r -> r.target().equals(name)).toList();
            long sent = mine.stream().filter(r -> !r.outcome().equals(DeafTargets.OUTCOME)).count();
            assertThat(mine).as(name).hasSizeGreaterThanOrEqualTo(20); // every run is recorded, sent or not
            if (i < ToolScout.AFTER) { // found deaf the usual way: the streak, plus what was in flight (concurrency 2)
                assertThat(sent).as(name + " sent").isBetween((long) DeafTargets.IN_A_ROW, DeafTargets.IN_A_ROW + 2L);
                assertThat(mine).as(name).noneMatch(r -> r.phase().equals(ToolScout.PHASE));
            } else { // scouted: one call, then nothing
                assertThat(sent).as(name + " sent").isOne();
                assertThat(mine).as(name).filteredOn(r -> r.phase().equals(ToolScout.PHASE)).singleElement()
                        .satisfies(r -> assertThat(r.outcome()).isEqualTo("timeout"));
            }
        }
        List<RunResult> echo = runs.stream().filter(r -> r.target().equals("echo")).toList();
        assertThat(echo).filteredOn(r -> r.phase().equals(ToolScout.PHASE)).singleElement()
                .satisfies(r -> assertThat(r.outcome()).isEqualTo("ok"));
        assertThat(echo).hasSizeGreaterThan(20).allMatch(r -> r.outcome().equals("ok"));
        assertThat(result.warnings()).anyMatch(w -> w.contains(DeafTargets.OUTCOME) && w.contains("3 target(s) after one"));
        assertThat(result.restarts()).as("restarts").isZero();
    }
}
