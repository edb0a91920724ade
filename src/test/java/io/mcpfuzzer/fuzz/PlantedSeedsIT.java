package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.testservers.OracleTwinsServer;
import io.mcpfuzzer.testservers.PlantedBugsServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Not luck: every planted bug of the project's fixtures is found with each of five seeds, and the
 * clean twins get nothing of medium or above. (The use-after-close trio of {@link OracleTwinsServer}
 * is not asserted: it needs an id taken from an earlier answer, which generation does not do yet.)
 */
@Timeout(600)
class PlantedSeedsIT {
    /** The default frame cap of the CLI (16 MiB): the 24 MiB answer must exceed it. */
    private static final int FRAME_CAP = 16 << 20;

    private static CampaignResult run(List<String> command, int runs, long seed, int frameCap, Duration timeout) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, runs, 1, seed, timeout, 2, Set.of(), 3, 2);
        StdioTargetFactory factory = new StdioTargetFactory(command, null, Map.of(), true, ClientOptions.defaults(), frameCap);
        try (factory) {
            return new Campaign(config, factory, CampaignInputs.forSeed(seed), CampaignObserver.NONE).run();
        }
    }

    private static Finding find(CampaignResult result, String category, String tool, long seed) {
        return result.findings().stream().filter(f -> f.category().equals(category) && f.target().equals(tool))
                .findFirst().orElseThrow(() -> new AssertionError("seed " + seed + ": no " + category + " on " + tool
                        + " in " + result.findings().stream().map(f -> f.category() + "@" + f.target()).toList()));
    }

    private static void clean(CampaignResult result, Set<String> tools, long seed) {
        assertThat(result.findings()).as("seed " + seed + ": clean tools")
                .noneMatch(f -> tools.contains(f.target()) && f.severity().atLeast(Severity.MEDIUM));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 42, 1234, 987654321})
    void oracleTwinsAreFoundAndTheirCleanTwinsStayClean(long seed) {
        List<String> command = new java.util.ArrayList<>(JavaCommand.withHeap("64m", OracleTwinsServer.class));
        command.addAll(1, OracleTwinsServer.jvmFlags());
        CampaignResult result = run(command, 40, seed, FRAME_CAP, Duration.ofSeconds(5));
        assertThat(result.status()).isEqualTo("completed");
        Finding injection = find(result, "command_injection", "ping_host", seed);
        assertThat(injection.severity()).isEqualTo(Severity.HIGH);
        assertThat(injection.evidence().get("evidence_line").toString()).isNotBlank();
        Finding growth = find(result, "memory_growth", "cache_put", seed);
        assertThat((long) growth.evidence().get("replay_slope_kb_per_call")).isGreaterThanOrEqualTo(256);
        find(result, "oversized_response", "export_rows", seed);
        assertThat(result.findings()).as("seed " + seed).noneMatch(f -> f.category().equals("command_injection")
                && !f.target().equals("ping_host"));
        assertThat(result.findings()).as("seed " + seed).noneMatch(f -> f.category().equals("memory_growth")
                && !f.target().equals("cache_put"));
        clean(result, Set.of("echo_text", "whoami_help", "transform"), seed);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 42, 1234, 987654321})
    void plantedBugsAreFoundAndTheControlStaysClean(long seed) {
        List<String> command = JavaCommand.of(PlantedBugsServer.class);
        command.set(1, "-Xmx512m");
        CampaignResult result = run(command, 8, seed, 1 << 20, Duration.ofSeconds(2)); // short: hang_tool and drop_tool cost a deadline each
        assertThat(result.status()).isEqualTo("completed");
        assertThat(find(result, "crash", "crash_tool", seed).signature()).startsWith("python:ValueError");
        find(result, "hang", "hang_tool", seed);
        find(result, "protocol_violation", "drop_tool", seed);
        find(result, "protocol_violation", "badframe_tool", seed);
        find(result, "error_leakage", "leak_tool", seed);
        find(result, "internal_error", "internal_tool", seed);
        find(result, "injection_reflection", "reflect_tool", seed);
        find(result, "oversized_response", "oversized_tool", seed);
        find(result, "performance_outlier", "slow_tool", seed);
        find(result, "non_determinism", "random_tool", seed);
        find(result, "accepted_malformed", "accept_tool", seed);
        clean(result, Set.of("clean_add"), seed);
    }
}
