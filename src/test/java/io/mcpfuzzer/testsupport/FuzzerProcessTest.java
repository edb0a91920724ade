package io.mcpfuzzer.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/** A fuzzer run past its limit is stopped with a thread dump, and leaves no process behind. */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:FuzzerProcessTest") // its methods run one after the other (a lock forces them into one thread)
class FuzzerProcessTest {
    @TempDir
    Path dir;

    @Test
    void aRunPastItsLimitIsKilledWithAThreadDump() throws Exception {
        String marker = "fuzzer-process-test-" + UUID.randomUUID();
        // a "server" that never answers initialize: with a long timeout the fuzzer waits far beyond the limit
        String endpoint = "bash -c 'sleep 600; true' " + marker;
        List<String> args = List.of("--mode", "tools", "--runs", "1", "--timeout", "600", "--endpoint", endpoint,
                "--output-dir", dir.resolve("out").toString(), "--fs-root", dir.resolve("fs").toString());

        FuzzerProcess.Result run = FuzzerProcess.run(args, dir.resolve("work"), Duration.ofSeconds(8), Map.of());

        assertThat(run.timedOut()).as(run.describe()).isTrue();
        assertThat(run.threadDump()).contains("\"main\"").contains("io.mcpfuzzer.");
        assertThat(run.describe()).contains("killed after the time limit");
        for (int i = 0; i < 50 && !ProcScan.alive(marker).isEmpty(); i++) {
            Thread.sleep(200);
        }
        assertThat(ProcScan.alive(marker)).isEmpty();
    }
}
