package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.demo.DemoServer;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

@Timeout(180)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:DemoCampaignTest") // its methods run one after the other (a lock forces them into one thread)
class DemoCampaignTest {
    @Test
    void findsThePlantedFlawsOfTheDemoServer() {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 8, 2, 42, Duration.ofSeconds(1), 2, Set.of(), 3, 1);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(DemoServer.class), null, Map.of(), true,
                ClientOptions.defaults(), 1 << 20);
        CampaignResult result;
        try (factory) {
            result = new Campaign(config, factory, CampaignInputs.forSeed(42), CampaignObserver.NONE).run();
        }

        assertThat(result.status()).isEqualTo("completed");
        assertThat(result.tools()).hasSize(5);
        assertThat(result.findings()).extracting(Finding::category)
                .contains("crash", "hang", "error_leakage", "injection_reflection");
        Finding crash = result.findings().stream().filter(f -> f.category().equals("crash")).findFirst().orElseThrow();
        assertThat(crash.target()).isEqualTo("read_note");
        assertThat(crash.evidence().get("stderr_tail").toString()).contains("cannot parse note path");
        assertThat(result.findings()).noneMatch(f -> f.target().equals("add") && f.severity().atLeast(io.mcpfuzzer.common.Severity.MEDIUM));
    }
}
