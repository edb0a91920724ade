package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/** Hang detection with real processes; a fake clock drives most tests, one uses the real timer. */
@Timeout(180)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ProcessWatchdogTest") // its methods run one after the other (a lock forces them into one thread)
class ProcessWatchdogTest {
    private static final long SECOND = 1_000_000_000L;
    private final Leaks leaks = new Leaks();
    private final AtomicLong now = new AtomicLong(1_000 * SECOND);
    private final ProcessTestSupport.Recorder recorder = new ProcessTestSupport.Recorder();
    private ProcessManager manager;

    private ProcessManager fakeClockManager(WatchdogConfig config) {
        manager = ProcessManager.builder().watchdogConfig(config).clock(now::get).startWatchdog(false)
                .stopPolicy(ProcessTestSupport.FAST).shutdownHook(false).build();
        manager.addObserver(recorder);
        return manager;
    }

    private void advance(long seconds) {
        now.addAndGet(seconds * SECOND);
    }

    private ManagedProcess sleeper() {
        return manager.startProcess(leaks.config(List.of("sleep", "1000")).build());
    }

    @AfterEach
    void tearDown() {
        try {
            if (manager != null) {
                manager.close();
            }
            leaks.assertNoneAlive();
        } finally {
            leaks.killLeftovers();
        }
    }

    @Test
    void outstandingRequestWithoutActivityIsHungAndKilled() throws Exception {
        fakeClockManager(WatchdogConfig.defaults());
        ManagedProcess p = sleeper();
        manager.requestStarted(p.pid());
        advance(35); // exactly timeout + buffer: not yet
        assertThat(manager.watchdog().scanOnce().hung()).isEmpty();
        advance(1);
        ProcessWatchdog.ScanReport report = manager.watchdog().scanOnce();
        assertThat(report.hung()).containsExactly(p.pid());
        assertThat(report.killed()).containsExactly(p.pid());

        ProcessResult r = manager.waitFor(p.pid(), Duration.ofSeconds(60));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.stopReason()).isEqualTo("hang");
        assertThat(r.signalSentByUs()).isTrue();
        assertThat(p.isAlive()).isFalse();
        assertThat(recorder.types(p.pid())).containsSubsequence(EventType.HANG_DETECTED, EventType.KILLED);
    }

    @Test
    void idleServerIsNeverHung() {
        fakeClockManager(WatchdogConfig.defaults());
        ManagedProcess p = sleeper();
        advance(3600);
        ProcessWatchdog.ScanReport report = manager.watchdog().scanOnce();
        assertThat(report.hung()).isEmpty();
        assertThat(report.killed()).isEmpty();
        assertThat(p.isAlive()).isTrue();
        assertThat(p.state()).isEqualTo(ProcessState.RUNNING);
    }

    @Test
    void answeredRequestsResetTheClock() {
        fakeClockManager(WatchdogConfig.defaults());
        ManagedProcess p = sleeper();
        try (RequestToken first = manager.requestStarted(p.pid())) {
            advance(20);
        }
        advance(600);
        assertThat(manager.watchdog().scanOnce().hung()).as("nothing outstanding").isEmpty();
        manager.requestStarted(p.pid());
        advance(34);
        assertThat(manager.watchdog().scanOnce().hung()).as("fresh request").isEmpty();
        manager.requestFinished(p.pid());
        advance(100);
        assertThat(manager.watchdog().scanOnce().hung()).isEmpty();
        assertThat(manager.watchdog().outstanding(p.pid())).isZero();
        assertThat(p.isAlive()).isTrue();
    }

    @Test
    void newestActivityWinsOverAnOlderCallbackValue() {
        fakeClockManager(WatchdogConfig.defaults());
        AtomicLong reported = new AtomicLong(0);
        ManagedProcess p = manager.startProcess(leaks.config(List.of("sleep", "1000"))
                .activityCallback(reported::get).build());
        manager.requestStarted(p.pid());
        advance(30);
        reported.set(now.get()); // progress at t+30
        assertThat(manager.watchdog().scanOnce().hung()).isEmpty();
        reported.set(now.get() - 25 * SECOND); // an older value must not move the baseline back
        advance(30);
        assertThat(manager.watchdog().scanOnce().hung()).as("30 s since progress").isEmpty();
        advance(6);
        assertThat(manager.watchdog().scanOnce().hung()).containsExactly(p.pid());
    }

    @Test
    void withoutAutoKillAHangIsReportedOnceAndKilledAfterMaxHangTime() throws Exception {
        fakeClockManager(WatchdogConfig.defaults().withAutoKill(false));
        ManagedProcess p = sleeper();
        manager.requestStarted(p.pid());
        advance(36);
        ProcessWatchdog.ScanReport first = manager.watchdog().scanOnce();
        assertThat(first.hung()).containsExactly(p.pid());
        assertThat(first.killed()).isEmpty();
        assertThat(p.state()).isEqualTo(ProcessState.HUNG);
        advance(10);
        assertThat(manager.watchdog().scanOnce().hung()).as("reported once per episode").isEmpty();
        assertThat(p.isAlive()).isTrue();
        advance(15); // 61 s of silence > maxHangTime 60 s
        assertThat(manager.watchdog().scanOnce().killed()).containsExactly(p.pid());
        assertThat(manager.waitFor(p.pid(), Duration.ofSeconds(60)).stopReason()).isEqualTo("max_hang_time");
        assertThat(recorder.types(p.pid()).stream().filter(t -> t == EventType.HANG_DETECTED)).hasSize(1);
    }

    @Test
    void perProcessTimeoutOverridesTheWatchdogDefault() throws Exception {
        fakeClockManager(WatchdogConfig.defaults());
        ManagedProcess p = manager.startProcess(leaks.config(List.of("sleep", "1000"))
                .timeout(Duration.ofSeconds(2)).build());
        manager.requestStarted(p.pid());
        advance(8); // 2 s + 5 s buffer exceeded
        assertThat(manager.watchdog().scanOnce().killed()).containsExactly(p.pid());
        assertThat(manager.waitFor(p.pid(), Duration.ofSeconds(60)).timedOut()).isFalse();
    }

    @Test
    void realTimerKillsTheHungProcessAndLeavesTheIdleOneAlone() throws Exception {
        WatchdogConfig fast = new WatchdogConfig(Duration.ofMillis(100), Duration.ofMillis(300),
                Duration.ofMillis(100), Duration.ofSeconds(5), true);
        manager = ProcessManager.builder().watchdogConfig(fast).stopPolicy(ProcessTestSupport.FAST)
                .shutdownHook(false).build();
        manager.addObserver(recorder);
        ManagedProcess hung = manager.startProcess(leaks.sh("trap '' TERM; while :; do sleep 1; done").build());
        ManagedProcess idle = sleeper();
        manager.requestStarted(hung.pid());

        ProcessResult r = manager.waitFor(hung.pid(), Duration.ofSeconds(90));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.state()).isEqualTo(ProcessState.KILLED);
        assertThat(r.stopReason()).isEqualTo("hang");
        assertThat(recorder.types(hung.pid())).contains(EventType.HANG_DETECTED, EventType.KILLED);
        assertThat(idle.isAlive()).isTrue();
        assertThat(idle.state()).isEqualTo(ProcessState.RUNNING);
        assertThat(recorder.types(idle.pid())).doesNotContain(EventType.HANG_DETECTED);
    }
}
