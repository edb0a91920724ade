package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mcpfuzzer.process.fixtures.StderrFlood;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Starting processes: wrappers, pipes, start-up failures, exit decoding. */
@Timeout(180)
class ProcessStartTest {
    private final Leaks leaks = new Leaks();
    private ProcessManager manager;
    @TempDir
    Path dir;

    @BeforeEach
    void setUp() {
        manager = ProcessTestSupport.manager();
    }

    @AfterEach
    void tearDown() {
        try {
            manager.close();
            leaks.assertNoneAlive();
        } finally {
            leaks.killLeftovers();
        }
    }

    @Test
    void twentyMibOnStderrBeforeReadingStdinDoesNotBlock() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.config(JavaCommand.of(StderrFlood.class, "20")).build());
        p.stdin().write("hello\n".getBytes(StandardCharsets.UTF_8));
        p.stdin().flush();
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                return new BufferedReader(new InputStreamReader(p.stdout(), StandardCharsets.UTF_8)).readLine();
            } catch (java.io.IOException e) {
                return "io error: " + e;
            }
        });
        assertThat(line.get(120, TimeUnit.SECONDS)).isEqualTo("echo:hello");

        ProcessResult r = manager.waitFor(p.pid(), Duration.ofSeconds(120));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.exitCode()).isZero();
        assertThat(r.state()).isEqualTo(ProcessState.EXITED);
        assertThat(p.stderrBytes()).isGreaterThanOrEqualTo(20L * 1024 * 1024);
        String tail = p.stderrTail(Integer.MAX_VALUE);
        assertThat(tail.length()).isLessThanOrEqualTo(ProcessConfig.DEFAULT_STDERR_BUFFER);
        assertThat(tail).endsWith("flood-done\n");
        assertThat(r.stderrTail()).hasSizeLessThanOrEqualTo(ManagedProcess.DEFAULT_TAIL_BYTES).endsWith("flood-done\n");
    }

    @Test
    void earlyExitGivesStartExceptionWithStderrTail() {
        ProcessConfig cfg = leaks.sh("echo 'cannot bind port 8080' >&2; exit 3")
                .startupWindow(Duration.ofSeconds(30)).build();
        ProcessStartException e = catchThrowableOfType(ProcessStartException.class, () -> manager.startProcess(cfg));
        assertThat(e.reason()).isEqualTo(ProcessStartException.Reason.EARLY_EXIT);
        assertThat(e.exitCode()).isEqualTo(3);
        assertThat(e.evidence()).contains("cannot bind port 8080");
        assertThat(e.hint()).isNotBlank();
        assertThat(manager.list()).extracting(ProcessStatus::state).containsExactly(ProcessState.FAILED);
    }

    @Test
    void exitAfterTheStartupWindowIsAnExitedResultWithStderr() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.sh("echo 'late failure' >&2; exit 4")
                .startupWindow(Duration.ZERO).build());
        ProcessResult r = manager.waitFor(p.pid(), Duration.ofSeconds(60));
        assertThat(r.state()).isEqualTo(ProcessState.EXITED);
        assertThat(r.exitCode()).isEqualTo(4);
        assertThat(r.signal()).isEmpty();
        assertThat(r.stopReason()).isNull();
        assertThat(r.stderrTail()).contains("late failure");
    }

    @Test
    void deathBySignalWeDidNotSendIsACrash() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.sh("kill -SEGV $$").startupWindow(Duration.ZERO).build());
        ProcessResult r = manager.waitFor(p.pid(), Duration.ofSeconds(60));
        assertThat(r.signal()).contains(Signal.SIGSEGV);
        assertThat(r.signalSentByUs()).isFalse();
        assertThat(r.crashedBySignal()).isTrue();
        assertThat(r.state()).isEqualTo(ProcessState.EXITED);
    }

    @Test
    void missingExecutableNamesThePathSearched() {
        ProcessStartException e = catchThrowableOfType(ProcessStartException.class,
                () -> manager.startProcess(leaks.config(List.of("no-such-program-4711")).env("PATH", "/nonexistent-dir")
                        .build()));
        assertThat(e.reason()).isEqualTo(ProcessStartException.Reason.EXECUTABLE_NOT_FOUND);
        assertThat(e.getMessage()).contains("no-such-program-4711");
        assertThat(e.evidence()).isEqualTo("PATH=/nonexistent-dir");
        assertThat(e.hint()).isNotBlank();
    }

    @Test
    void missingWorkingDirectoryIsReported() {
        ProcessStartException e = catchThrowableOfType(ProcessStartException.class,
                () -> manager.startProcess(leaks.config(List.of("true")).cwd(dir.resolve("gone")).build()));
        assertThat(e.reason()).isEqualTo(ProcessStartException.Reason.CWD_MISSING);
        assertThat(e.evidence()).contains("gone");
    }

    @Test
    void ownSessionAndResourceLimitsAreApplied() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.sh("read x")
                .resourceLimits(ResourceLimits.none().withOpenFiles(64).withCpuSeconds(1000)).build());
        Path limits = Path.of("/proc", Long.toString(p.pid()), "limits");
        Awaitility.await("limits applied").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                .until(() -> limitLine(limits, "Max open files").contains(" 64 "));
        assertThat(limitLine(limits, "Max core file size")).matches(".*\\s0\\s+0\\s.*");
        assertThat(limitLine(limits, "Max cpu time")).contains("1000");
        ProcStat s = ProcFs.stat(p.pid()).orElseThrow();
        assertThat(s.pgrp()).isEqualTo(p.pid());
        assertThat(s.session()).isEqualTo(p.pid());
        assertThat(manager.rssKb(p.pid()).orElse(0)).isPositive();
        assertThat(manager.status(p.pid())).hasValueSatisfying(st -> {
            assertThat(st.state()).isEqualTo(ProcessState.RUNNING);
            assertThat(st.alive()).isTrue();
        });
        ProcessResult waiting = manager.waitFor(p.pid(), Duration.ofMillis(100));
        assertThat(waiting.timedOut()).isTrue();
        assertThat(waiting.exitCode()).isNull();
        p.stdin().write("\n".getBytes(StandardCharsets.UTF_8));
        p.stdin().flush();
        assertThat(manager.waitFor(p.pid(), Duration.ofSeconds(60)).exitCode()).isZero();
    }

    @Test
    void exactEnvironmentWhenNotInherited() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.config(List.of("/usr/bin/env"))
                .inheritEnvironment(false).env("ONLY", "this").startupWindow(Duration.ZERO).build());
        String printed = new String(p.stdout().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(manager.waitFor(p.pid(), Duration.ofSeconds(60)).exitCode()).isZero();
        List<String> lines = printed.lines().sorted().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).startsWith(ProcessConfig.MARKER_VARIABLE + "=");
        assertThat(lines.subList(1, 3)).containsExactly("ONLY=this", Leaks.VARIABLE + "=" + leaks.mark());
    }

    private static String limitLine(Path limits, String prefix) throws java.io.IOException {
        return Files.readAllLines(limits, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith(prefix))
                .findFirst().orElse("") + " ";
    }
}
