package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.demo.DemoServer;
import io.mcpfuzzer.testservers.CleanProtocolServer;
import io.mcpfuzzer.testsupport.PythonFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * {@code --format json}, {@code -q}, {@code --color} and {@code --list} through the real command
 * line, in-process against real fixture servers.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:OutputOptionsTest")
class OutputOptionsTest {
    private static final String ESC = "\u001b[";

    @TempDir
    Path dir;

    static CliRunTest.Outcome run(Map<String, String> extraEnv, String... args) {
        Map<String, String> env = new HashMap<>(extraEnv);
        env.put("PATH", System.getenv("PATH"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new CliRunTest.Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private String demo() {
        return CliRunTest.endpoint(DemoServer.class);
    }

    private String clean() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("served"));
        return CliRunTest.endpoint(CleanProtocolServer.class) + " " + folder;
    }

    /** Loads {@code text} with python3's json.load and returns what the script printed. */
    private String python(String text, String expression) throws Exception {
        Path file = Files.writeString(dir.resolve("stdout.json"), text);
        Process p = new ProcessBuilder(PythonFixture.python(), "-c",
                "import json,sys\nd=json.load(open(sys.argv[1]))\nprint(" + expression + ")", file.toString())
                .redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readNBytes(1 << 20), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(printed).isZero();
        return printed.strip();
    }

    @Test
    void formatJsonPutsOneJsonDocumentOnStdoutAndTheHumanTextOnStderr() throws Exception {
        Path out = dir.resolve("reports");
        CliRunTest.Outcome o = run(Map.of(), "--mode", "tools", "--endpoint", demo(), "--tool", "lookup_user",
                "--runs", "12", "--seed", "2", "--timeout", "2", "--format", "json", "--fail-on", "medium",
                "--export-sarif", "f.sarif", "--output-dir", out.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.FINDINGS);
        assertThat(o.out()).doesNotContain("MCP Fuzzer Summary").doesNotContain("reports:");
        assertThat(o.err()).contains("=== MCP Fuzzer Summary ===").contains("sarif export:");
        assertThat(python(o.out(), "d['status'], d['exit_code'], d['findings']['total'] == len(d['findings']['items'])"))
                .isEqualTo("completed 3 True");
        JsonNode doc = Json.parse(o.out());
        assertThat(doc.path("findings").path("by_severity").propertyNames()).containsExactly("critical", "high",
                "medium", "low", "info");
        JsonNode first = doc.path("findings").path("items").get(0);
        assertThat(first.path("id").asString()).isNotBlank();
        assertThat(first.path("kind").asString()).isEqualTo("tool");
        assertThat(first.path("target").asString()).isEqualTo("lookup_user");
        assertThat(doc.path("reports").path("findings_json").asString())
                .isEqualTo(out.toAbsolutePath().resolve("findings.json").toString());
        assertThat(Path.of(doc.path("reports").path("exports").path("sarif").asString())).exists();
    }

    @Test
    void quietPrintsOnlyTheVerdictAndDropsWarnings() throws Exception {
        CliRunTest.Outcome o = run(Map.of("MCP_FUZZER_RUNZ", "3"), "-q", "--mode", "tools", "--endpoint", clean(),
                "--runs", "2", "--output-dir", dir.resolve("r").toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out().lines().toList()).hasSize(1);
        assertThat(o.out()).startsWith("mcp-fuzzer: completed, 0 findings, exit 0; reports in ");
        assertThat(o.err()).doesNotContain("warning").doesNotContain("MCP_FUZZER_RUNZ");

        CliRunTest.Outcome loud = run(Map.of("MCP_FUZZER_RUNZ", "3"), "--endpoint", "x", "--print-config");
        assertThat(loud.err()).contains("MCP_FUZZER_RUNZ"); // the same warning without -q
    }

    @Test
    void colourFollowsColorAndNoColor() throws Exception {
        List<String> args = List.of("--mode", "tools", "--endpoint", clean(), "--runs", "1", "--output-dir",
                dir.resolve("r").toString());
        String[] always = concat(args, "--color", "always");
        assertThat(run(Map.of(), always).out()).contains(ESC);
        assertThat(run(Map.of("NO_COLOR", "1"), always).out()).doesNotContain(ESC);
        assertThat(run(Map.of(), concat(args, "--color", "never")).out()).doesNotContain(ESC).contains("Findings");
        assertThat(run(Map.of(), concat(args, "--color", "always", "--no-color")).out()).doesNotContain(ESC);
    }

    private static String[] concat(List<String> args, String... more) {
        List<String> all = new java.util.ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void listPrintsTheSurfaceWithoutFuzzing() throws Exception {
        String endpoint = clean();
        CliRunTest.Outcome text = run(Map.of(), "--endpoint", endpoint, "--list", "--output-dir",
                dir.resolve("r").toString());
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("Server:       clean-protocol").contains("Capabilities: tools, resources, prompts")
                .contains("add(a*, b*)").contains("readme").contains("summarize(topic*, style)");
        assertThat(dir.resolve("r").resolve("findings.json")).doesNotExist();

        CliRunTest.Outcome json = run(Map.of(), "--endpoint", endpoint, "--list", "--format", "json");
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(python(json.out(), "d['server_info']['name'], [p['name'] for p in d['tools'][0]['parameters']], "
                + "d['prompts'][0]['name'], len(d['resources'])")).isEqualTo("clean-protocol ['a', 'b'] summarize 1");
    }

    @Test
    void quietStillPrintsErrorsAndJsonStillDescribesABlockedRun() throws Exception {
        String missing = dir.resolve("no-such-server").toString();
        CliRunTest.Outcome quiet = run(Map.of(), "-q", "--mode", "tools", "--endpoint", missing, "--output-dir",
                dir.resolve("q").toString());
        assertThat(quiet.code()).isEqualTo(ExitCodes.ERROR);
        assertThat(quiet.out()).startsWith("mcp-fuzzer: blocked, 0 findings, exit 1;");
        assertThat(quiet.err()).contains("does not exist");

        CliRunTest.Outcome json = run(Map.of(), "--format", "json", "--mode", "tools", "--endpoint", missing,
                "--output-dir", dir.resolve("j").toString());
        assertThat(json.code()).isEqualTo(ExitCodes.ERROR);
        assertThat(python(json.out(), "d['status'], d['exit_code']")).isEqualTo("blocked 1");
    }

    @Test
    void listOfATargetThatCannotStartIsAnError() {
        CliRunTest.Outcome o = run(Map.of(), "--endpoint", dir.resolve("no-such-server").toString(), "--list");
        assertThat(o.code()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("cannot list the target");
        CliRunTest.Outcome demo = run(Map.of(), "--list", "demo");
        assertThat(demo.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(demo.err()).contains("--list lists a server given with --endpoint");
    }
}
