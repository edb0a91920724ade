package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.process.fixtures.HookedJvm;
import io.mcpfuzzer.process.fixtures.SpawningJvm;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The JVM shutdown hook stops every tracked process group when the owner exits without close(). */
@Timeout(180)
class ShutdownHookTest {
    private final Leaks leaks = new Leaks();

    @AfterEach
    void tearDown() {
        leaks.killLeftovers();
    }

    @Test
    void exitingJvmTakesItsChildrenAlong() throws Exception {
        try (ProcessManager manager = ProcessTestSupport.manager()) {
            ManagedProcess jvm = manager.startProcess(leaks.config(
                    JavaCommand.of(HookedJvm.class, Leaks.VARIABLE, leaks.mark())).startupWindow(Duration.ZERO).build());
            String out = new String(jvm.stdout().readAllBytes(), StandardCharsets.UTF_8).trim();
            ProcessResult r = manager.waitFor(jvm.pid(), Duration.ofSeconds(120));
            assertThat(r.exitCode()).as("fixture stderr: %s", r.stderrTail()).isZero();
            long child = out.lines().filter(l -> l.startsWith("child-pid=")).mapToLong(l -> Long.parseLong(l.substring(10)))
                    .findFirst().orElseThrow();
            assertThat(child).isPositive();
            assertThat(ProcFs.isAlive(child)).as("child stopped by the hook").isFalse();
            leaks.assertNoneAlive();
        }
    }

    /**
     * A start under way when the JVM exits (the owner never closed the manager) is not orphaned: the
     * hook closes the manager first, waits for starts in flight, and later starts are refused.
     */
    @Test
    void startsInFlightAtExitAreStoppedToo() throws Exception {
        try (ProcessManager manager = ProcessTestSupport.manager()) {
            ManagedProcess jvm = manager.startProcess(leaks.config(
                    JavaCommand.of(SpawningJvm.class, Leaks.VARIABLE, leaks.mark())).startupWindow(Duration.ZERO).build());
            String out = new String(jvm.stdout().readAllBytes(), StandardCharsets.UTF_8).trim();
            ProcessResult r = manager.waitFor(jvm.pid(), Duration.ofSeconds(120));
            assertThat(r.exitCode()).as("fixture stderr: %s", r.stderrTail()).isZero();
            assertThat(out).contains("started=");
            leaks.assertNoneAlive();
        }
    }

    /** A campaign thread closes its manager while interrupted: everything is still stopped, the flag kept. */
    @Test
    void anInterruptedCloseStillStopsEverything() {
        ProcessManager manager = ProcessTestSupport.manager();
        ManagedProcess child = manager.startProcess(leaks.sh("trap '' TERM; while :; do sleep 1; done")
                .startupWindow(Duration.ZERO).build());
        Thread.currentThread().interrupt();
        try {
            manager.close();
            assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is kept for the caller").isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(ProcFs.isAlive(child.pid())).as("stopped by close()").isFalse();
        leaks.assertNoneAlive();
    }
}
