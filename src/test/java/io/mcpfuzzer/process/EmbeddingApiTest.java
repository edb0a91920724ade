package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The parts of the embedding API (docs/process.md) that the fuzzer itself does not call: {@code stopAll},
 * {@code removeObserver}, {@code ResourceLimits.withMemoryMb}, {@code StopPolicy.withTermGrace}.
 */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:EmbeddingApiTest")
class EmbeddingApiTest {
    private final Leaks leaks = new Leaks();
    private final ProcessTestSupport.Recorder recorder = new ProcessTestSupport.Recorder();
    private ProcessManager manager;

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
    void stopAllStopsEveryProcessAndSaysSo() throws Exception {
        ManagedProcess a = manager.startProcess(leaks.config(List.of("sleep", "1000")).build());
        ManagedProcess b = manager.startProcess(leaks.config(List.of("sleep", "1000")).build());

        assertThat(manager.stopAll()).isTrue();

        for (ManagedProcess p : List.of(a, b)) {
            assertThat(manager.waitFor(p.pid()).state()).isIn(ProcessState.STOPPED, ProcessState.KILLED);
            assertThat(ProcFs.stat(p.pid()).filter(s -> !s.isDead())).as("pid %d gone", p.pid()).isEmpty();
        }
        assertThat(recorder.types()).contains(EventType.STOPPED_ALL);
    }

    @Test
    void aRemovedObserverHearsNothingMore() throws Exception {
        ProcessTestSupport.Recorder second = new ProcessTestSupport.Recorder();
        manager.addObserver(second);
        ManagedProcess first = manager.startProcess(leaks.config(List.of("sleep", "1000")).build());
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> second.types(first.pid()).contains(EventType.STARTED));

        manager.removeObserver(second);
        ManagedProcess later = manager.startProcess(leaks.config(List.of("sleep", "1000")).build());
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> recorder.types(later.pid()).contains(EventType.STARTED));

        assertThat(second.types(later.pid())).isEmpty();
    }

    @Test
    void withMemoryMbAndWithTermGraceChangeOnlyTheirField() {
        ResourceLimits limits = ResourceLimits.none().withCpuSeconds(5).withMemoryMb(256);
        assertThat(limits).isEqualTo(new ResourceLimits(256L, 5L, null, null));
        assertThatThrownBy(() -> ResourceLimits.none().withMemoryMb(0)).isInstanceOf(IllegalArgumentException.class);

        StopPolicy policy = ProcessTestSupport.FAST.withTermGrace(Duration.ofSeconds(7));
        assertThat(policy).isEqualTo(new StopPolicy(ProcessTestSupport.FAST.stdinGrace(), Duration.ofSeconds(7),
                ProcessTestSupport.FAST.killWait()));
        assertThatThrownBy(() -> policy.withTermGrace(null)).isInstanceOf(NullPointerException.class);
    }
}
