package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.testservers.ShortLivedServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A server that exits on its own soon after each start blocks the campaign with a reason that says so,
 * instead of a crash blamed on whatever call was in flight; a server that its calls crash is still
 * reported as crashing. Real {@link ShortLivedServer} processes.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
class UnpromptedExitTest {
    private static CampaignResult campaign(String serverArg) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, 80, 1, 5, Duration.ofSeconds(10),
                1, Set.of(), 3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(ShortLivedServer.class, serverArg), null,
                Map.of(), true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            return new Campaign(config, factory, CampaignInputs.forSeed(3), CampaignObserver.NONE).run();
        }
    }

    @Test
    void aServerExitingOnItsOwnBlocksTheCampaignWithoutCrashFindings() {
        CampaignResult result = campaign("1500");
        assertThat(result.status()).isEqualTo("blocked");
        assertThat(result.statusReason()).contains("exits on its own", "exit status 3", "wrote nothing on stderr")
                .as("its life counts from the spawn (1.5 s after the JVM's start)").containsPattern("about [1-9]\\.\\d s");
        assertThat(result.findings()).extracting(Finding::category).doesNotContain("crash");
        assertThat(result.warnings()).anyMatch(w -> w.contains("finding(s) left out"));
        assertThat(result.totalRuns()).as("it stopped early").isLessThan(80);
    }

    @Test
    void aServerThatCallsCrashIsStillReportedAsCrashing() {
        CampaignResult result = campaign("crash-on-call");
        assertThat(result.status()).isEqualTo("completed");
        assertThat(result.findings()).extracting(Finding::category).contains("crash");
        assertThat(result.warnings()).noneMatch(w -> w.contains("left out"));
    }
}
