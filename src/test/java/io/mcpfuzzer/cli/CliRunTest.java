package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.demo.DemoServer;
import io.mcpfuzzer.testservers.HostileNamesServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/** The first end-to-end path through the command line, in-process. */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@Order(8) // started early: one of the longest classes (a long class started last stretches the run)
class CliRunTest {
    @TempDir
    Path dir;

    record Outcome(int code, String out, String err) {}

    static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of("PATH", System.getenv("PATH")));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String endpoint(Class<?> server) {
        return String.join(" ", JavaCommand.of(server));
    }

    @Test
    void fuzzesTheDemoServerAndWritesTheCoreFiles() throws Exception {
        Path out = dir.resolve("reports");
        Outcome o = run("--mode", "tools", "--protocol", "stdio", "--endpoint", endpoint(DemoServer.class),
                "--runs", "6", "--phase", "both", "--seed", "5", "--timeout", "3", "--coverage-budget", "0",
                "--output-dir", out.toString());

        assertThat(o.code()).as(o.err()).isZero();
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json")));
        assertThat(findings.get("count").asInt()).isEqualTo(findings.get("findings").size()).isPositive();
        List<String> categories = new ArrayList<>();
        findings.get("findings").forEach(f -> categories.add(f.get("category").asString()));
        assertThat(categories).contains("crash", "hang", "error_leakage");
        for (JsonNode f : findings.get("findings")) {
            assertThat(f.has("severity") && f.has("kind") && f.has("target") && f.has("detail") && f.has("evidence")
                    && f.has("id")).isTrue();
        }
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.toString()).contains("completed").contains("\"seed\":5");
        try (Stream<Path> crashes = Files.list(out.resolve("crashes"))) {
            assertThat(crashes.filter(p -> p.toString().endsWith(".json")).count()).isGreaterThanOrEqualTo(2);
        }
        try (Stream<Path> runs = Files.walk(out.resolve("sessions"))) {
            Path jsonl = runs.filter(p -> p.getFileName().toString().equals("runs.jsonl")).findFirst().orElseThrow();
            List<String> lines = Files.readAllLines(jsonl);
            assertThat(lines).hasSize(5 * 12);
            lines.forEach(Json::parse);
        }
        assertThat(o.out()).contains("Findings");
    }

    @Test
    void failOnGatesTheExitCode() {
        Outcome o = run("--mode", "tools", "--endpoint", endpoint(DemoServer.class), "--runs", "40", "--seed", "2",
                "--timeout", "2", "--tool", "lookup_user", "--fail-on", "medium", "--output-dir", dir.toString());
        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.FINDINGS);
    }

    @Test
    void everyExportIsWrittenWithTheFindings() throws Exception {
        Path out = dir.resolve("x");
        Outcome o = run("--mode", "tools", "--endpoint", endpoint(DemoServer.class), "--runs", "4", "--seed", "8",
                "--timeout", "2", "--tool", "read_note", "--output-dir", out.toString(), "--export-csv", "f.csv",
                "--export-xml", "f.xml", "--export-html", "f.html", "--export-markdown", "f.md",
                "--export-sarif", "f.sarif", "--export-junit", "junit.xml", "--fail-on", "high");
        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.FINDINGS);
        JsonNode sarif = Json.parse(Files.readString(out.resolve("f.sarif")));
        assertThat(sarif.get("version").asString()).isEqualTo("2.1.0");
        assertThat(sarif.at("/runs/0/results/0/ruleId").asString()).isEqualTo("crash");
        assertThat(sarif.at("/runs/0/results/0/level").asString()).isEqualTo("error");
        var factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        var junit = factory.newDocumentBuilder().parse(out.resolve("junit.xml").toFile());
        assertThat(junit.getElementsByTagName("failure").getLength()).isPositive();
        factory.newDocumentBuilder().parse(out.resolve("f.xml").toFile());
        assertThat(Files.readString(out.resolve("f.csv"))).contains("crash").contains("read_note");
        assertThat(Files.readString(out.resolve("f.md"))).contains("crash");
        String html = Files.readString(out.resolve("f.html"));
        assertThat(html).contains("<svg").contains("read_note").doesNotContain("<script");
    }

    @Test
    void specSchemaVersionPicksTheOfferedVersionAndSafetyReportIsWritten() throws Exception {
        Path out = dir.resolve("v");
        Outcome o = run("--mode", "tools", "--endpoint", endpoint(DemoServer.class), "--runs", "2", "--seed", "1",
                "--tool", "add", "--spec-schema-version", "2025-03-26", "--safety-report", "--output-dir",
                out.toString());
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("protocol_version").asString()).isEqualTo("2025-03-26");
        JsonNode safety = Json.parse(Files.readString(out.resolve("safety_report.json")));
        assertThat(safety.toString()).contains("environment");
    }

    @Test
    void failIfNoToolsExitsTwoWhenTheServerListsNone() {
        Outcome o = run("--mode", "tools", "--endpoint", endpoint(io.mcpfuzzer.testservers.ScriptedServer.class),
                "--runs", "1", "--fail-if-no-tools", "--output-dir", dir.toString());
        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.NO_TOOLS);
        assertThat(o.err()).contains("no tools");
    }

    @Test
    void aTargetThatCannotStartBlocksTheRunWithAReason() throws Exception {
        Outcome o = run("--mode", "tools", "--endpoint", "/nonexistent/server --flag", "--runs", "1",
                "--output-dir", dir.toString());
        assertThat(o.code()).isEqualTo(ExitCodes.ERROR);
        JsonNode summary = Json.parse(Files.readString(dir.resolve("run_summary.json")));
        assertThat(summary.toString()).contains("blocked").contains("nonexistent");
    }

    @Test
    void unbalancedQuotesInTheEndpointAreAClearError() {
        Outcome o = run("--endpoint", "node 'server.js", "--output-dir", dir.toString());
        assertThat(o.code()).isEqualTo(ExitCodes.ERROR);
        assertThat(o.err()).containsIgnoringCase("quote");
    }

    @Test
    void hostileServerTextNeverReachesTheConsoleOrFileNamesRaw() throws Exception {
        Path out = dir.resolve("r");
        Outcome o = run("--mode", "tools", "--endpoint", endpoint(HostileNamesServer.class), "--runs", "2",
                "--seed", "3", "--output-dir", out.toString());
        assertThat(o.out()).contains("crash").doesNotContain("\u001b[2J").doesNotContain("\u001b]")
                .doesNotContain("\u202e").doesNotContain("\u0007");
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile)).isNotEmpty()
                    .allSatisfy(p -> assertThat(p.normalize().startsWith(out)).as(p.toString()).isTrue())
                    .allSatisfy(p -> assertThat(p.getFileName().toString()).doesNotContain("\u001b", "\u202e"));
        }
    }
}
