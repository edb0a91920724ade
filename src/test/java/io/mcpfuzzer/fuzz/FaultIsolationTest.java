package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.cli.ExitCodes;
import io.mcpfuzzer.cli.Main;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.EchoToolsServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.JsonNode;

/**
 * End to end through the command line against a real fixture server: failures injected into the
 * fuzzer's own steps ({@link FaultInjection}) are counted in run_summary.json and the run goes on;
 * a failure that stops the campaign still leaves both report files, with status {@code error}.
 */
@Timeout(300)
@Isolated // sets a global test hook that would fault the campaigns of concurrent classes
class FaultIsolationTest {
    @TempDir
    Path dir;

    record Outcome(int code, String out, String err) {}

    @AfterEach
    void off() {
        FaultInjection.hook = null;
    }

    private static Outcome run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of("PATH", System.getenv("PATH")));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aThrowingCheckAndAFailingGeneratorAreCountedAndTheRunCompletes() throws Exception {
        AtomicInteger generated = new AtomicInteger();
        FaultInjection.hook = step -> {
            if (step.equals("inspector")) {
                throw new StackOverflowError();
            }
            if (step.equals("answer_stats")) { // latency and schema statistics of an answer: the run is still recorded
                throw new IllegalStateException("value not in 64-bit double range");
            }
            if (step.equals("generate") && generated.getAndIncrement() % 4 == 0) {
                throw new IllegalArgumentException("Illegal group reference");
            }
        };
        Path out = dir.resolve("r");
        Outcome o = run("--mode", "tools", "--endpoint", CliCampaigns.endpoint(EchoToolsServer.class), "--runs", "4",
                "--phase", "both", "--seed", "3", "--timeout", "5", "--coverage-budget", "0", "--output-dir",
                out.toString());

        assertThat(o.code()).as(o.err()).isZero();
        List<JsonNode> runs = runs(out);
        assertThat(runs).hasSize(3 * 8); // every run is recorded, including the ones that could not be generated
        long failedGeneration = runs.stream().filter(r -> outcome(r).equals("fuzzer_error")).count();
        long inspected = runs.stream()
                .filter(r -> !Set.of("fuzzer_error", "crash", "hang", "safety_blocked").contains(outcome(r))).count();
        assertThat(failedGeneration).isEqualTo(6);
        assertThat(inspected).isEqualTo(18);

        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("status").asString()).isEqualTo("completed");
        JsonNode errors = summary.path("fuzzer_errors");
        assertThat(errors.path("total").asLong()).isEqualTo(failedGeneration + 2 * inspected);
        Map<String, JsonNode> byCheck = new HashMap<>();
        errors.path("entries").forEach(e -> byCheck.put(e.path("check").asString(), e));
        assertThat(byCheck.keySet()).containsExactlyInAnyOrder("inspector", "generate", "answer_stats");
        assertThat(byCheck.get("answer_stats").path("count").asLong()).isEqualTo(inspected);
        assertThat(byCheck.get("inspector").path("exception").asString()).isEqualTo("java.lang.StackOverflowError");
        assertThat(byCheck.get("inspector").path("count").asLong()).isEqualTo(inspected);
        assertThat(byCheck.get("inspector").path("input").asString()).startsWith("{");
        assertThat(byCheck.get("inspector").path("stack").size()).isPositive();
        assertThat(byCheck.get("generate").path("exception").asString()).isEqualTo("java.lang.IllegalArgumentException");
        assertThat(byCheck.get("generate").path("message").asString()).isEqualTo("Illegal group reference");
        assertThat(byCheck.get("generate").path("count").asLong()).isEqualTo(failedGeneration);
        assertThat(byCheck.get("generate").path("input").asString()).startsWith("tool ");

        long perTargetErrors = 0;
        for (JsonNode outcomes : summary.path("per_target")) {
            perTargetErrors += outcomes.path("fuzzer_error").asLong(0);
        }
        assertThat(perTargetErrors).isEqualTo(failedGeneration);
        assertThat(summary.at("/tools/total_runs").asLong()).isEqualTo(runs.size());
        long pythonExceptions = 0;
        for (JsonNode tool : summary.at("/tools/by_name")) {
            pythonExceptions += tool.at("/outcomes/exceptions").asLong();
        }
        assertThat(pythonExceptions).isEqualTo(failedGeneration);
        assertThat(Files.exists(out.resolve("findings.json"))).isTrue();
        assertThat(o.err()).contains("internal error(s) and went on");
    }

    @Test
    void whenTheCampaignCannotContinueBothFilesSayErrorAndTheExitCodeIsOne() throws Exception {
        FaultInjection.hook = step -> {
            if (step.equals("campaign")) {
                throw new IllegalStateException("injected: the campaign cannot continue");
            }
        };
        Path out = dir.resolve("e");
        Outcome o = run("--mode", "tools", "--endpoint", CliCampaigns.endpoint(EchoToolsServer.class), "--runs", "2",
                "--seed", "3", "--timeout", "5", "--output-dir", out.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("status").asString()).isEqualTo("error");
        assertThat(summary.path("status_reason").asString()).contains("injected: the campaign cannot continue");
        assertThat(summary.at("/fuzzer_errors/total").asLong()).isEqualTo(1);
        assertThat(summary.at("/fuzzer_errors/entries/0/check").asString()).isEqualTo("campaign");
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json")));
        assertThat(findings.path("count").asInt()).isZero();
        assertThat(findings.at("/run_info/status").asString()).isEqualTo("error");
        assertThat(o.err()).contains("could not continue").contains("injected").doesNotContain("\tat ");
    }

    /**
     * An interrupt that a step's guard swallowed (the audit probes of @elastic/mcp-server-elasticsearch at SIGTERM)
     * stops the campaign before its next step: the spec guard ran against the server the shutdown was stopping
     * and reported SPEC-PING-001 ("ping not answered: CLOSED") and SPEC-LIFE-001 as high findings.
     */
    @Test
    void anInterruptAfterTheToolsStopsTheRunBeforeTheProtocolSteps() throws Exception {
        FaultInjection.hook = step -> {
            if (step.equals("tools_done")) {
                Thread.currentThread().interrupt();
            }
        };
        Path out = dir.resolve("i");
        Outcome o;
        try {
            o = run("--mode", "all", "--endpoint", CliCampaigns.endpoint(EchoToolsServer.class), "--runs", "2",
                    "--seed", "3", "--timeout", "5", "--output-dir", out.toString());
        } finally {
            Thread.interrupted(); // the campaign ran on this thread
        }
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("status").asString()).as(o.err()).isEqualTo("interrupted");
        assertThat(runs(out)).isNotEmpty().allSatisfy(r -> assertThat(r.path("kind").asString()).isEqualTo("tool"));
        assertThat(out.resolve("spec_guard.json")).doesNotExist();
        assertThat(Json.parse(Files.readString(out.resolve("findings.json"))).toString()).doesNotContain("spec_violation");
    }

    private static String outcome(JsonNode run) {
        return run.path("outcome").asString("");
    }

    private static List<JsonNode> runs(Path out) throws Exception {
        Path jsonl;
        try (Stream<Path> files = Files.walk(out.resolve("sessions"), 3)) {
            jsonl = files.filter(p -> p.getFileName().toString().equals("runs.jsonl")).findFirst().orElseThrow();
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(jsonl, StandardCharsets.UTF_8)) {
            lines.add(Json.parse(line));
        }
        return lines;
    }
}
