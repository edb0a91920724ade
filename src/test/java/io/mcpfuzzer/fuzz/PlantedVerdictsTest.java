package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.testservers.PlantedBugsServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** One planted bug per verdict, each found; the strictly validating control tool gets nothing of medium or above. */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@Order(1) // started early: one of the longest classes (a long class started last stretches the run)
class PlantedVerdictsTest {
    private static CampaignResult run(Set<String> tools, int runs, Duration timeout) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, runs, 1, 11, timeout, 2, tools, 3, 2);
        List<String> command = JavaCommand.of(PlantedBugsServer.class);
        command.set(1, "-Xmx512m");
        StdioTargetFactory factory = new StdioTargetFactory(command, null, Map.of(), true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            return new Campaign(config, factory, CampaignInputs.forSeed(11), CampaignObserver.NONE).run();
        }
    }

    private static Finding find(CampaignResult result, String category, String tool) {
        return result.findings().stream().filter(f -> f.category().equals(category) && f.target().equals(tool))
                .findFirst().orElseThrow(() -> new AssertionError("no " + category + " on " + tool + " in "
                        + result.findings().stream().map(f -> f.category() + "@" + f.target() + (f.category().equals("protocol_violation") || f.category().equals("timeout") ? " " + f.detail() + " " + f.evidence() : "")).toList()));
    }

    @Test
    void everyPlantedVerdictIsFound() {
        CampaignResult result = run(Set.of(), 8, Duration.ofSeconds(3)); // the planted hang costs one timeout
        assertThat(result.status()).isEqualTo("completed");
        assertThat(find(result, "crash", "crash_tool").evidence().get("stderr_tail").toString()).contains("planted crash");
        assertThat(find(result, "crash", "crash_tool").signature()).startsWith("python:ValueError");
        find(result, "hang", "hang_tool");
        assertThat(find(result, "protocol_violation", "drop_tool").detail()).contains("dropped");
        assertThat(find(result, "protocol_violation", "drop_tool").severity()).as("a client only waits out its timeout")
                .isEqualTo(io.mcpfuzzer.common.Severity.LOW);
        find(result, "protocol_violation", "badframe_tool");
        find(result, "error_leakage", "leak_tool");
        find(result, "internal_error", "internal_tool");
        find(result, "injection_reflection", "reflect_tool");
        find(result, "oversized_response", "oversized_tool");
        find(result, "performance_outlier", "slow_tool");
        find(result, "non_determinism", "random_tool");
        find(result, "accepted_malformed", "accept_tool");
        assertThat(find(result, "protocol_violation", "server").evidence().get("samples").toString())
                .contains("DEBUG noisy_tool");
        assertThat(result.findings()).noneMatch(f -> f.target().equals("clean_add") && f.severity().atLeast(Severity.MEDIUM));
        assertThat(result.restarts()).isGreaterThan(0);
    }

    @Test
    void memoryGrowthIsFound() {
        // a generous deadline: a call slowed by a loaded machine must not restart the server mid-trend
        CampaignResult result = run(Set.of("memory_tool"), 60, Duration.ofSeconds(20));
        // the per-tool trend names the tool whose calls grow the server (the server-wide fallback is then skipped)
        Finding growth = find(result, "memory_growth", "memory_tool");
        assertThat(result.findings()).filteredOn(f -> f.category().equals("memory_growth")).containsExactly(growth);
    }
}
