package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.report.EvidenceCap;
import io.mcpfuzzer.testservers.DeepCrashServer;
import io.mcpfuzzer.testsupport.JsonReaders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * A real protocol campaign against a server that dies on deeply nested frames
 * ({@link DeepCrashServer}), with a 63-bit seed and every JSON export: every artifact the run
 * writes must be readable by python3 and jq within the caps, the deep crash evidence must be
 * there (cut, with its whole text kept as {@code input_raw}), and the seed strings must equal the seed.
 */
@Timeout(900)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ReadableCliArtifactsTest") // its methods run one after the other (a lock forces them into one thread)
@Order(4) // started early: one of the longest classes (a long class started last stretches the run)
class ReadableCliArtifactsTest {
    static final long SEED = 8_070_450_532_247_928_833L; // over 2^53: a double cannot hold it

    @TempDir
    Path dir;

    @Test
    void aProtocolRunWithDeepEvidenceWritesArtifactsPythonAndJqRead() throws Exception {
        Path out = dir.resolve("reports");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "protocol", "--protocol", "stdio", "--endpoint",
                CliRunTest.endpoint(DeepCrashServer.class), "--runs-per-type", "1", "--protocol-phase", "aggressive",
                "--timeout", "3", "--seed", Long.toString(SEED), "--export-sarif", "report.sarif",
                "--export-junit", "report.junit.xml", "--safety-report", "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isIn(ExitCodes.OK, ExitCodes.FINDINGS);

        List<Path> files = JsonReaders.jsonFiles(out);
        List<String> names = new ArrayList<>();
        files.forEach(p -> names.add(out.relativize(p).toString().replace('\\', '/')));
        assertThat(names).contains("findings.json", "run_summary.json", "report.sarif")
                .anyMatch(n -> n.startsWith("crashes/crash-"))
                .anyMatch(n -> n.startsWith("sessions/") && n.endsWith("/runs.jsonl"));
        for (Path file : files) {
            JsonReaders.Stats stats = JsonReaders.assertReadable(file);
            assertThat(stats.depth()).as("depth of %s", file).isLessThanOrEqualTo(EvidenceCap.MAX_DOCUMENT_DEPTH);
            assertThat(stats.longestString()).as("longest string in %s", file)
                    .isLessThanOrEqualTo(EvidenceCap.MAX_STRING_BYTES);
        }

        String seed = Long.toString(SEED);
        assertThat(JsonReaders.jq(".seed_string", out.resolve("run_summary.json"))).isEqualTo(seed);
        assertThat(JsonReaders.jq(".run_info.seed_string", out.resolve("findings.json"))).isEqualTo(seed);
        assertThat(JsonReaders.jq("[.findings[].replay.seed_string] | unique | join(\",\")", out.resolve("findings.json")))
                .isEqualTo(seed);
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json"), StandardCharsets.UTF_8));
        assertThat(summary.path("seed").asLong()).isEqualTo(SEED);
        assertThat(summary.path("seed_string").asString()).isEqualTo(seed);

        // the crash on a deep frame: its evidence was cut, and the whole frame kept as text
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json"), StandardCharsets.UTF_8));
        JsonNode deepCrash = null;
        for (JsonNode f : findings.path("findings")) {
            if (f.path("category").asString().equals("crash") && f.path("evidence").has("input_raw")) {
                deepCrash = f;
            }
        }
        assertThat(deepCrash).as("a crash finding with cut deep evidence in %s", findings.path("findings").size())
                .isNotNull();
        String raw = deepCrash.path("evidence").path("input_raw").isString()
                ? deepCrash.path("evidence").path("input_raw").asString()
                : deepCrash.path("evidence").path("input_raw").path("preview").asString();
        assertThat(raw).startsWith("{").hasSizeGreaterThan(1_000);
    }
}
