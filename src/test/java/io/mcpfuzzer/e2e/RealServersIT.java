package io.mcpfuzzer.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testsupport.E2eTargets;
import io.mcpfuzzer.testsupport.FuzzerProcess;
import io.mcpfuzzer.testsupport.ReportFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The official npm MCP servers (everything, filesystem, memory, sequential-thinking; pinned in
 * {@code e2e/package.json}) fuzzed over stdio in {@code --mode tools} and in
 * {@code --mode all --security-audit}, two seeds each: every run completes, counts no fuzzer
 * errors, fuzzes every listed tool, and writes report files ordinary parsers read. Each server
 * gets only what it needs: the fuzzer's minimal environment, server-everything
 * {@code GZIP_ALLOWED_DOMAINS=localhost} (no outside fetches), server-filesystem a temp allowed
 * folder that is also the fuzzer's fs-root (so the roots it adopts are that folder),
 * server-memory a {@code MEMORY_FILE_PATH} in the temp folder.
 */
@Timeout(420)
class RealServersIT {
    @TempDir
    Path dir;

    /** A server, its executable in e2e/node_modules/.bin and how many tools it lists at least. */
    enum Server {
        EVERYTHING("mcp-server-everything", 13),
        FILESYSTEM("mcp-server-filesystem", 14),
        MEMORY("mcp-server-memory", 9),
        SEQUENTIAL_THINKING("mcp-server-sequential-thinking", 1);

        final String bin;
        final int minTools;

        Server(String bin, int minTools) {
            this.bin = bin;
            this.minTools = minTools;
        }
    }

    static Stream<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (Server server : Server.values()) {
            for (String mode : List.of("tools", "all")) {
                for (long seed : new long[] {1, 2}) {
                    runs.add(Arguments.of(server, mode, seed));
                }
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} --mode {1} seed {2}")
    @MethodSource("runs")
    void anOfficialServerIsFuzzedToTheEnd(Server server, String mode, long seed) throws Exception {
        Path fsRoot = Files.createDirectories(dir.resolve("allowed"));
        Files.writeString(fsRoot.resolve("hello.txt"), "hello\n");
        Path out = dir.resolve("reports");
        String endpoint = E2eTargets.bin(server.bin).toString();
        List<String> args = new ArrayList<>(List.of("--mode", mode, "--phase", "both", "--runs", "1",
                "--runs-per-type", "1", "--timeout", "5", "--seed", Long.toString(seed), "--fs-root", fsRoot.toString(),
                "--output-dir", out.toString(), "--no-progress", "--no-color"));
        switch (server) {
            case EVERYTHING -> {
                endpoint += " stdio";
                args.addAll(List.of("--env", "GZIP_ALLOWED_DOMAINS=localhost"));
            }
            case FILESYSTEM -> endpoint += " " + fsRoot;
            case MEMORY -> args.addAll(List.of("--env", "MEMORY_FILE_PATH=" + dir.resolve("memory.jsonl")));
            default -> {
                // sequential-thinking needs nothing
            }
        }
        if (mode.equals("all")) {
            args.add("--security-audit");
        }
        args.addAll(List.of("--endpoint", endpoint));

        FuzzerProcess.Result run = FuzzerProcess.run(args, dir.resolve("work"), Duration.ofSeconds(300), Map.of());

        assertThat(run.timedOut()).as(run.describe()).isFalse();
        assertThat(out.resolve("run_summary.json")).as(run.describe()).exists();
        JsonNode summary = ReportFiles.read(out.resolve("run_summary.json"));
        assertThat(summary.path("status").asString()).as("status; reason %s; %s", summary.path("status_reason"),
                run.describe()).isEqualTo("completed");
        assertThat(summary.path("fuzzer_errors").path("total").asLong(-1)).as("fuzzer_errors %s; %s",
                summary.path("fuzzer_errors"), run.describe()).isZero();
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(summary.path("protocol_version").asString()).isEqualTo("2025-11-25");
        List<String> tools = new ArrayList<>();
        summary.path("per_target").properties().forEach(e -> {
            if (e.getKey().startsWith("tool:")) {
                tools.add(e.getKey());
            }
        });
        assertThat(tools).as("fuzzed tools").hasSizeGreaterThanOrEqualTo(server.minTools);
        assertThat(ReportFiles.problems(out)).as("report files that do not parse").isEmpty();
    }
}
