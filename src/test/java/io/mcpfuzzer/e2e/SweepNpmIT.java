package io.mcpfuzzer.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.cli.Main;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.E2eTargets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code mcp-fuzzer sweep} over the four official npm servers (pinned in e2e/package.json), two at a
 * time: one report folder per server, every run completed, and a combined sweep_summary.json.
 */
@Timeout(900)
class SweepNpmIT {
    @TempDir
    Path dir;

    @Test
    void sweepsTheOfficialServers() throws Exception {
        Path fsRoot = Files.createDirectories(dir.resolve("allowed"));
        Files.writeString(fsRoot.resolve("hello.txt"), "hello\n");
        Path targets = dir.resolve("targets.yml");
        Files.writeString(targets, String.join("\n",
                "flags: [--mode, tools, --runs, '1', --timeout, '5', --seed, '11', --no-progress, --fs-root, "
                        + Json.write(fsRoot.toString()) + "]",
                "servers:",
                "  - name: everything",
                "    endpoint: " + Json.write(E2eTargets.bin("mcp-server-everything") + " stdio"),
                "    env: {GZIP_ALLOWED_DOMAINS: localhost}",
                "  - name: filesystem",
                "    endpoint: " + Json.write(E2eTargets.bin("mcp-server-filesystem") + " " + fsRoot),
                "  - name: memory",
                "    endpoint: " + Json.write(E2eTargets.bin("mcp-server-memory").toString()),
                "    env: {MEMORY_FILE_PATH: " + Json.write(dir.resolve("memory.jsonl").toString()) + "}",
                "  - name: sequential-thinking",
                "    endpoint: " + Json.write(E2eTargets.bin("mcp-server-sequential-thinking").toString()),
                "    flags: [--phase, both]",
                ""));
        Path out = dir.resolve("sweep");
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = Main.execute(new String[] {"sweep", targets.toString(), "--parallel", "2", "--output-dir",
            out.toString()}, new PrintStream(stdout, true, StandardCharsets.UTF_8),
                new PrintStream(stderr, true, StandardCharsets.UTF_8), Map.of("PATH", System.getenv("PATH")));

        String console = stdout.toString(StandardCharsets.UTF_8) + stderr.toString(StandardCharsets.UTF_8);
        JsonNode summary = Json.parse(Files.readString(out.resolve("sweep_summary.json")));
        assertThat(summary.get("servers")).as(console).hasSize(4);
        for (JsonNode server : summary.get("servers")) {
            String name = server.path("name").asString();
            assertThat(server.path("status").asString()).as("%s: %s", name, server).isEqualTo("completed");
            assertThat(server.path("total_runs").asLong()).as(name).isPositive();
            Path folder = out.resolve(server.path("output_dir").asString());
            assertThat(folder.resolve("run_summary.json")).exists();
            assertThat(folder.resolve("findings.json")).exists();
            JsonNode own = Json.parse(Files.readString(folder.resolve("run_summary.json")));
            assertThat(own.path("total_runs").asLong()).isEqualTo(server.path("total_runs").asLong());
        }
        assertThat(summary.path("totals").path("completed").asInt()).isEqualTo(4);
        assertThat(code).as(console).isEqualTo(summary.path("exit_code").asInt()).isZero();
    }
}
