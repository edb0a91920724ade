package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testservers.SchemaHintsServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Values a server names in its errors reach its code: {@link SchemaHintsServer} rejects every schema
 * but {@code main} and says so ("Available schemas: main"). With a fixed seed at concurrency 5, the
 * realistic runs of {@code search_objects} (from its own coverage runs' errors) and of the later
 * {@code list_columns(schemaName)} (whose own errors name nothing) get accepted calls; invented values
 * alone get none; the same seed sends the same inputs twice; sharded, a tool's own hints are not used
 * (an earlier tool's are, as each shard harvested them).
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:ErrorHintsCampaignTest")
class ErrorHintsCampaignTest {
    private static final int RUNS = 12;

    /** Every run of the campaign, sorted as "tool run phase outcome input". */
    private static List<String> run(ToolInputs inputs, ShardFilter shard) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, RUNS, 1, 7,
                Duration.ofSeconds(5), 5, Set.of(), 3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(SchemaHintsServer.class), null,
                Map.of(), true, ClientOptions.defaults(), 1 << 20);
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        try (factory) {
            CampaignResult result = new Campaign(config, factory, inputs, new CampaignObserver() {
                @Override
                public void onRun(RunResult r) {
                    seen.add(r.target() + " " + r.run() + " " + r.phase() + " " + r.outcome() + " " + Json.write(r.input()));
                }
            }).coverage(16).shard(shard).run();
            assertThat(result.status()).isEqualTo("completed");
        }
        return seen.stream().sorted().toList();
    }

    private static long accepted(List<String> runs, String tool) {
        return runs.stream().filter(l -> l.startsWith(tool + " ") && l.contains(" realistic ok ")).count();
    }

    @Test
    void hintedSchemasReachTheToolsAndOneSeedSendsTheSameInputs() {
        ToolInputs seeded = CampaignInputs.forSeed(7);
        ToolInputs withoutHints = (tool, schema, phase, run) -> seeded.generate(tool, schema, phase, run);
        List<String> without = run(withoutHints, ShardFilter.ALL);
        List<String> with = run(CampaignInputs.forSeed(7), ShardFilter.ALL);

        assertThat(accepted(without, "search_objects")).as("invented schemas are all rejected").isZero();
        assertThat(accepted(without, "list_columns")).isZero();
        assertThat(accepted(with, "search_objects")).as("schema: main, from its own coverage runs' errors")
                .isBetween(2L, RUNS - 2L); // about half the runs: the others still explore
        assertThat(accepted(with, "list_columns")).as("schemaName: main, from the tool before").isPositive();
        assertThat(with).filteredOn(l -> l.contains(" coverage ")).noneMatch(l -> l.contains(" ok "));

        assertThat(run(CampaignInputs.forSeed(7), ShardFilter.ALL)).as("the same seed, again").isEqualTo(with);
    }

    @Test
    void shardsDoNotUseAToolsOwnHints() {
        List<String> runs = new ArrayList<>(run(CampaignInputs.forSeed(7), new ShardFilter(0, 2)));
        runs.addAll(run(CampaignInputs.forSeed(7), new ShardFilter(1, 2)));
        assertThat(runs).filteredOn(l -> l.startsWith("search_objects ")).hasSizeGreaterThan(RUNS)
                .noneMatch(l -> l.contains("\"schema\":\"main\""));
        assertThat(accepted(runs, "list_columns")).as("an earlier tool's hints, from the shard's own runs").isPositive();
    }
}
