package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class RunRecorderTest {
    /** Lines recorded either side of the size boundary in the truncation test. */
    private static final int SPREAD = 30;

    @TempDir
    Path out;

    private static RunResult run(String target, int index, String outcome, String inputJson) {
        return new RunResult("tool", target, index, "aggressive", Json.parse(inputJson), null, false, outcome, 12.5,
                outcome.equals("rejected") ? -32602 : null, "answer " + index, List.of());
    }

    private static List<String> lines(Path file) throws Exception {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    @Test
    void streamsEachRunToDiskWhileOpen() throws Exception {
        try (RunRecorder recorder = RunRecorder.open(out, "../evil/session", Redactor.standard())) {
            Path file = recorder.file();
            assertThat(file.getParent().getParent()).isEqualTo(out.resolve("sessions"));
            assertThat(recorder.record(run("echo", 0, "ok", "{\"text\":\"a\",\"progressToken\":\"p1\",\"api_key\":\"k9\"}"))).isTrue();
            assertThat(lines(file)).hasSize(1);
            long size = Files.size(file);
            recorder.record(run("echo", 1, "crash", "{\"text\":\"b\"}"));
            assertThat(Files.size(file)).isGreaterThan(size);
            List<String> lines = lines(file);
            assertThat(lines).hasSize(2);
            JsonNode first = Json.parse(lines.get(0));
            assertThat(first.path("target").asString()).isEqualTo("echo");
            assertThat(first.path("input").path("progressToken").asString()).isEqualTo("p1");
            assertThat(first.path("input").path("api_key").asString()).isEqualTo(Redactor.MASK);
            assertThat(first.has("latency_ms")).isTrue();
            assertThat(first.has("input_valid")).isTrue();
            assertThat(first.path("seq").asLong()).isZero();
            assertThat(recorder.perTarget()).containsEntry("tool:echo", java.util.Map.of("ok", 1L, "crash", 1L));
        }
    }

    @Test
    @Timeout(120)
    void manyThreadsProduceOnlyCompleteValidLines() throws Exception {
        RunRecorder recorder = RunRecorder.open(out, "s", Redactor.standard());
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 300; i++) {
                        recorder.record(run("t" + (thread % 3), i, i % 2 == 0 ? "ok" : "rejected",
                                "{\"payload\":\"" + "x".repeat(i * 7) + "\"}"));
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get(100, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        // read while still open: every line written so far is complete JSON
        List<String> lines = lines(recorder.file());
        recorder.close();
        assertThat(lines).hasSize(2400);
        lines.forEach(line -> assertThat(Json.parse(line).path("outcome").asString()).isIn("ok", "rejected"));
        assertThat(recorder.totalRuns()).isEqualTo(2400);
        long sum = recorder.perTarget().values().stream().flatMap(m -> m.values().stream()).mapToLong(Long::longValue).sum();
        assertThat(sum).isEqualTo(2400);
        assertThat(recorder.outcomes()).containsEntry("ok", 1200L).containsEntry("rejected", 1200L);
        assertThat(recorder.record(run("late", 0, "ok", "{}"))).isFalse();
        assertThat(lines(recorder.file())).hasSize(2400);
    }

    @Test
    void deepAndHugeInputsStillGiveOneValidLine() throws Exception {
        try (RunRecorder recorder = RunRecorder.open(out, "s", Redactor.standard(), 8192)) {
            String deep = "[".repeat(1200) + "]".repeat(1200);
            recorder.record(run("deep", 0, "ok", deep));
            recorder.record(run("huge", 1, "ok", "{\"s\":\"" + "y".repeat(100_000) + "\"}"));
            List<String> lines = lines(recorder.file());
            assertThat(lines).hasSize(2);
            assertThat(Json.parse(lines.get(0)).path("input").isArray()).isTrue();
            JsonNode huge = Json.parse(lines.get(1));
            assertThat(huge.path("truncated").asBoolean()).isTrue();
            assertThat(lines.get(1).length()).isLessThan(8192);
        }
    }

    @Test
    void linesUpToTheMaximumAreKeptWholeAndLongerOnesDigested() throws Exception {
        int max = 8192;
        // measure the line of a run whose answer has 1000 characters, then aim around max bytes; the
        // time stamp's length varies by up to 10 characters (trailing zeros of the nanoseconds are dropped, all of
        // them with the dot at a whole second), so the probe's line may be that much shorter or longer than the
        // others: 30 lines either side reach past the boundary whatever the stamps, and no two neighbours
        // differ by more than 11 bytes, so one of them lands within 12 bytes under the maximum
        int base;
        try (RunRecorder probe = RunRecorder.open(out.resolve("probe"), "p", Redactor.standard(), max)) {
            probe.record(answer(0, 1000));
            base = Files.readAllBytes(probe.file()).length - 1000;
        }
        try (RunRecorder recorder = RunRecorder.open(out, "s", Redactor.standard(), max)) {
            for (int k = -SPREAD; k <= SPREAD; k++) {
                recorder.record(answer(k + SPREAD, max - base + k));
            }
            List<String> lines = lines(recorder.file());
            assertThat(lines).hasSize(2 * SPREAD + 1);
            int longestKept = 0;
            int smallestCut = Integer.MAX_VALUE;
            int biggestKeptAnswer = -1;
            for (int i = 0; i < lines.size(); i++) {
                JsonNode line = Json.parse(lines.get(i));
                assertThat(line.path("seq").asLong()).isEqualTo(i);
                int bytes = lines.get(i).getBytes(StandardCharsets.UTF_8).length + 1;
                if (line.has("truncated")) {
                    smallestCut = Math.min(smallestCut, max - base + i - SPREAD);
                    assertThat(bytes).isLessThan(max);
                } else {
                    assertThat(bytes).isLessThanOrEqualTo(max);
                    assertThat(line.path("response").asString()).hasSize(max - base + i - SPREAD);
                    longestKept = Math.max(longestKept, bytes);
                    biggestKeptAnswer = max - base + i - SPREAD;
                }
            }
            assertThat(longestKept).isGreaterThan(max - 12);
            assertThat(smallestCut).isGreaterThan(biggestKeptAnswer);
        }
    }

    private static RunResult answer(int index, int chars) {
        return new RunResult("tool", "t", index, "aggressive", Json.parse("{}"), null, true, "ok", 1.0, null,
                "z".repeat(chars), List.of());
    }
}
