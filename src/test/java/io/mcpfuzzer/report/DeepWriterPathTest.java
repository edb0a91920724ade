package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.export.ExportFormat;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A 100,000-deep JSON tree, as evidence (directly and inside a map and a list) and as a run's
 * input, goes through the normal writer path (redaction, findings, crash files, exports, runs.jsonl)
 * in a thread with a small stack: no StackOverflowError, and the written files are bounded.
 */
class DeepWriterPathTest {
    @TempDir
    Path out;

    @Test
    void aHundredThousandLevelsAreWrittenWithoutRecursionTroubleOnASmallStack() throws Throwable {
        JsonNode deep = EvidenceCapTest.nestedArrays(100_000);
        Map<String, Object> evidence = new LinkedHashMap<>();
        evidence.put("input", deep);
        evidence.put("wrapped", Map.of("inner", deep));
        evidence.put("listed", List.of(deep));
        Finding crash = Finding.of("crash", Severity.HIGH, "protocol", "ping", 1, "deep", evidence, "s");
        Throwable[] failure = new Throwable[1];
        Thread worker = new Thread(null, () -> {
            try {
                Report report = Report.of("deep", Fixtures.summary("completed"), List.of(crash), Redactor.standard());
                ReportWriter writer = new ReportWriter(out);
                writer.writeAll(report);
                for (ExportFormat format : ExportFormat.values()) {
                    format.write(writer, report, null, Severity.HIGH);
                }
                try (RunRecorder recorder = RunRecorder.open(out, "deep", Redactor.standard())) {
                    assertThat(recorder.record(new RunResult("protocol", "ping", 1, "aggressive", deep, null, null,
                            "crash", 1.0, null, null, List.of("crash")))).isTrue();
                }
            } catch (Throwable t) {
                failure[0] = t;
            }
        }, "small-stack", 512 * 1024);
        worker.start();
        worker.join();
        if (failure[0] != null) {
            throw failure[0];
        }
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json"), StandardCharsets.UTF_8));
        JsonNode ev = findings.path("findings").get(0).path("evidence");
        assertThat(EvidenceCapTest.depth(ev.path("input"))).isLessThanOrEqualTo(EvidenceCap.MAX_VALUE_DEPTH);
        assertThat(EvidenceCapTest.depth(ev.path("wrapped"))).isLessThanOrEqualTo(EvidenceCap.MAX_VALUE_DEPTH);
        assertThat(EvidenceCapTest.depth(ev.path("listed"))).isLessThanOrEqualTo(EvidenceCap.MAX_VALUE_DEPTH);
        assertThat(EvidenceCapTest.firstMarker(ev.path("input")).path("reason").asString()).isEqualTo("depth");
        assertThat(ev.has("input_raw")).isTrue();
        for (Path file : io.mcpfuzzer.testsupport.JsonReaders.jsonFiles(out)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (file.toString().endsWith(".jsonl")) {
                    assertThat(EvidenceCapTest.depth(Json.parse(line))).isLessThanOrEqualTo(EvidenceCap.MAX_DOCUMENT_DEPTH);
                }
            }
        }
    }
}
