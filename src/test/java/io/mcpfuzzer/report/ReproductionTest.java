package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Reproduction lines and shell commands: exact, safely quoted (checked with a real bash), redacted. */
class ReproductionTest {
    private static String bash(String script) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void quotingSurvivesEveryShellMetacharacter() throws Exception {
        String hostile = "it's $HOME `id` $(id) \\ \"q\" ; rm -rf / # * ? ~ ! {a,b} \t é \u202e";
        assertThat(bash("printf %s " + Reproduction.quote(hostile))).isEqualTo(hostile);
    }

    private static Report report(String transport, String endpoint, Finding f) {
        RunSummary s = new RunSummary("completed", null, 1, "tools", "realistic", transport, endpoint, "2025-06-18",
                Map.of(), List.of(), "t", null, null, 1, Map.of(), Map.of(), Map.of(), Map.of(), List.of());
        return Report.of("s", s, List.of(f), Redactor.standard());
    }

    private static Finding toolFinding(JsonNode input) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("input", input);
        return Finding.of("crash", Severity.HIGH, "tool", "configure", 0, "died", ev, "sig");
    }

    @Test
    void aStdioShellCommandSendsTheExactLinesAfterTheHandshake() throws Exception {
        JsonNode input = Json.parse("{\"note\":\"it's a 'quote' and $(id)\"}");
        Report r = report("stdio", "cat", toolFinding(input));
        JsonNode replay = ReportNodes.replay(r.findings().get(0), r);
        String line = replay.path("line").asString();
        assertThat(Json.parse(line).path("params").path("arguments")).isEqualTo(input);
        List<String> sent = bash(replay.path("shell").asString()).lines().toList();
        assertThat(sent).hasSize(3);
        assertThat(Json.parse(sent.get(0)).path("method").asString()).isEqualTo("initialize");
        assertThat(Json.parse(sent.get(0)).path("params").path("protocolVersion").asString()).isEqualTo("2025-06-18");
        assertThat(Json.parse(sent.get(1)).path("method").asString()).isEqualTo("notifications/initialized");
        assertThat(sent.get(2)).isEqualTo(line);
    }

    @Test
    void credentialsNeverReachTheReproduction() {
        Report r = report("streamablehttp", "http://127.0.0.1:9/mcp",
                toolFinding(Json.parse("{\"api_key\":\"sk-live-abcdefghijklmnop1234\",\"q\":\"x\"}")));
        JsonNode replay = ReportNodes.replay(r.findings().get(0), r);
        assertThat(replay.toString()).doesNotContain("sk-live-abcdefghijklmnop1234").contains(Redactor.MASK);
        assertThat(replay.path("shell").asString()).startsWith("SID=$(curl -sS -X POST 'http://127.0.0.1:9/mcp'")
                .contains("Mcp-Session-Id: $SID");
    }

    @Test
    void aProtocolFrameIsReplayedAsRecordedAndAFindingWithoutARequestHasNoLine() {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("input", Json.parse("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{\"cursor\":7}}"));
        ev.put("raw_input", "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{\"cursor\":7}}");
        Finding frame = Finding.of("internal_error", Severity.MEDIUM, "protocol", "tools/list", 3, "x", ev, "s");
        assertThat(Reproduction.line(frame)).isEqualTo(ev.get("raw_input"));
        Finding audit = Finding.of("tool_poisoning", Severity.HIGH, "audit", "t", null, "x", Map.of(), "s");
        Report r = report("stdio", "cat", audit);
        assertThat(ReportNodes.replay(r.findings().get(0), r).has("line")).isFalse();
    }
}
