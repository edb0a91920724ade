package io.mcpfuzzer.fuzz.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.process.WatchdogConfig;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A server that is alive but never answers {@code initialize}: the start failure says what the
 * process was doing when we gave up (waiting or busy, its CPU time), so a slow start on a loaded
 * machine can be told from a server stuck before it reads its input.
 */
@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:SilentServerStartTest")
class SilentServerStartTest {
    /** A factory for {@code sh -c script} with this step timeout and the default watchdog. */
    private static StdioTargetFactory factory(String script, int stepMs) {
        return factory(script, stepMs, WatchdogConfig.defaults());
    }

    private static StdioTargetFactory factory(String script, int stepMs, WatchdogConfig watchdog) {
        return new StdioTargetFactory(List.of("sh", "-c", script), null, Map.of(), true,
                ClientOptions.defaults().withStepTimeout(Duration.ofMillis(stepMs)),
                StdioTransport.DEFAULT_MAX_LINE_BYTES, null, watchdog);
    }

    private static TargetStartException start(String script) {
        try (StdioTargetFactory factory = factory(script, 1_500)) {
            return catchThrowableOfType(TargetStartException.class, factory::start);
        }
    }

    @Test
    void aServerWaitingForeverIsSaidToBeSleeping() {
        TargetStartException e = start("exec sleep 30");

        assertThat(e).isNotNull();
        assertThat(e.getMessage()).contains("timeout").contains("the server was still running")
                .containsPattern("after its start: sleeping, \\d+\\.\\d\\d s of CPU, 1 thread$");
    }

    @Test
    void aWrapperAndTheServerItWaitsOnAreBothCounted() {
        TargetStartException e = start("sleep 30 & wait");

        assertThat(e.getMessage()).containsPattern("after its start: sleeping; 2 processes: \\d+\\.\\d\\d s of CPU, 2 threads");
    }

    @Test
    void theHangWatchdogLeavesTheInitializeDeadlineToTheStart() {
        WatchdogConfig quick = WatchdogConfig.defaults().withCheckInterval(Duration.ofMillis(100))
                .withProcessTimeout(Duration.ofMillis(200)).withExtraBuffer(Duration.ZERO);
        try (StdioTargetFactory factory = factory("exec sleep 30", 1_500, quick)) {
            assertThat(catchThrowableOfType(TargetStartException.class, factory::start).getMessage())
                    .contains("no answer within 1500 ms").contains("the server was still running");
        }
    }

    @Test
    void eachSilentStartInARowWaitsLongerUpToFourTimesTheStepTimeout() {
        try (StdioTargetFactory factory = factory("exec sleep 30", 400)) {
            for (int waited : new int[] {400, 800, 1_600, 1_600}) {
                assertThat(catchThrowableOfType(TargetStartException.class, factory::start).getMessage())
                        .contains("no answer within " + waited + " ms");
            }
        }
    }

    @Test
    void aServerThatExitsDoesNotMakeTheNextStartWaitLonger() {
        try (StdioTargetFactory factory = factory("exit 4", 400)) {
            assertThat(catchThrowableOfType(TargetStartException.class, factory::start).getMessage())
                    .contains("exited during start-up with code 4").doesNotContain("still running");
            assertThat(factory.initializeDeadline()).isEqualTo(Duration.ofMillis(400));
        }
    }

    @Test
    void aServerBusyForeverIsSaidToBeRunningWithItsCpuTime() {
        TargetStartException e = start("while :; do :; done");

        assertThat(e).isNotNull();
        assertThat(e.getMessage()).contains("the server was still running")
                .containsPattern("after its start: running, (0\\.[1-9]|[1-9])\\d*\\.?\\d* s of CPU");
    }
}
