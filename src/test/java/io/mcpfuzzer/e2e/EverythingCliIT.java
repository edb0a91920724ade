package io.mcpfuzzer.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.cli.Main;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.E2eTargets;
import io.mcpfuzzer.testsupport.EverythingServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The official server-everything fuzzed through the command line over stdio, Streamable HTTP and SSE. */
@Timeout(900)
class EverythingCliIT {
    @TempDir
    Path dir;

    private static int run(List<String> args, StringBuilder err) {
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = Main.execute(args.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8),
                Map.of("PATH", System.getenv("PATH")));
        err.append(e.toString(StandardCharsets.UTF_8));
        return code;
    }

    private JsonNode fuzz(String protocol, String endpoint) throws Exception {
        Path out = dir.resolve(protocol);
        // the random phases only: each tool gets exactly 2 realistic and 2 aggressive runs
        List<String> args = new ArrayList<>(List.of("--mode", "tools", "--phase", "both", "--runs", "2",
                "--coverage-budget", "0", "--seed", "4",
                "--timeout", "20", "--protocol", protocol, "--endpoint", endpoint, "--output-dir", out.toString()));
        StringBuilder err = new StringBuilder();
        int code = run(args, err);
        assertThat(code).as(err.toString()).isZero();
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("status").asString()).as(summary.toString()).isEqualTo("completed");
        assertThat(summary.path("protocol_version").asString()).isEqualTo("2025-11-25");
        return summary;
    }

    private static List<String> exercisedTools(JsonNode summary) {
        List<String> tools = new ArrayList<>();
        summary.path("per_target").properties().forEach(e -> {
            if (e.getKey().startsWith("tool:")) {
                long runs = 0;
                for (JsonNode n : e.getValue()) {
                    runs += n.asLong();
                }
                assertThat(runs).as(e.getKey()).isEqualTo(4);
                tools.add(e.getKey().substring(5));
            }
        });
        return tools;
    }

    @Test
    void stdio() throws Exception {
        JsonNode summary = fuzz("stdio", E2eTargets.bin("mcp-server-everything") + " stdio");
        assertThat(exercisedTools(summary)).hasSizeGreaterThanOrEqualTo(13)
                .contains("echo", "trigger-sampling-request", "get-roots-list");
    }

    @Test
    void streamableHttp() throws Exception {
        try (EverythingServer server = EverythingServer.start("streamableHttp")) {
            JsonNode summary = fuzz("streamablehttp", server.uri("/mcp").toString());
            assertThat(exercisedTools(summary)).hasSizeGreaterThanOrEqualTo(15)
                    .contains("echo", "trigger-sampling-request", "trigger-elicitation-request", "get-roots-list");
        }
    }

    @Test
    void legacySse() throws Exception {
        try (EverythingServer server = EverythingServer.start("sse")) {
            JsonNode summary = fuzz("sse", server.uri("/sse").toString());
            assertThat(exercisedTools(summary)).hasSizeGreaterThanOrEqualTo(13).contains("echo",
                    "trigger-sampling-request");
        }
    }
}
