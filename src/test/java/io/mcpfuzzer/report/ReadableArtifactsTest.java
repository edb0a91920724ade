package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.report.export.ExportFormat;
import io.mcpfuzzer.testsupport.JsonReaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Hostile evidence (3,000-deep and 1,500-deep inputs, 10 MB strings, huge arrays, lone surrogates,
 * a 63-bit seed) written through the normal writer path: every JSON artifact must be readable by
 * python3's json and by jq, no deeper than 64, with no string over 64 KiB, every truncation
 * marker must carry the size and SHA-256 of what it replaced, and seeds must have string twins.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ReadableArtifactsTest") // its methods run one after the other (a lock forces them into one thread)
@Order(2) // started early: one of the longest classes (a long class started last stretches the run)
class ReadableArtifactsTest {
    static final long SEED = 9_223_372_036_854_775_793L; // 2^63 - 15: jq 1.6 prints it wrong
    static final long SUB_SEED = 9_007_199_254_740_993L; // 2^53 + 1
    static final String TEN_MB = "r" + "x".repeat(10 * 1024 * 1024);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @TempDir
    Path out;

    /** {@code {"jsonrpc":"2.0","method":"ping","params":{"x":[[...[1]...]]}}} with {@code arrays} arrays. */
    static ObjectNode deepMessage(int arrays) {
        ObjectNode message = NODES.objectNode().put("jsonrpc", "2.0").put("method", "ping");
        message.putObject("params").set("x", EvidenceCapTest.nestedArrays(arrays));
        return message;
    }

    static String deepMessageText(int arrays) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"x\":" + EvidenceCapTest.nestedArraysText(arrays) + "}}";
    }

    static ArrayNode hugeArray() {
        ArrayNode array = NODES.arrayNode();
        for (int i = 0; i < 200_000; i++) {
            array.add("item-" + i);
        }
        return array;
    }

    static List<Finding> findings() {
        Map<String, Object> crash = new LinkedHashMap<>();
        crash.put("input", deepMessage(3_000));
        crash.put("response", TEN_MB);
        crash.put("samples", hugeArray());
        crash.put("crash", Map.of("stderr_tail", TEN_MB, "exit_code", 3));
        Map<String, Object> hang = new LinkedHashMap<>();
        hang.put("input", deepMessage(1_500));
        hang.put("sub_seed", SUB_SEED);
        hang.put("note", "lone \uD800 surrogate");
        return List.of(
                Finding.of("crash", Severity.CRITICAL, "protocol", "PingRequest", 3, "died on deep input", crash, "s1"),
                Finding.of("hang", Severity.HIGH, "protocol", "deep\uDC00target", 4, "x".repeat(100_000), hang, "s2"));
    }

    static RunSummary summary() {
        Map<String, Object> serverInfo = new LinkedHashMap<>();
        serverInfo.put("name", "deep");
        serverInfo.put("meta", EvidenceCapTest.nestedArrays(2_000));
        RunSummary base = Fixtures.summary("completed");
        return new RunSummary(base.status(), base.statusReason(), SEED, "protocol", base.phase(), base.transport(),
                base.endpoint(), base.protocolVersion(), serverInfo, base.commandLine(), base.fuzzerVersion(),
                base.startedAt(), base.endedAt(), base.totalRuns(), base.perTarget(), base.findingsByCategory(),
                base.findingsBySeverity(), base.containment(), base.warnings());
    }

    @Test
    void everyArtifactReadsInPythonAndJqWithMarkersAndSeedStrings() throws Exception {
        Report report = Report.of("sess-caps", summary(), findings(), Redactor.standard());
        ReportWriter writer = new ReportWriter(out);
        writer.writeAll(report);
        for (ExportFormat format : ExportFormat.values()) {
            format.write(writer, report, null, Severity.HIGH);
        }
        try (RunRecorder recorder = RunRecorder.open(out, "sess-caps", Redactor.standard())) {
            recorder.record(new RunResult("protocol", "PingRequest", 0, "aggressive", deepMessage(3_000), null, null,
                    "hang", 1.0, null, null, List.of("hang")));
            recorder.record(new RunResult("protocol", "Ping\uD800", 1, "aggressive", deepMessage(1_500), TEN_MB,
                    false, "crash", 2.0, -32600, TEN_MB, List.of("crash")));
            recorder.record(new RunResult("tool", "echo", 2, "realistic", hugeArray(), null, true, "ok", 3.0, null,
                    "fine", List.of()));
        }

        List<Path> files = JsonReaders.jsonFiles(out);
        assertThat(files).extracting(p -> out.relativize(p).toString().replace('\\', '/'))
                .contains("findings.json", "run_summary.json", "report.sarif", "sessions/sess-caps/runs.jsonl")
                .anyMatch(name -> name.startsWith("crashes/crash-protocol-PingRequest"))
                .anyMatch(name -> name.startsWith("crashes/hang-protocol-deep"));
        int markers = 0;
        for (Path file : files) {
            JsonReaders.Stats stats = JsonReaders.assertReadable(file);
            assertThat(stats.depth()).as("depth of %s", file).isLessThanOrEqualTo(EvidenceCap.MAX_DOCUMENT_DEPTH);
            assertThat(stats.longestString()).as("longest string in %s", file)
                    .isLessThanOrEqualTo(EvidenceCap.MAX_STRING_BYTES);
            for (JsonNode doc : documents(file)) {
                markers += checkMarkers(doc);
            }
        }
        assertThat(markers).isGreaterThan(10);

        JsonNode findingsDoc = read(out.resolve("findings.json"));
        JsonNode crash = findingsDoc.path("findings").get(0);
        JsonNode response = crash.path("evidence").path("response");
        assertThat(response.path("truncated").asBoolean()).isTrue();
        assertThat(response.path("original_size").asLong()).isEqualTo(TEN_MB.length());
        assertThat(response.path("sha256").asString()).isEqualTo(EvidenceCapTest.sha256(TEN_MB));
        JsonNode samples = crash.path("evidence").path("samples");
        assertThat(samples.path("reason").asString()).isEqualTo("entries");
        assertThat(samples.path("original_entries").asInt()).isEqualTo(200_000);
        assertThat(crash.path("evidence").path("input_raw").path("truncated").isMissingNode())
                .as("3,000 levels of arrays are ~6 KB of text: kept whole").isTrue();
        JsonNode hang = findingsDoc.path("findings").get(1);
        String exact = deepMessageText(1_500);
        assertThat(hang.path("evidence").path("input_raw").asString()).isEqualTo(exact);
        assertThat(hang.path("replay").path("input_raw").asString()).isEqualTo(exact);
        assertThat(hang.path("target").asString()).isEqualTo("deep\uFFFDtarget");
        assertThat(hang.path("detail").path("original_size").asLong()).isEqualTo(100_000);

        // the 63-bit seed: exact as a string everywhere, and jq reads the string twin exactly
        String seed = Long.toString(SEED);
        assertThat(JsonReaders.jq(".seed_string", out.resolve("run_summary.json"))).isEqualTo(seed);
        assertThat(JsonReaders.jq(".run_info.seed_string", out.resolve("findings.json"))).isEqualTo(seed);
        assertThat(JsonReaders.jq(".findings[].replay.seed_string", out.resolve("findings.json")))
                .isEqualTo(seed + "\n" + seed);
        assertThat(JsonReaders.jq(".findings[1].replay.sub_seed_string", out.resolve("findings.json")))
                .isEqualTo(Long.toString(SUB_SEED));
        assertThat(JsonReaders.jq(".runs[0].invocations[0].properties.seedString", out.resolve("report.sarif")))
                .isEqualTo(seed);
        assertThat(read(out.resolve("run_summary.json")).path("seed").asLong()).isEqualTo(SEED);
        for (Path file : files) {
            if (file.getParent().getFileName().toString().equals("crashes")) {
                assertThat(JsonReaders.jq(".replay.seed_string", file)).isEqualTo(seed);
                assertThat(JsonReaders.jq(".run_info.seed_string", file)).isEqualTo(seed);
            }
        }

        List<String> lines = Files.readAllLines(out.resolve("sessions/sess-caps/runs.jsonl"), StandardCharsets.UTF_8);
        assertThat(lines).hasSize(3);
        JsonNode second = Json.parse(lines.get(1));
        assertThat(second.path("input_raw").asString()).isEqualTo(exact);
        assertThat(second.path("raw_input").path("sha256").asString()).isEqualTo(EvidenceCapTest.sha256(TEN_MB));
        assertThat(second.path("response").path("original_size").asLong()).isEqualTo(TEN_MB.length());
        assertThat(Json.parse(lines.get(2)).path("input").path("original_entries").asInt()).isEqualTo(200_000);
    }

    private static JsonNode read(Path file) throws Exception {
        return Json.parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    private static List<JsonNode> documents(Path file) throws Exception {
        List<JsonNode> docs = new ArrayList<>();
        if (file.toString().endsWith(".jsonl")) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                docs.add(Json.parse(line));
            }
        } else {
            docs.add(read(file));
        }
        return docs;
    }

    /**
     * Every marker states a size and a SHA-256; where its preview is complete, they are the
     * preview's own. Returns the number of markers seen.
     */
    static int checkMarkers(JsonNode doc) throws Exception {
        int count = 0;
        Deque<JsonNode> stack = new ArrayDeque<>();
        stack.push(doc);
        while (!stack.isEmpty()) {
            JsonNode node = stack.pop();
            if (node.isObject() && node.path("truncated").isBoolean() && node.has("reason")) {
                count++;
                assertThat(node.path("original_size").isIntegralNumber()).as(node.toString()).isTrue();
                assertThat(node.path("sha256").asString()).matches("[0-9a-f]{64}");
                assertThat(node.path("original_type").asString()).isIn("object", "array", "string", "json_text");
                if (node.path("preview_complete").asBoolean()) {
                    String preview = node.path("preview").asString();
                    assertThat(node.path("sha256").asString()).isEqualTo(EvidenceCapTest.sha256(preview));
                    assertThat(node.path("original_size").asLong())
                            .isEqualTo(preview.getBytes(StandardCharsets.UTF_8).length);
                }
            }
            node.values().forEach(stack::push);
        }
        return count;
    }
}
