package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.awaitility.Awaitility;

/**
 * Test helper: tags every process a test starts with an environment marker and asserts, through
 * {@code /proc}, that none of them is alive (zombies count as dead) when the test ends.
 */
final class Leaks {
    static final String VARIABLE = "PROCESS_TEST_MARK";
    private final String mark = UUID.randomUUID().toString();

    String mark() {
        return mark;
    }

    /** A config builder for {@code command} carrying this test's marker. */
    ProcessConfig.Builder config(List<String> command) {
        return ProcessConfig.builder(command).env(VARIABLE, mark);
    }

    ProcessConfig.Builder sh(String script) {
        return config(List.of("sh", "-c", script));
    }

    /** Live processes carrying the marker. */
    List<Long> alive() {
        List<Long> out = new ArrayList<>();
        for (ProcStat s : ProcFs.scan()) {
            if (!s.isDead() && s.pid() != ProcFs.selfPid() && ProcFs.environContains(s.pid(), VARIABLE, mark)) {
                out.add(s.pid());
            }
        }
        return out;
    }

    /** Fails unless every marked process is gone within a generous deadline. */
    void assertNoneAlive() {
        Awaitility.await("marked processes gone").atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100)).untilAsserted(() -> assertThat(alive()).isEmpty());
    }

    /** Kills (best effort) whatever is left, so a failing test does not leak into the next. */
    void killLeftovers() {
        for (long pid : alive()) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
