package io.mcpfuzzer.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.Campaign;
import io.mcpfuzzer.fuzz.CampaignConfig;
import io.mcpfuzzer.fuzz.CampaignInputs;
import io.mcpfuzzer.fuzz.CampaignObserver;
import io.mcpfuzzer.fuzz.CampaignResult;
import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.fuzz.PhaseChoice;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.testsupport.E2eTargets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** Fuzzes the official server-everything (npm) over stdio. */
@Timeout(600)
class EverythingStdioIT {
    @Test
    void everyAdvertisedToolIsExercisedAndTheRunCompletes() {
        List<String> command = E2eTargets.everything("stdio");
        Map<String, String> env = Map.of("PATH", System.getenv("PATH"), "HOME", System.getProperty("java.io.tmpdir"),
                "GZIP_ALLOWED_DOMAINS", "localhost");
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 3, 1, 7, Duration.ofSeconds(20), 3, Set.of(), 3, 1);
        StdioTargetFactory factory = new StdioTargetFactory(command, null, env, false, ClientOptions.defaults(), 16 << 20);

        CampaignResult result;

        try (factory) {

            result = new Campaign(config, factory, CampaignInputs.forSeed(7), CampaignObserver.NONE).run();

        }

        assertThat(result.status()).isEqualTo("completed");
        assertThat(result.initialize().protocolVersion()).isEqualTo("2025-11-25");
        assertThat(result.tools()).hasSizeGreaterThanOrEqualTo(13);
        for (JsonNode tool : result.tools()) {
            String key = "tool:" + tool.get("name").asString();
            assertThat(result.perTarget()).containsKey(key);
            assertThat(result.perTarget().get(key).values().stream().mapToLong(Long::longValue).sum()).isEqualTo(6);
        }
        List<String> names = result.tools().stream().map(t -> t.get("name").asString()).toList();
        assertThat(names).contains("trigger-sampling-request", "get-roots-list");
        assertThat(result.perTarget().get("tool:trigger-sampling-request")).doesNotContainKey("hang");
    }
}
