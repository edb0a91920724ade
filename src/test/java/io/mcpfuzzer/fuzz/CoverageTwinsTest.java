package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.generate.CoveragePlanner;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.testsupport.PythonFixture;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The coverage pass finds, with every one of five seeds, the three crashes random inputs miss (a zero,
 * a combination two levels down, bidi/non-BMP text), each finding naming the edge class that produced
 * it; the strictly validating tool gets nothing of medium or above; and the run reports per tool what
 * the pass covered and cut.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT) // the seeds are independent campaigns, each with its own server processes
@Order(6) // started early: one of the longest classes (a long class started last stretches the run)
class CoverageTwinsTest {
    private static CampaignResult run(long seed) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 2, 1, seed, Duration.ofSeconds(5), 1, Set.of(), 3, 0);
        List<String> command = PythonFixture.command("coverage_twins_server.py");
        StdioTargetFactory factory = new StdioTargetFactory(command, null, Map.of(), true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            return new Campaign(config, factory, CampaignInputs.forSeed(seed), CampaignObserver.NONE)
                    .coverage(CoveragePlanner.DEFAULT_BUDGET).run();
        }
    }

    private static Finding crash(CampaignResult result, String tool, String error) {
        return result.findings().stream().filter(f -> f.category().equals("crash") && f.target().equals(tool))
                .filter(f -> String.valueOf(f.evidence().get("stderr_tail")).contains(error)).findFirst()
                .orElseThrow(() -> new AssertionError("no crash on " + tool + " in "
                        + result.findings().stream().map(f -> f.category() + "@" + f.target() + " " + f.strategy()).toList()));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> classes(Map<String, Map<String, Object>> coverage, String tool) {
        return (List<Object>) coverage.get(tool).get("classes");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 42, 20261201})
    void everySeedFindsThePlantedCrashesWithTheirEdgeClass(long seed) {
        CampaignResult result = run(seed);
        assertThat(result.status()).isEqualTo("completed");

        assertThat(crash(result, "scale_tool", "ZeroDivisionError").strategy())
                .matches("number\\.(zero|negative_zero)@/factor");
        Finding combination = crash(result, "schedule_tool", "IndexError");
        assertThat(combination.strategy()).as("pairwise, or the one leaf the base input lacked")
                .matches("pair\\(/schedule/window/enabled=true,/schedule/window/hour_offset=-[0-9.]+\\)"
                        + "|number\\.[a-z_]+@/schedule/window/hour_offset");
        JsonNode input = (JsonNode) combination.evidence().get("input");
        assertThat(input.at("/schedule/window/enabled").asBoolean()).isTrue();
        assertThat(crash(result, "title_tool", "UnicodeEncodeError").strategy())
                .matches("string\\.(bidi\\.(rlo|rlm|lri)|non_bmp\\.(emoji|math))@/title");
        assertThat(crash(result, "title_tool", "UnicodeEncodeError").evidence().get("phase")).isEqualTo(CoveragePass.PHASE);

        assertThat(result.findings()).noneMatch(f -> f.target().equals("strict_tool") && f.severity().atLeast(Severity.MEDIUM));

        @SuppressWarnings("unchecked")
        Map<String, Object> discovery = (Map<String, Object>) result.extra().get("tool_discovery");
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> coverage = (Map<String, Map<String, Object>>) discovery.get("coverage");
        assertThat(coverage).containsOnlyKeys("scale_tool", "schedule_tool", "title_tool", "strict_tool");
        assertThat(classes(coverage, "strict_tool")).contains("number.zero", "number.maximum_plus_one",
                "string.max_length_plus_one", "enum.near_miss.case", "object.missing_required", "object.extra_property");
        assertThat(classes(coverage, "schedule_tool")).contains("pair", "boolean.true", "number.minus_one");
        for (Map<String, Object> tool : coverage.values()) {
            assertThat((int) tool.get("cases")).isBetween(1, CoveragePlanner.DEFAULT_BUDGET);
            assertThat((int) tool.get("cut")).isNotNegative();
        }
        long coverageRuns = result.perTarget().get("tool:strict_tool").values().stream().mapToLong(Long::longValue).sum();
        assertThat(coverageRuns).isEqualTo((int) coverage.get("strict_tool").get("cases") + 4L); // + 2 runs x 2 phases
    }
}
