package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.PythonFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A real CLI run with {@code --coverage-budget}: the coverage runs are recorded with phase
 * {@code coverage}, findings.json names each finding's {@code strategy}, run_summary.json lists per
 * tool the classes covered and the cases cut, and the HTML report shows both.
 */
@Timeout(300)
class CoverageReportTest {
    @TempDir
    Path dir;

    @Test
    void theCoveragePassIsReportedPerToolAndPerFinding() throws Exception {
        Path out = dir.resolve("r");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--endpoint", PythonFixture.endpoint("coverage_twins_server.py"),
                "--tool", "title_tool", "--tool", "strict_tool", "--runs", "1", "--phase", "realistic", "--seed", "7",
                "--max-concurrency", "1", "--timeout", "5", "--coverage-budget", "8", "--export-html", "report.html",
                "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isZero();

        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        JsonNode title = summary.at("/tools/by_name/title_tool/coverage");
        assertThat(title.path("budget").asInt()).isEqualTo(8);
        assertThat(title.path("cases").asInt()).isEqualTo(8);
        assertThat(title.path("cut").asInt()).isEqualTo(14 - 8); // 12 classes of /title, 2 of the root object
        List<String> classes = new ArrayList<>();
        title.path("classes").forEach(c -> classes.add(c.asString()));
        assertThat(classes).contains("string.empty", "string.bidi.rlo", "object.missing_required").isSorted();
        JsonNode strict = summary.at("/tools/by_name/strict_tool/coverage");
        assertThat(strict.path("cases").asInt()).isEqualTo(8);

        List<JsonNode> runs = new ArrayList<>();
        try (Stream<Path> files = Files.walk(out.resolve("sessions"))) {
            Path jsonl = files.filter(p -> p.getFileName().toString().equals("runs.jsonl")).findFirst().orElseThrow();
            Files.readAllLines(jsonl).forEach(line -> runs.add(Json.parse(line)));
        }
        assertThat(runs.stream().filter(r -> r.path("phase").asString().equals("coverage"))).hasSize(16);
        assertThat(runs.stream().filter(r -> r.path("phase").asString().equals("realistic"))).hasSize(2);

        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json")));
        JsonNode crash = null;
        for (JsonNode f : findings.path("findings")) {
            assertThat(f.has("strategy")).isTrue();
            if (f.path("category").asString().equals("crash")) {
                crash = f;
            }
        }
        assertThat(crash).isNotNull();
        assertThat(crash.path("target").asString()).isEqualTo("title_tool");
        assertThat(crash.path("strategy").asString()).matches("string\\.(bidi\\.[a-z]+|non_bmp\\.[a-z]+)@/title");

        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("Coverage pass per tool").contains("<td>title_tool</td><td class=\"num\">8</td>")
                .contains("string.bidi.rlo").contains("Strategy: <code>" + crash.path("strategy").asString() + "</code>");
    }

    @Test
    void aNegativeBudgetIsAUsageError() {
        CliRunTest.Outcome o = CliRunTest.run("--endpoint", "x", "--coverage-budget", "-1");
        assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err()).contains("--coverage-budget");
    }
}
