package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.demo.DemoServer;
import io.mcpfuzzer.testservers.ScriptedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * The Python tool's run_summary.json keys (tools, protocols, findings, tool_discovery), written
 * beside ours by real runs against fixture servers, agree with our own per-target counts.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@Order(14) // started early: one of the longest classes (a long class started last stretches the run)
class PythonSummaryKeysCliTest {
    private static final List<String> BUCKETS = List.of("server_rejected", "accepted_malformed", "anomaly", "crashed",
            "exceptions", "safety_blocked", "ok");

    @TempDir
    Path dir;

    /** The counts must agree whatever the outcomes: a 1 s deadline only shortens the demo server's hangs. */
    @Test
    void toolAndProtocolCountsAgreeWithPerTargetAndFindings() throws Exception {
        Path out = dir.resolve("all");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "all", "--endpoint", CliRunTest.endpoint(DemoServer.class),
                "--runs", "3", "--runs-per-type", "1", "--phase", "both", "--seed", "4", "--timeout", "1",
                "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        JsonNode findingsFile = Json.parse(Files.readString(out.resolve("findings.json")));

        Map<String, JsonNode> tools = new HashMap<>();
        Map<String, JsonNode> protocols = new HashMap<>();
        for (String key : summary.path("per_target").propertyNames()) {
            if (key.startsWith("tool:")) {
                tools.put(key.substring(5), summary.path("per_target").get(key));
            } else if (key.startsWith("protocol:")) {
                protocols.put(key.substring(9), summary.path("per_target").get(key));
            }
        }
        assertThat(tools).isNotEmpty();
        assertThat(protocols).isNotEmpty();
        JsonNode byName = summary.at("/tools/by_name");
        assertThat(new ArrayList<>(byName.propertyNames())).containsExactlyInAnyOrderElementsOf(tools.keySet());
        assertThat(summary.at("/tools/total").asInt()).isEqualTo(tools.size());
        assertThat(summary.at("/tools/total_runs").asLong()).isEqualTo(totalOf(tools));
        tools.forEach((name, outcomes) -> assertConsistent(byName.get(name), outcomes));
        long crashes = tools.values().stream().mapToLong(t -> t.path("crash").asLong(0)).sum();
        assertThat(crashes).as("the demo server crashes on some input").isPositive();

        JsonNode byType = summary.at("/protocols/by_type");
        assertThat(new ArrayList<>(byType.propertyNames())).containsExactlyInAnyOrderElementsOf(protocols.keySet());
        assertThat(summary.at("/protocols/total").asInt()).isEqualTo(protocols.size());
        assertThat(summary.at("/protocols/total_runs").asLong()).isEqualTo(totalOf(protocols));
        protocols.forEach((type, outcomes) -> assertConsistent(byType.get(type), outcomes));

        assertThat(summary.at("/findings/total").asInt()).isEqualTo(findingsFile.path("count").asInt());
        long byCategory = 0;
        for (JsonNode n : summary.at("/findings/by_category")) {
            byCategory += n.asLong();
        }
        assertThat(byCategory).isEqualTo(findingsFile.path("count").asLong());

        assertThat(summary.at("/tool_discovery/failure").asString()).isEqualTo("none");
        assertThat(summary.at("/tool_discovery/tool_count").asInt()).isEqualTo(tools.size());
        assertThat(summary.at("/tool_discovery/detail").asString()).isEqualTo("Discovered " + tools.size() + " tool(s)");
        assertThat(summary.has("blocked_reason")).isFalse();
        assertThat(summary.at("/fuzzer_errors/total").asLong()).isZero();
    }

    @Test
    void aTargetThatNeverStartsIsBlockedWithItsDiscoveryFailure() throws Exception {
        Path out = dir.resolve("blocked");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--endpoint", "false", "--runs", "1",
                "--output-dir", out.toString());
        assertThat(o.code()).isEqualTo(ExitCodes.ERROR);
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("status").asString()).isEqualTo("blocked");
        assertThat(summary.at("/tool_discovery/failure").asString()).isEqualTo("process_crashed");
        assertThat(summary.path("blocked_reason").asString()).isEqualTo("process_crashed");
        assertThat(summary.path("blocked_detail").asString()).contains("failed to start");
        assertThat(summary.at("/tools/total").asInt()).isZero();
        assertThat(summary.at("/tools/by_name").size()).isZero();
    }

    @Test
    void aServerWithoutToolsListIsAServerError() throws Exception {
        Path out = dir.resolve("nolist");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--endpoint", CliRunTest.endpoint(ScriptedServer.class),
                "--runs", "1", "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.at("/tool_discovery/failure").asString()).isEqualTo("server_error");
        assertThat(summary.at("/tool_discovery/detail").asString()).contains("-32601");
        assertThat(summary.at("/tool_discovery/tool_count").asInt()).isZero();
    }

    private static long totalOf(Map<String, JsonNode> targets) {
        long total = 0;
        for (JsonNode outcomes : targets.values()) {
            for (JsonNode n : outcomes) {
                total += n.asLong();
            }
        }
        return total;
    }

    private static void assertConsistent(JsonNode stats, JsonNode outcomes) {
        long total = 0;
        for (JsonNode n : outcomes) {
            total += n.asLong();
        }
        assertThat(stats.path("total_runs").asLong()).isEqualTo(total);
        long bucketed = 0;
        for (String b : BUCKETS) {
            bucketed += stats.at("/outcomes/" + b).asLong();
        }
        assertThat(bucketed).as("every run in exactly one bucket").isEqualTo(total);
        assertThat(stats.path("successful").asLong() + stats.path("failures").asLong()).isEqualTo(total);
        assertThat(stats.at("/outcomes/crashed").asLong()).isEqualTo(outcomes.path("crash").asLong(0));
        assertThat(stats.at("/outcomes/safety_blocked").asLong()).isEqualTo(outcomes.path("safety_blocked").asLong(0));
        assertThat(stats.at("/outcomes/server_rejected").asLong())
                .isEqualTo(outcomes.path("rejected").asLong(0) + outcomes.path("tool_error").asLong(0));
        double rate = total == 0 ? 0.0 : Math.round(stats.path("successful").asLong() * 10_000.0 / total) / 100.0;
        assertThat(stats.path("success_rate").asDouble()).isEqualTo(rate);
    }
}
