package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testservers.EchoToolsServer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * The same {@code --seed} against the same target gives a byte-identical sequence of requests for
 * every tool, whatever {@code --max-concurrency} is; another seed gives other requests. Real
 * campaigns through the command line against a deterministic fixture server.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:CampaignDeterminismTest") // its methods run one after the other (a lock forces them into one thread)
@Order(16) // started early: one of the longest classes (a long class started last stretches the run)
class CampaignDeterminismTest {
    private static final List<String> TOOLS = List.of("register_user", "compute", "configure");

    @TempDir
    Path dir;

    @Test
    void toolRequestsDependOnlyOnTheSeed() throws Exception {
        Map<String, Map<Integer, String>> first = toolInputs("a", "77", "1");
        Map<String, Map<Integer, String>> again = toolInputs("b", "77", "1");
        Map<String, Map<Integer, String>> parallel = toolInputs("c", "77", "5");
        Map<String, Map<Integer, String>> other = toolInputs("d", "78", "5");

        assertThat(first.keySet()).containsExactlyInAnyOrderElementsOf(TOOLS);
        for (String tool : TOOLS) {
            // 25 realistic + 25 aggressive runs after the coverage pass's cases (deterministic too)
            assertThat(first.get(tool)).as(tool).hasSizeGreaterThan(50);
            assertThat(first.get(tool).values()).as(tool).doesNotContain(CliCampaigns.ABSENT);
            assertThat(canonical(again.get(tool))).as("same seed, same concurrency: %s", tool)
                    .isEqualTo(canonical(first.get(tool)));
            assertThat(canonical(parallel.get(tool))).as("same seed, --max-concurrency 5: %s", tool)
                    .isEqualTo(canonical(first.get(tool)));
            assertThat(canonical(other.get(tool))).as("another seed: %s", tool)
                    .isNotEqualTo(canonical(first.get(tool)));
            long same = first.get(tool).entrySet().stream()
                    .filter(e -> e.getValue().equals(other.get(tool).get(e.getKey()))).count();
            assertThat(same).as("runs of %s identical under another seed", tool).isLessThan(25);
        }
    }

    @Test
    void protocolRequestsDependOnlyOnTheSeed() throws Exception {
        Map<String, String> first = protocolInputs("p1");
        Map<String, String> again = protocolInputs("p2");

        assertThat(first).hasSizeGreaterThan(20);
        assertThat(first.keySet().stream().filter(k -> k.startsWith("protocol:"))).isNotEmpty();
        assertThat(again).isEqualTo(first);
    }

    /**
     * The same seed gives the same findings.json findings at any concurrency: root causes merged over
     * targets keep the same representative, covers, counts and order. Timing evidence
     * ({@code latency_ms}) and timing-based aggregates are left out of the comparison.
     */
    @Test
    void findingsDoNotDependOnConcurrency() throws Exception {
        String serial = findings("f1", "1");
        String parallel = findings("f5", "5");
        assertThat(serial).contains("internal_error").contains("covers");
        assertThat(parallel).isEqualTo(serial);
    }

    private String findings(String name, String concurrency) throws Exception {
        Path out = dir.resolve(name);
        CliCampaigns.runs(out, "--mode", "tools", "--phase", "both", "--runs", "6", "--seed", "77",
                "--max-concurrency", concurrency, "--timeout", "20",
                "--endpoint", CliCampaigns.endpoint(io.mcpfuzzer.testservers.RootCauseServer.class, "internal"));
        JsonNode doc = io.mcpfuzzer.common.Json.parse(java.nio.file.Files.readString(out.resolve("findings.json")));
        StringBuilder text = new StringBuilder();
        for (JsonNode f : doc.get("findings")) {
            if (List.of("performance_outlier", "non_determinism", "memory_growth").contains(f.path("category").asString())) {
                continue;
            }
            tools.jackson.databind.node.ObjectNode copy = (tools.jackson.databind.node.ObjectNode) f.deepCopy();
            ((tools.jackson.databind.node.ObjectNode) copy.get("evidence")).remove("latency_ms");
            copy.remove("replay");
            // the JSON-RPC id of a recorded answer is allocated in send order, which concurrency decides
            text.append(io.mcpfuzzer.common.Json.write(copy).replaceAll("\\\\\"id\\\\\":\\d+", "\\\\\"id\\\\\":N"))
                    .append('\n');
        }
        return text.toString();
    }

    /** tool name -> (run index -> input JSON text). */
    private Map<String, Map<Integer, String>> toolInputs(String name, String seed, String concurrency)
            throws Exception {
        List<JsonNode> runs = CliCampaigns.runs(dir.resolve(name), "--mode", "tools", "--phase", "both",
                "--runs", "25", "--seed", seed, "--max-concurrency", concurrency, "--timeout", "20",
                "--endpoint", CliCampaigns.endpoint(EchoToolsServer.class));
        Map<String, Map<Integer, String>> out = new TreeMap<>();
        for (JsonNode run : runs) {
            assertThat(run.path("kind").asString()).isEqualTo("tool");
            String previous = out.computeIfAbsent(run.path("target").asString(), k -> new TreeMap<>())
                    .put(run.path("run").asInt(), CliCampaigns.text(run, "input"));
            assertThat(previous).as("run %s recorded twice", run.path("run")).isNull();
        }
        return out;
    }

    /** "kind:target#run" -> raw_input and input text, for two protocol campaigns with one seed. */
    private Map<String, String> protocolInputs(String name) throws Exception {
        List<JsonNode> runs = CliCampaigns.runs(dir.resolve(name), "--mode", "protocol", "--runs-per-type", "2",
                "--no-spec-guard", "--seed", "77", "--timeout", "5",
                "--endpoint", CliCampaigns.endpoint(EchoToolsServer.class));
        Map<String, String> out = new TreeMap<>();
        for (JsonNode run : runs) {
            String key = run.path("kind").asString() + ":" + run.path("target").asString() + "#" + run.path("run").asInt();
            String previous = out.put(key, CliCampaigns.text(run, "raw_input") + "\n" + CliCampaigns.text(run, "input"));
            assertThat(previous).as("%s recorded twice", key).isNull();
        }
        return out;
    }

    private static String canonical(Map<Integer, String> byRun) {
        return String.join("\n", byRun.values());
    }
}
