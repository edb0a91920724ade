package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testservers.EchoToolsServer;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Inputs stay diverse through a whole campaign (not only in the generator): 250 realistic and 250
 * aggressive runs of a tool with one string parameter, five in flight, are nearly all distinct.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
class CampaignDiversityTest {
    @TempDir
    Path dir;

    @Test
    void fiveHundredRunsOfAOneStringToolAreAtLeastNinetyPercentDistinct() throws Exception {
        List<JsonNode> runs = CliCampaigns.runs(dir, "--mode", "tools", "--phase", "both", "--runs", "250", "--coverage-budget", "0",
                "--seed", "2024", "--max-concurrency", "5", "--timeout", "20",
                "--endpoint", CliCampaigns.endpoint(EchoToolsServer.class, "--single"));

        assertThat(runs).hasSize(500);
        Set<String> all = new HashSet<>();
        Map<String, Set<String>> byPhase = new TreeMap<>();
        for (JsonNode run : runs) {
            assertThat(run.path("target").asString()).isEqualTo(EchoToolsServer.SINGLE_STRING_TOOL);
            String input = CliCampaigns.text(run, "input");
            assertThat(input).isNotEqualTo(CliCampaigns.ABSENT);
            all.add(input);
            byPhase.computeIfAbsent(run.path("phase").asString(), k -> new HashSet<>()).add(input);
        }
        assertThat(byPhase.keySet()).containsExactly("aggressive", "realistic");
        assertThat(all.size()).as("distinct inputs of 500").isGreaterThanOrEqualTo(450);
        assertThat(byPhase.get("realistic").size()).as("distinct realistic inputs of 250").isGreaterThanOrEqualTo(225);
        assertThat(byPhase.get("aggressive").size()).as("distinct aggressive inputs of 250").isGreaterThanOrEqualTo(225);
    }
}
