package io.mcpfuzzer.process;

import static io.mcpfuzzer.process.ProcessTestSupport.awaitPidFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/** The stop ladder against real misbehaving processes. */
@Timeout(180)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ProcessStopTest") // its methods run one after the other (a lock forces them into one thread)
class ProcessStopTest {
    /** Ignores SIGTERM, starts a child in its group (pid written to $1/child.pid), loops forever. */
    private static final String IGNORE_TERM_WITH_CHILD =
            "trap '' TERM; sleep 1000 & echo $! > \"$1/child.pid\"; while :; do sleep 1; done";
    private final Leaks leaks = new Leaks();
    private final ProcessTestSupport.Recorder recorder = new ProcessTestSupport.Recorder();
    private ProcessManager manager;
    @TempDir
    Path dir;

    @BeforeEach
    void setUp() {
        manager = ProcessTestSupport.manager();
        manager.addObserver(recorder);
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
    void serverIgnoringSigtermIsKilledAndItsGroupIsGone() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.config(List.of("sh", "-c", IGNORE_TERM_WITH_CHILD,
                "fixture", dir.toString())).build());
        long child = awaitPidFile(dir.resolve("child.pid"));
        ProcStat leader = ProcFs.stat(p.pid()).orElseThrow();
        assertThat(leader.session()).as("own session").isEqualTo(p.pid());
        assertThat(leader.pgrp()).as("own group").isEqualTo(p.pid());
        assertThat(ProcFs.stat(child).orElseThrow().pgrp()).as("child in the group").isEqualTo(p.pid());

        assertThat(manager.stopProcess(p.pid(), false)).isTrue();

        ProcessResult r = manager.waitFor(p.pid());
        assertThat(r.state()).isEqualTo(ProcessState.KILLED);
        assertThat(r.signal()).contains(Signal.SIGKILL);
        assertThat(r.signalSentByUs()).isTrue();
        assertThat(r.crashedBySignal()).isFalse();
        assertThat(r.escapedPids()).isEmpty();
        assertThat(ProcFs.isAlive(child)).as("child in the group").isFalse();
        assertThat(p.isAlive()).isFalse();
        assertThat(recorder.types(p.pid())).contains(EventType.STARTED, EventType.STOPPING, EventType.SIGNAL,
                EventType.KILLED);
        if (manager.isSubreaper()) {
            assertThat(ProcFs.scan()).as("no adopted zombie of the group left unreaped")
                    .noneMatch(s -> s.state() == 'Z' && s.ppid() == ProcFs.selfPid() && s.pgrp() == p.pid());
        }
        leaks.assertNoneAlive();
    }

    @Test
    void doubleForkedDaemonIgnoringSigtermIsGoneAfterStop() throws Exception {
        String script = "setsid sh -c 'trap \"\" TERM; sleep 1000 & echo $! > \"$1/daemon.pid\"' inner \"$1\";"
                + " exec sleep 1000";
        ManagedProcess p = manager.startProcess(
                leaks.config(List.of("sh", "-c", script, "fixture", dir.toString())).build());
        long daemon = awaitPidFile(dir.resolve("daemon.pid"));
        ProcStat d = ProcFs.stat(daemon).orElseThrow();
        assertThat(d.session()).as("daemon left the session").isNotEqualTo(p.pid());
        assertThat(d.pgrp()).as("daemon left the group").isNotEqualTo(p.pid());
        if (manager.isSubreaper()) {
            Awaitility.await("daemon re-parented to the JVM").atMost(Duration.ofSeconds(30))
                    .until(() -> ProcFs.stat(daemon).map(ProcStat::ppid).orElse(-1L) == ProcFs.selfPid());
        }

        assertThat(manager.stopProcess(p.pid(), false)).isTrue();

        assertThat(ProcFs.isAlive(daemon)).isFalse();
        if (manager.isSubreaper()) {
            Awaitility.await("adopted zombie reaped").atMost(Duration.ofSeconds(30)).until(() -> ProcFs.stat(daemon)
                    .filter(s -> s.ppid() == ProcFs.selfPid() && s.startTicks() == d.startTicks()).isEmpty());
        }
        leaks.assertNoneAlive();
    }

    @Test
    void sigtermEndsAPlainServerAndCountsAsOurs() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.config(List.of("sleep", "1000")).build());
        assertThat(manager.stopProcess(p.pid(), false)).isTrue();
        ProcessResult r = manager.waitFor(p.pid());
        assertThat(r.state()).isEqualTo(ProcessState.STOPPED);
        assertThat(r.signal()).contains(Signal.SIGTERM);
        assertThat(r.signalSentByUs()).isTrue();
        assertThat(r.stopReason()).isEqualTo("stop");
        assertThat(recorder.types(p.pid())).contains(EventType.STOPPED);
    }

    @Test
    void forcedStopGoesStraightToSigkill() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.config(List.of("sleep", "1000")).build());
        assertThat(manager.stopProcess(p.pid(), true)).isTrue();
        ProcessResult r = manager.waitFor(p.pid());
        assertThat(r.state()).isEqualTo(ProcessState.KILLED);
        assertThat(r.signal()).contains(Signal.SIGKILL);
        assertThat(r.stopReason()).isEqualTo("force");
    }

    @Test
    void killCommandSignalsStopAGroupToo() throws Exception {
        try (ProcessManager plain = ProcessManager.builder().signals(new KillCommandSignals()).subreaper(false)
                .stopPolicy(ProcessTestSupport.FAST).shutdownHook(false).build()) {
            ManagedProcess p = plain.startProcess(leaks.config(List.of("sh", "-c", IGNORE_TERM_WITH_CHILD,
                    "fixture", dir.toString())).build());
            long child = awaitPidFile(dir.resolve("child.pid"));
            assertThat(plain.stopProcess(p.pid(), false)).isTrue();
            assertThat(ProcFs.isAlive(child)).isFalse();
            assertThat(plain.waitFor(p.pid()).state()).isEqualTo(ProcessState.KILLED);
        }
    }

    @Test
    void closeStopsEveryProcessAndReportsIt() throws Exception {
        ManagedProcess a = manager.startProcess(leaks.config(List.of("sleep", "1000")).build());
        ManagedProcess b = manager.startProcess(leaks.sh("trap '' TERM; while :; do sleep 1; done").build());
        manager.close();
        assertThat(a.isAlive()).isFalse();
        assertThat(b.isAlive()).isFalse();
        assertThat(b.exitInfo()).map(ProcessResult::state).contains(ProcessState.KILLED);
        assertThat(recorder.types()).contains(EventType.STOPPED_ALL, EventType.SHUTDOWN);
        assertThat(manager.stopProcess(a.pid(), false)).as("already stopped").isTrue();
        assertThatThrownBy(
                () -> manager.startProcess(leaks.config(List.of("true")).build()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void unknownPidIsNotStopped() {
        assertThat(manager.stopProcess(1, false)).isFalse();
    }
}
