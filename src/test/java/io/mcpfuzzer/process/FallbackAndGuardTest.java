package io.mcpfuzzer.process;

import static io.mcpfuzzer.process.ProcessTestSupport.awaitPidFile;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Spawning without setsid, the signal guard, and the stderr line listener. */
@Timeout(180)
class FallbackAndGuardTest {
    private final Leaks leaks = new Leaks();
    @TempDir
    Path dir;

    @AfterEach
    void tearDown() {
        try {
            leaks.assertNoneAlive();
        } finally {
            leaks.killLeftovers();
        }
    }

    @Test
    void withoutSetsidTheTreeWalkStillStopsEverything() throws Exception {
        try (ProcessManager manager = ProcessManager.builder().spawner(new Spawner(null, null))
                .stopPolicy(ProcessTestSupport.FAST).shutdownHook(false).build()) {
            ManagedProcess p = manager.startProcess(leaks.config(List.of("sh", "-c",
                    "trap '' TERM; sleep 1000 & echo $! > \"$1/child.pid\"; while :; do sleep 1; done",
                    "fixture", dir.toString())).build());
            long child = awaitPidFile(dir.resolve("child.pid"));
            assertThat(p.ownGroup()).isFalse();
            assertThat(ProcFs.stat(p.pid()).orElseThrow().pgrp()).as("shares our group").isEqualTo(SignalGuard.selfGroup());
            assertThat(manager.stopProcess(p.pid(), false)).isTrue();
            assertThat(ProcFs.isAlive(child)).isFalse();
            assertThat(manager.waitFor(p.pid()).state()).isEqualTo(ProcessState.KILLED);
        }
    }

    @Test
    void neitherImplementationSignalsInitOrThisJvmOrItsGroup() {
        List<Signals> all = new CopyOnWriteArrayList<>(List.of(new KillCommandSignals()));
        Signals jna = JnaSignals.tryLoad();
        if (jna != null) {
            all.add(jna);
        }
        for (Signals s : all) {
            // SIGCONT is harmless should the guard ever fail
            assertThat(s.signalPid(1, Signal.SIGCONT)).as(s.describe()).isFalse();
            assertThat(s.signalPid(ProcFs.selfPid(), Signal.SIGCONT)).as(s.describe()).isFalse();
            assertThat(s.signalGroup(SignalGuard.selfGroup(), Signal.SIGCONT)).as(s.describe()).isFalse();
            assertThat(s.signalGroup(1, Signal.SIGCONT)).as(s.describe()).isFalse();
        }
    }

    @Test
    void stderrLinesReachTheListenerCutToABound() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        try (ProcessManager manager = ProcessTestSupport.manager()) {
            ManagedProcess p = manager.startProcess(leaks.sh(
                    "printf 'one\\ntwo\\n' >&2; head -c 20000 /dev/zero | tr '\\0' x >&2; echo >&2")
                    .stderrLineListener(lines::add).startupWindow(java.time.Duration.ZERO).build());
            assertThat(manager.waitFor(p.pid(), java.time.Duration.ofSeconds(60)).exitCode()).isZero();
        }
        assertThat(lines).hasSize(3);
        assertThat(lines.subList(0, 2)).containsExactly("one", "two");
        assertThat(lines.get(2)).endsWith("[line truncated]").hasSizeLessThan(StderrDrain.MAX_LINE + 100);
    }
}
