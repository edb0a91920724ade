package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ReportWriterTest {
    @TempDir
    Path out;

    private static JsonNode read(Path file) throws Exception {
        return Json.parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void findingsJsonHasPythonFieldsPlusIdsReplayAndProvenance() throws Exception {
        new ReportWriter(out).writeAll(Fixtures.report("completed"));
        JsonNode doc = read(out.resolve("findings.json"));
        assertThat(doc.path("count").asInt()).isEqualTo(4);
        assertThat(doc.path("findings").size()).isEqualTo(4);
        JsonNode first = doc.path("findings").get(0);
        assertThat(first.path("category").asString()).isEqualTo("crash");
        assertThat(first.path("severity").asString()).isEqualTo("critical");
        for (String key : List.of("id", "fingerprint", "category", "severity", "kind", "target", "run", "detail",
                "evidence", "count", "runs", "check_id", "owasp", "replay")) {
            assertThat(first.has(key)).as(key).isTrue();
        }
        assertThat(first.path("count").asInt()).isEqualTo(2);
        assertThat(first.path("replay").path("seed").asLong()).isEqualTo(424242L);
        assertThat(first.path("replay").path("input").path("progressToken").asString()).isEqualTo("p-1");
        assertThat(first.path("replay").path("input").path("max_tokens").asInt()).isEqualTo(5);
        assertThat(first.path("replay").path("input").path("authorization").asString()).isEqualTo(Redactor.MASK);
        JsonNode audit = doc.path("findings").get(2);
        assertThat(audit.path("check_id").asString()).isEqualTo("OR1");
        assertThat(audit.path("run").isNull()).isTrue();
        JsonNode info = doc.path("run_info");
        assertThat(info.path("seed").asLong()).isEqualTo(424242L);
        assertThat(info.path("session_id").asString()).isEqualTo("sess-1");
        assertThat(info.path("endpoint").asString()).startsWith("https://[REDACTED]@example.test");
        assertThat(Files.readString(out.resolve("findings.json"))).doesNotContain("hunter2", "SECRET123", "abcdefgh123",
                Fixtures.GITHUB);
    }

    @Test
    void runSummaryIsSnakeCaseWithSeedEndpointTransportAndStatus() throws Exception {
        new ReportWriter(out).writeRunSummary(Fixtures.report("interrupted"));
        JsonNode s = read(out.resolve("run_summary.json"));
        assertThat(s.path("status").asString()).isEqualTo("interrupted");
        assertThat(s.path("status_reason").asString()).isEqualTo("interrupted by user");
        assertThat(s.path("seed").asLong()).isEqualTo(424242L);
        assertThat(s.path("transport").asString()).isEqualTo("streamablehttp");
        assertThat(s.path("endpoint").asString()).doesNotContain("hunter2", "SECRET123");
        assertThat(s.path("total_runs").asLong()).isEqualTo(14);
        assertThat(s.path("per_target").path("tool:echo").path("crash").asLong()).isEqualTo(2);
        assertThat(s.path("findings").path("by_severity").path("critical").asLong()).isEqualTo(1);
        assertThat(s.path("command_line").toString()).doesNotContain("k-123456");
        s.propertyNames().forEach(k -> assertThat(k).matches("[a-z_]+"));
    }

    @Test
    void crashFilesOnePerCrashOrHangBucketWithSafeNames() throws Exception {
        List<Path> crashes = new ReportWriter(out).writeCrashes(Fixtures.report("completed"));
        assertThat(crashes).hasSize(2);
        try (Stream<Path> files = Files.list(out.resolve("crashes"))) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertThat(names).hasSize(2).allSatisfy(n -> assertThat(n).matches("[A-Za-z0-9._-]+\\.json")
                    .doesNotContain("..").doesNotStartWith("."));
        }
        JsonNode crash = read(crashes.get(0));
        assertThat(crash.path("kind").asString()).isEqualTo("tool");
        assertThat(crash.path("input").path("text").asString()).isEqualTo("=cmd|' /C calc'!A0");
        assertThat(crash.path("crash").path("signal_name").asString()).isEqualTo("SIGABRT");
        assertThat(crash.path("run_info").path("seed").asLong()).isEqualTo(424242L);
        JsonNode hang = read(crashes.get(1));
        assertThat(hang.path("target").asString()).isEqualTo("../../etc/" + Fixtures.SCRIPT);
        assertThat(hang.path("replay").path("frame").asString()).contains("jsonrpc");
    }

    @Test
    void writingAgainOverwritesCleanlyAndDropsOtherSessionsCrashFiles() throws Exception {
        ReportWriter writer = new ReportWriter(out);
        Report other = Report.of("old-session", Fixtures.summary("completed"), Fixtures.findings(), Redactor.standard());
        writer.writeAll(other);
        Files.writeString(out.resolve("crashes/notes.json"), "{\"mine\": true}");
        Report partial = Report.of("sess-1", Fixtures.summary("interrupted"), Fixtures.findings().subList(0, 2),
                Redactor.standard());
        writer.writeAll(partial);
        assertThat(read(out.resolve("findings.json")).path("count").asInt()).isEqualTo(2);
        assertThat(read(out.resolve("run_summary.json")).path("status").asString()).isEqualTo("interrupted");
        try (Stream<Path> files = Files.list(out.resolve("crashes"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("notes.json");
        }
        List<Path> again = writer.writeAll(Fixtures.report("completed"));
        List<Path> twice = writer.writeAll(Fixtures.report("completed"));
        assertThat(twice).isEqualTo(again);
        assertThat(read(out.resolve("findings.json")).path("count").asInt()).isEqualTo(4);
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp"))).isEmpty();
        }
    }
}
