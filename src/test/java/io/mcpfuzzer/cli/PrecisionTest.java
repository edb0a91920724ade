package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.testservers.PrecisionServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Precision end to end: {@link PrecisionServer} is correct but looks suspicious (echo tools, a store
 * returning what was stored, a validator quoting the bad value in its error, a slow tool, a log line
 * written on every request under the fs root, SDK-style -32603 validation errors for invalid
 * arguments, no batching, a "shell" tool name that executes nothing). Through the command line with
 * {@code --mode all --phase both --security-audit} it must get no finding of medium or above; its
 * planted twin adds a NaN-garbage tool, a schema-mismatch tool and a tool asking the model for a private
 * key, which must get exactly their finding.
 */
@Timeout(900)
@Execution(ExecutionMode.CONCURRENT)
@Order(9) // started early: one of the longest classes (a long class started last stretches the run)
class PrecisionTest {
    @TempDir
    Path dir;

    @Test
    void theCorrectServerGetsNothingOfMediumOrAbove() throws Exception {
        Path root = dir.resolve("root");
        JsonNode findings = campaign(root, false, dir.resolve("clean"));
        assertThat(serious(findings)).as("medium+ findings on a correct server").isEmpty();
        assertThat(categories(findings)).as("the SDK-style validation answers were seen, once for the server")
                .containsOnlyOnce("internal_error low server-wide");
        JsonNode summary = Json.parse(Files.readString(dir.resolve("clean").resolve("run_summary.json")));
        assertThat(summary.path("warnings").toString()).as("the offline fetch_page is named as cut short")
                .contains("blame the network, missing credentials").contains("getaddrinfo ENOTFOUND");
        assertThat(summary.at("/tools/by_name/fetch_page/environment_failures").asLong()).isPositive();
        assertThat(categories(findings)).as("the task list grows with each call: state, not chance")
                .doesNotContain("non_determinism low plan_task");
        List<String> log = Files.readAllLines(root.resolve("logs").resolve("server.log"));
        assertThat(log).as("the read-only tools were probed while the server wrote its log")
                .anyMatch(l -> l.endsWith("tools/call fetch_value")).anyMatch(l -> l.endsWith("tools/call echo"));
    }

    @Test
    void thePlantedTwinsGetExactlyTheirFinding() throws Exception {
        JsonNode findings = campaign(dir.resolve("root"), true, dir.resolve("planted"));
        assertThat(serious(findings).keySet()).as("medium+ findings: " + serious(findings))
                .containsExactlyInAnyOrder("schema_mismatch tool set_flag", "silent_garbage tool parse_duration",
                        "output_prompt_injection audit open_note MCPF-RESP-005");
        JsonNode mismatch = find(findings, "schema_mismatch");
        assertThat(mismatch.path("evidence").path("examples").size()).isPositive();
        assertThat(mismatch.path("evidence").path("rejected").asInt())
                .isGreaterThanOrEqualTo(mismatch.path("evidence").path("valid_calls").asInt() * 8 / 10);
        assertThat(find(findings, "silent_garbage").path("evidence").path("garbage").asString()).contains("NaN ms");
        assertThat(categories(findings)).as("a read-only tool's counter is no state its calls changed")
                .contains("non_determinism low count_visits").doesNotContain("non_determinism low plan_task");
    }

    private JsonNode campaign(Path root, boolean planted, Path out) throws Exception {
        Files.createDirectories(root);
        List<String> server = new ArrayList<>(List.of("--root", root.toString()));
        if (planted) {
            server.add("--planted");
        }
        String endpoint = String.join(" ", JavaCommand.of(PrecisionServer.class, server.toArray(String[]::new)));
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int code = Main.execute(new String[] {"--mode", "all", "--phase", "both", "--runs", "6", "--runs-per-type", "2",
            "--seed", "5", "--timeout", "10", "--security-audit", "--fs-root", root.toString(), "--sandbox", "none",
            "--protocol", "stdio", "--endpoint", endpoint, "--output-dir", out.toString()},
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8),
                Map.of("PATH", System.getenv("PATH")));
        assertThat(code).as(stderr.toString(StandardCharsets.UTF_8)).isZero();
        return Json.parse(Files.readString(out.resolve("findings.json")));
    }

    /** Medium+ findings as "category kind target [check_id]" (details in the map values). */
    private static TreeMap<String, String> serious(JsonNode findings) {
        TreeMap<String, String> out = new TreeMap<>();
        for (JsonNode f : findings.path("findings")) {
            if (Severity.parse(f.path("severity").asString("info")).atLeast(Severity.MEDIUM)) {
                out.put(f.path("category").asString("") + " " + f.path("kind").asString("") + " "
                        + f.path("target").asString("") + ("".equals(f.path("check_id").asString("")) ? ""
                                : " " + f.path("check_id").asString("")), f.path("detail").asString(""));
            }
        }
        return out;
    }

    private static List<String> categories(JsonNode findings) {
        List<String> out = new ArrayList<>();
        for (JsonNode f : findings.path("findings")) {
            boolean merged = f.path("evidence").path("covers_total").asInt(0) >= 1;
            out.add(f.path("category").asString("") + " " + f.path("severity").asString("")
                    + (merged ? " server-wide" : " " + f.path("target").asString("")));
        }
        return out;
    }

    private static JsonNode find(JsonNode findings, String category) {
        for (JsonNode f : findings.path("findings")) {
            if (category.equals(f.path("category").asString(""))) {
                return f;
            }
        }
        throw new AssertionError("no " + category + " in " + findings);
    }
}
