package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.PlantedBugsServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import io.mcpfuzzer.testsupport.ProcScan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** SIGINT to a running campaign (a real fuzzer JVM) leaves parseable reports, exit code 130 and no process. */
@Timeout(240)
class InterruptIT {
    @TempDir
    Path dir;

    @Test
    void sigintWritesPartialReportsAndExits130() throws Exception {
        String marker = "-Dmcpfuzzer.marker=" + UUID.randomUUID();
        List<String> server = new ArrayList<>(JavaCommand.of(PlantedBugsServer.class));
        server.add(1, marker);
        Path out = dir.resolve("reports");
        List<String> fuzzer = new ArrayList<>(JavaCommand.of(Main.class, "--mode", "tools", "--endpoint",
                String.join(" ", server), "--tool", "slow_tool", "--runs", "400", "--max-concurrency", "1",
                "--seed", "9", "--output-dir", out.toString()));
        fuzzer.set(1, "-Xmx256m");
        // a JVM started with SIGINT ignored (any job a non-interactive shell puts in the background, as a CI
        // script may) keeps ignoring it, as the shell meant: start the fuzzer with the default disposition
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("env", "--default-signal=INT", "true").start()
                .waitFor() == 0, "env --default-signal (GNU coreutils 8.31 or later) is needed to undo an ignored SIGINT");
        fuzzer.addAll(0, List.of("env", "--default-signal=INT"));
        Process process = new ProcessBuilder(fuzzer).redirectErrorStream(true)
                .redirectOutput(dir.resolve("fuzzer.log").toFile()).start();
        try {
            await().atMost(Duration.ofSeconds(120)).until(() -> runLines(out) >= 5);
            assertThat(ProcScan.alive(marker)).isNotEmpty();
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
            if (!process.waitFor(90, TimeUnit.SECONDS)) { // say why: its threads, then its log
                Path dumpFile = dir.resolve("threads.txt");
                String threads;
                try {
                    Process dump = new ProcessBuilder(JavaCommand.javaBinary().replaceAll("java$", "jcmd"),
                            Long.toString(process.pid()), "Thread.print").redirectErrorStream(true)
                            .redirectOutput(dumpFile.toFile()).start();
                    dump.waitFor(30, TimeUnit.SECONDS);
                    threads = Files.readString(dumpFile);
                } catch (java.io.IOException e) {
                    threads = "(no thread dump: " + e.getMessage() + ")";
                }
                throw new AssertionError("no exit within 90 s of SIGINT\n" + threads + "\n--- log ---\n"
                        + Files.readString(dir.resolve("fuzzer.log")));
            }
            assertThat(process.exitValue()).as(Files.readString(dir.resolve("fuzzer.log"))).isEqualTo(130);
            JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
            assertThat(summary.toString()).contains("interrupted");
            Json.parse(Files.readString(out.resolve("findings.json")));
            await().atMost(Duration.ofSeconds(10)).until(() -> ProcScan.alive(marker).isEmpty());
        } finally {
            process.destroyForcibly();
        }
    }

    private static long runLines(Path out) {
        if (!Files.isDirectory(out.resolve("sessions"))) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(out.resolve("sessions"))) {
            Path f = files.filter(p -> p.getFileName().toString().equals("runs.jsonl")).findFirst().orElse(null);
            return f == null ? 0 : Files.readAllLines(f).size();
        } catch (Exception e) {
            return 0;
        }
    }
}
