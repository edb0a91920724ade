package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.testservers.HandlesServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Ids taken from earlier answers reach the logic: on {@link HandlesServer} (clean twin) the realistic
 * calls of {@code read(handle)} are accepted only with handles that {@code open} handed out, so its
 * accepted share rises above the share without harvesting (where every invented handle is rejected),
 * and the run summary counts the calls that used a harvested id.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:IdHarvestCampaignTest")
class IdHarvestCampaignTest {
    private static CampaignResult run(ToolInputs inputs) {
        return run(inputs, CampaignObserver.NONE);
    }

    private static CampaignResult run(ToolInputs inputs, CampaignObserver observer) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, 10, 1, 7, Duration.ofSeconds(5), 2, Set.of(),
                3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(HandlesServer.class, "--clean"), null,
                Map.of(), true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            return new Campaign(config, factory, inputs, observer).run();
        }
    }

    @SuppressWarnings("unchecked")
    private static double share(CampaignResult result, String tool) {
        Map<String, Object> discovery = (Map<String, Object>) result.extra().get("tool_discovery");
        Map<String, Object> shares = (Map<String, Object>) discovery.get("accepted_share");
        Map<String, Object> stats = (Map<String, Object>) shares.get(tool);
        return ((Number) stats.get("accepted_share")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Long> harvestedCalls(CampaignResult result) {
        Map<String, Object> discovery = (Map<String, Object>) result.extra().get("tool_discovery");
        return (Map<String, Long>) ((Map<String, Object>) discovery.get("harvested_ids")).get("calls_by_tool");
    }

    @Test
    void harvestedHandlesRaiseTheAcceptedShareOfRead() {
        ToolInputs seeded = CampaignInputs.forSeed(7);
        ToolInputs withoutIds = (tool, schema, phase, run) -> seeded.generate(tool, schema, phase, run);
        CampaignResult without = run(withoutIds);
        CampaignResult with = run(seeded);
        assertThat(with.status()).isEqualTo("completed");
        assertThat(share(without, "read")).as("invented handles are all rejected").isZero();
        assertThat(share(with, "read")).as("with handles from open").isGreaterThanOrEqualTo(0.3);
        assertThat(share(with, "close")).isGreaterThanOrEqualTo(0.3);
        assertThat(harvestedCalls(with).get("read")).isBetween(5L, 10L);
        assertThat(harvestedCalls(with)).doesNotContainKey("open");
        assertThat(harvestedCalls(without)).isEmpty();
        assertThat(with.findings()).noneMatch(f -> f.severity().atLeast(io.mcpfuzzer.common.Severity.MEDIUM));
    }

    @Test
    void oneSeedReproducesTheSameInputs() {
        List<String> first = inputs();
        assertThat(first).hasSize(30).anyMatch(l -> l.startsWith("read") && l.contains("hdl_"));
        assertThat(inputs()).isEqualTo(first);
    }

    /**
     * The coverage pass varies {@code read}'s first realistic input, handle from {@code open} included: its edge
     * lengths reach the read, not the "handle not found" check (invented handles: every case rejected).
     */
    @Test
    void coverageCasesVaryAnInputThatCarriesAHarvestedHandle() {
        List<io.mcpfuzzer.oracle.RunResult> runs = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, 2, 1, 7, Duration.ofSeconds(5),
                2, Set.of(), 3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(HandlesServer.class, "--clean"), null,
                Map.of(), true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            new Campaign(config, factory, CampaignInputs.forSeed(7), new CampaignObserver() {
                @Override
                public void onRun(io.mcpfuzzer.oracle.RunResult r) {
                    runs.add(r);
                }
            }).coverage(64).run();
        }
        List<io.mcpfuzzer.oracle.RunResult> read = runs.stream().filter(r -> r.target().equals("read")
                && r.phase().equals(CoveragePass.PHASE)).toList();
        assertThat(read).hasSizeGreaterThan(3)
                .anyMatch(r -> r.input().path("handle").asString("").startsWith("hdl_") && r.outcome().equals("ok"));
    }

    /** Every run's tool, index and input, sorted (runs of one tool finish in any order). */
    private static List<String> inputs() {
        List<String> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        run(CampaignInputs.forSeed(7), new CampaignObserver() {
            @Override
            public void onRun(io.mcpfuzzer.oracle.RunResult r) {
                seen.add(r.target() + " " + r.run() + " " + io.mcpfuzzer.common.Json.write(r.input()));
            }
        });
        return seen.stream().sorted().toList();
    }
}
