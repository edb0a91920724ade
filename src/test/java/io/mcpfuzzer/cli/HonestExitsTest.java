package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.demo.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/** Exports, tool selection and crash files of real runs against the demo server, in-process. */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:HonestExitsTest") // its methods run one after the other (a lock forces them into one thread)
@Order(3) // started early: one of the longest classes (a long class started last stretches the run)
class HonestExitsTest {
    @TempDir
    Path dir;

    private static CliRunTest.Outcome run(String... args) {
        return CliRunTest.run(args);
    }

    private static String demo() {
        return CliRunTest.endpoint(DemoServer.class);
    }

    @Test
    void aRelativeExportIsUnderTheOutputDirectoryOnceAndItsPathIsPrinted() throws Exception {
        // a relative --output-dir without "..": under the build directory, removed afterwards
        Path relative = Path.of("target", "honest-exits-" + System.nanoTime(), "reports");
        try {
            CliRunTest.Outcome o = run("--mode", "tools", "--endpoint", demo(), "--runs", "2", "--seed", "1",
                    "--tool", "echo", "--output-dir", relative.toString(), "--export-sarif", "findings.sarif");

            assertThat(o.code()).as(o.err()).isZero();
            Path sarif = relative.resolve("findings.sarif").toAbsolutePath();
            assertThat(sarif).isRegularFile();
            assertThat(Json.parse(Files.readString(sarif)).path("version").asString()).isEqualTo("2.1.0");
            assertThat(relative.resolve(relative)).doesNotExist();
            assertThat(o.out()).contains("sarif export: " + sarif.normalize());
        } finally {
            try (Stream<Path> files = Files.walk(relative.getParent())) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void anExportThatCannotBeWrittenExitsOneAndLeavesNoTemporaryFile() throws Exception {
        Path target = Files.createDirectories(dir.resolve("a-directory"));
        CliRunTest.Outcome o = run("--mode", "tools", "--endpoint", demo(), "--runs", "2", "--seed", "1",
                "--tool", "echo", "--output-dir", dir.resolve("reports").toString(), "--export-sarif", target.toString(),
                "--export-csv", "ok.csv");

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).contains("cannot write the sarif export").contains("is a directory");
        assertThat(dir.resolve("reports").resolve("ok.csv")).isRegularFile(); // the other export is still written
        assertThat(dir.resolve("reports").resolve("run_summary.json")).isRegularFile();
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp"))).isEmpty();
        }
        try (Stream<Path> root = Files.list(target.getParent())) {
            assertThat(root.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".a-directory"));
        }
    }

    @Test
    void aToolThatDoesNotExistIsNamedWithTheToolsThatDoAndExitsTwo() {
        CliRunTest.Outcome o = run("--mode", "tools", "--endpoint", demo(), "--runs", "2", "--seed", "1",
                "--tool", "nosuchtool", "--output-dir", dir.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err()).contains("--tool nosuchtool: the server has no such tool").contains("echo")
                .contains("lookup_user").contains("none of the tools selected with --tool exists");
    }

    @Test
    void aMissingToolBesideAnExistingOneIsAWarningOnly() {
        CliRunTest.Outcome o = run("--mode", "tools", "--endpoint", demo(), "--runs", "2", "--seed", "1",
                "--tool", "nosuchtool", "--tool", "echo", "--output-dir", dir.toString());

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.err()).contains("warning: --tool nosuchtool: the server has no such tool");
    }

    @Test
    void anExcludedToolIsNeverCalled() throws Exception {
        // search hangs on invalid input: a 1 s deadline (not the 30 s default) ends each hang sooner;
        // which tools were called does not depend on it
        CliRunTest.Outcome o = run("--mode", "tools", "--endpoint", demo(), "--runs", "2", "--seed", "1",
                "--timeout", "1", "--exclude-tool", "echo", "--output-dir", dir.toString());

        assertThat(o.code()).as(o.err()).isIn(0, 3);
        JsonNode byName = Json.parse(Files.readString(dir.resolve("run_summary.json"))).path("tools").path("by_name");
        assertThat(byName.has("echo")).as(byName.toString()).isFalse();
        assertThat(byName.has("lookup_user")).as(byName.toString()).isTrue();
    }

    @Test
    void crashFilesDescribeTheCrashAndHangFilesHaveNoEmptyCrashBlock() throws Exception {
        // the hangs never answer, so a 1 s deadline only ends each one sooner
        CliRunTest.Outcome o = run("--mode", "tools", "--endpoint", demo(), "--runs", "6", "--seed", "5",
                "--timeout", "1", "--output-dir", dir.toString());

        assertThat(o.code()).as(o.err()).isZero();
        List<Path> files;
        try (Stream<Path> s = Files.list(dir.resolve("crashes"))) {
            files = s.filter(p -> p.toString().endsWith(".json")).toList();
        }
        assertThat(files).anyMatch(p -> p.getFileName().toString().startsWith("crash-"));
        for (Path file : files) {
            JsonNode record = Json.parse(Files.readString(file));
            if (file.getFileName().toString().startsWith("crash-")) {
                assertThat(record.path("crash").isObject()).as(file.toString()).isTrue();
                assertThat(record.path("crash").path("exit_code").isNumber()).isTrue();
                assertThat(record.path("crash").path("stderr_tail").isArray()).isTrue();
            } else {
                assertThat(record.has("crash") && record.get("crash").isNull()).as(file.toString()).isFalse();
            }
        }
    }

    @Test
    void protocolTypeGivenAsAMethodNameFuzzesThatMessageTypeOnly() throws Exception {
        CliRunTest.Outcome o = run("--mode", "protocol", "--endpoint", demo(), "--runs-per-type", "2", "--seed", "1",
                "--protocol-type", "ping", "--no-spec-guard", "--output-dir", dir.toString());

        assertThat(o.code()).as(o.err()).isZero();
        List<String> targets;
        try (Stream<Path> files = Files.walk(dir.resolve("sessions"))) {
            Path jsonl = files.filter(p -> p.getFileName().toString().equals("runs.jsonl")).findFirst().orElseThrow();
            targets = Files.readAllLines(jsonl).stream().map(Json::parse).map(n -> n.path("target").asString()).toList();
        }
        // the other message types are not fuzzed (raw framing cases are not message types and still run)
        assertThat(targets).contains("ping").doesNotContain("tools/list", "tools/call", "resources/list",
                "prompts/list", "logging/setLevel");
    }
}
