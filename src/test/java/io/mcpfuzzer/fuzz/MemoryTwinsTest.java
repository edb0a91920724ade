package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.testservers.BoundedCacheServer;
import io.mcpfuzzer.testservers.OracleTwinsServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Memory growth that levels off (a bounded cache filling up, like a garbage-collected heap expanding
 * to its next collection) is not confirmed by the replay; growth that goes on is, at medium.
 */
@Timeout(300)
class MemoryTwinsTest {
    @Test
    void growthThatStopsIsNoFindingAndGrowthThatGoesOnIsMedium() {
        List<String> command = new ArrayList<>(JavaCommand.withHeap("64m", BoundedCacheServer.class));
        command.addAll(1, OracleTwinsServer.jvmFlags());
        // 8 runs per phase: lru_put is a suspect after 16 calls and still growing when its replay starts
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 8, 1, 5, Duration.ofSeconds(5), 1, Set.of(), 3, 2);
        CampaignResult result;
        try (StdioTargetFactory factory = new StdioTargetFactory(command, null, Map.of(), true, ClientOptions.defaults(),
                1 << 20)) {
            result = new Campaign(config, factory, CampaignInputs.forSeed(5), CampaignObserver.NONE).run();
        }
        assertThat(result.status()).isEqualTo("completed");
        List<Finding> growth = result.findings().stream().filter(f -> f.category().equals("memory_growth")).toList();
        assertThat(growth).as("%s", growth).anyMatch(f -> f.target().equals("leak_put") && f.severity() == Severity.MEDIUM);
        assertThat(result.findings()).as("%s", growth)
                .noneMatch(f -> f.target().equals("lru_put") && f.severity().atLeast(Severity.MEDIUM));
    }
}
