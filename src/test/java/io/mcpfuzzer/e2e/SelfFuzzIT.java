package io.mcpfuzzer.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testservers.HostileServer;
import io.mcpfuzzer.testsupport.FuzzerProcess;
import io.mcpfuzzer.testsupport.JavaCommand;
import io.mcpfuzzer.testsupport.ProcScan;
import io.mcpfuzzer.testsupport.ReportFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The fuzzer fuzzes {@link HostileServer}, whose every answer is hostile text, once per seed, with
 * everything on ({@code --mode all --phase both --security-audit} and every export): each run
 * must complete, count no fuzzer errors, leave no server process behind, and write only report
 * files that ordinary JSON and XML parsers read. The fuzzer runs in a child JVM so a hang is
 * stopped (with a thread dump in the failure message) instead of hanging the build.
 * System properties: {@code selffuzz.seeds} (how many seeds, default 12, starting at 1; the CI time limit is 90 minutes for the whole build),
 * {@code selffuzz.limitSeconds} (per run, default 360: seeds took 80 to 190 s in a CI run on 2 cores, and one took longer than 240 s while the machine was also running a unit suite).
 */
@Timeout(600)
class SelfFuzzIT {
    @TempDir
    Path dir;

    static LongStream seeds() {
        return LongStream.rangeClosed(1, Long.getLong("selffuzz.seeds", 12));
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theFuzzerSurvivesAHostileServer(long seed) throws Exception {
        String marker = "selffuzz-" + UUID.randomUUID();
        Path out = dir.resolve("reports");
        Path fsRoot = Files.createDirectories(dir.resolve("fs-root"));
        String endpoint = String.join(" ", JavaCommand.withHeap("256m", HostileServer.class, Long.toString(seed), marker));
        List<String> args = List.of("--mode", "all", "--phase", "both", "--security-audit", "--fs-root",
                fsRoot.toString(), "--runs", "2", "--runs-per-type", "1", "--timeout", "3", "--seed",
                Long.toString(seed), "--endpoint", endpoint, "--output-dir", out.toString(), "--no-progress",
                "--no-color", "--export-sarif", "f.sarif", "--export-junit", "junit.xml", "--export-xml", "f.xml",
                "--export-html", "f.html", "--export-csv", "f.csv", "--export-markdown", "f.md");
        Duration limit = Duration.ofSeconds(Long.getLong("selffuzz.limitSeconds", 360));

        FuzzerProcess.Result run = FuzzerProcess.run(args, dir.resolve("work"), limit, Map.of());

        assertThat(run.timedOut()).as("the run did not finish within %s; %s", limit, run.describe()).isFalse();
        Path summaryFile = out.resolve("run_summary.json");
        assertThat(summaryFile).as(run.describe()).exists();
        JsonNode summary = ReportFiles.read(summaryFile);
        assertThat(summary.path("status").asString()).as("status; reason %s; %s", summary.path("status_reason"),
                run.describe()).isEqualTo("completed");
        assertThat(summary.path("fuzzer_errors").path("total").asLong(-1)).as("fuzzer_errors in %s; %s",
                cut(summary.path("fuzzer_errors").toString()), run.describe()).isZero();
        assertThat(run.exitCode()).as(run.describe()).isZero();
        assertThat(out.resolve("findings.json")).exists();
        assertThat(ReportFiles.problems(out)).as("report files that do not parse").isEmpty();
        assertThat(Files.readString(out.resolve("f.html"))).doesNotContain("<script>alert(1)</script>");
        assertThat(leftovers(marker)).as("server processes left running").isEmpty();
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile)).as("files written outside the output, fs-root and work dirs")
                    .allSatisfy(p -> assertThat(p.startsWith(out) || p.startsWith(fsRoot)
                            || p.startsWith(dir.resolve("work"))).as(p.toString()).isTrue());
        }
    }

    private static List<Long> leftovers(String marker) throws InterruptedException {
        List<Long> alive = ProcScan.alive(marker);
        for (int i = 0; i < 50 && !alive.isEmpty(); i++) {
            Thread.sleep(200);
            alive = ProcScan.alive(marker);
        }
        return alive;
    }

    private static String cut(String s) {
        return s.length() > 3_000 ? s.substring(0, 3_000) + "..." : s;
    }
}
