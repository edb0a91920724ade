package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.PythonFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * From finding to fix against a real fixture process: a crash found by a run is shrunk to its
 * minimal input, replayed by {@code mcp-fuzzer replay} (exit 3), and its printed shell
 * reproduction crashes the server without the fuzzer.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ReplayShrinkTest") // its methods run one after the other (a lock forces them into one thread)
@Order(15) // started early: one of the longest classes (a long class started last stretches the run)
class ReplayShrinkTest {
    @TempDir
    Path dir;

    static CliRunTest.Outcome fuzz(Path out, String endpoint, String... extra) {
        // one call at a time: with several in flight, a call in flight when configure's crash ends the server
        // comes out a crash too, depending on timing, and runs of one seed (baselines) would differ; no coverage
        // pass: its 60-odd configure cases each crash and restart the fixture, and the realistic runs find it
        List<String> args = new java.util.ArrayList<>(List.of("--mode", "tools", "--phase", "realistic", "--runs", "3",
                "--seed", "7", "--timeout", "5", "--max-concurrency", "1", "--coverage-budget", "0", "--endpoint",
                endpoint, "--output-dir", out.toString()));
        args.addAll(List.of(extra));
        return CliRunTest.run(args.toArray(String[]::new));
    }

    static String endpoint(String... serverArgs) {
        return PythonFixture.endpoint("debug_mode_server.py", serverArgs);
    }

    static JsonNode finding(Path out, String category, String target) throws Exception {
        JsonNode doc = Json.parse(Files.readString(out.resolve("findings.json")));
        for (JsonNode f : doc.get("findings")) {
            if (f.path("category").asString().equals(category) && f.path("target").asString().equals(target)) {
                return f;
            }
        }
        throw new AssertionError("no " + category + " on " + target + " in " + doc);
    }

    @Test
    void aCrashIsShrunkReplayedAndReproducibleWithoutTheFuzzer() throws Exception {
        Path out = dir.resolve("run");
        CliRunTest.Outcome run = fuzz(out, endpoint());
        assertThat(run.code()).as(run.err()).isZero();

        JsonNode crash = finding(out, "crash", "configure");
        assertThat(crash.path("evidence").path("input").size()).isEqualTo(11);
        assertThat(crash.path("evidence").path("minimal_input")).isEqualTo(Json.parse("{\"mode\":\"debug\"}"));
        JsonNode replay = crash.path("replay");
        assertThat(replay.path("minimal_line").asString())
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"configure\","
                        + "\"arguments\":{\"mode\":\"debug\"}}}");
        assertThat(replay.path("lines").size()).isEqualTo(3);
        assertThat(replay.path("lines").get(0).asString()).contains("\"method\":\"initialize\"");

        CliRunTest.Outcome replayed = CliRunTest.run("replay", out.toString());
        assertThat(replayed.code()).as(replayed.out() + replayed.err()).isEqualTo(ExitCodes.FINDINGS);
        assertThat(replayed.out()).contains(crash.path("id").asString() + " crash tool configure: reproduced");

        Path crashFile;
        try (Stream<Path> files = Files.list(out.resolve("crashes"))) {
            crashFile = files.filter(p -> p.getFileName().toString().contains("configure")).findFirst().orElseThrow();
        }
        CliRunTest.Outcome one = CliRunTest.run("replay", crashFile.toString(), "--finding",
                crash.path("id").asString().substring(0, 8));
        assertThat(one.code()).as(one.out() + one.err()).isEqualTo(ExitCodes.FINDINGS);
        assertThat(one.out()).contains("1 of 1 finding(s) reproduced");

        for (String key : List.of("shell", "minimal_shell")) {
            Shell sh = bash(replay.path(key).asString());
            assertThat(sh.code()).as(key + ": " + sh.stderr()).isEqualTo(1);
            assertThat(sh.stderr()).as(key).contains("DebugModeError: debug mode is not allowed here");
        }
    }

    @Test
    void aFindingThatNoLongerHappensIsNotReproduced() throws Exception {
        Path out = dir.resolve("run");
        CliRunTest.Outcome run = fuzz(out, endpoint("render-crashes"));
        assertThat(run.code()).as(run.err()).isZero();
        String id = finding(out, "crash", "render").path("id").asString();

        CliRunTest.Outcome fixed = CliRunTest.run("replay", out.toString(), "--finding", id, "--endpoint",
                endpoint());
        assertThat(fixed.code()).as(fixed.out() + fixed.err()).isZero();
        assertThat(fixed.out()).contains(id + " crash tool render: not reproduced");
    }

    record Shell(int code, String stderr) {}

    static Shell bash(String command) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        byte[] err = p.getErrorStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Shell(p.exitValue(), new String(err, StandardCharsets.UTF_8));
    }
}
