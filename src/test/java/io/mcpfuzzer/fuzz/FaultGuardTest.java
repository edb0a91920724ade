package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;

@Isolated
class FaultGuardTest {
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(FaultGuard.class);
    private Level before;

    @BeforeEach
    void capture() {
        before = logger.getLevel();
        logger.setLevel(Level.INFO);
        log.start();
        logger.addAppender(log);
    }

    @AfterEach
    void release() {
        logger.detachAppender(log);
        logger.setLevel(before);
    }

    /** A real stack overflow inside java.util.regex: a repeated alternation over a long input. */
    private static boolean overflowingRegex() {
        return Pattern.compile("(a|b)*c").matcher("ab".repeat(200_000)).matches();
    }

    @Test
    void aStackOverflowInACheckIsCountedLoggedOnceAndTheCallerGoesOn() {
        FaultGuard guard = new FaultGuard();
        List<Boolean> results = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            results.add(guard.call("leak_oracle", Json.parse("{\"text\":\"x\"}"), Boolean.FALSE,
                    FaultGuardTest::overflowingRegex));
        }
        int after = guard.call("next_check", null, -1, () -> 42);

        assertThat(results).containsOnly(Boolean.FALSE);
        assertThat(after).isEqualTo(42);
        FaultGuard.Snapshot snap = guard.snapshot();
        assertThat(snap.total()).isEqualTo(3);
        assertThat(snap.entries()).hasSize(1);
        FaultGuard.Entry e = snap.entries().get(0);
        assertThat(e.check()).isEqualTo("leak_oracle");
        assertThat(e.exception()).isEqualTo(StackOverflowError.class.getName());
        assertThat(e.count()).isEqualTo(3);
        assertThat(e.input()).isEqualTo("{\"text\":\"x\"}");
        assertThat(e.stack()).isNotEmpty().hasSizeLessThanOrEqualTo(FaultGuard.MAX_FRAMES);
        List<ILoggingEvent> warnings = log.list.stream().filter(ev -> ev.getLevel() == Level.WARN).toList();
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0).getFormattedMessage()).contains("leak_oracle").contains("StackOverflowError");
    }

    @Test
    void eachDistinctCheckAndExceptionIsItsOwnEntryLoggedOnce() {
        FaultGuard guard = new FaultGuard();
        for (int i = 0; i < 4; i++) {
            guard.run("a", null, () -> {
                throw new IllegalArgumentException("bad group reference " + System.nanoTime());
            });
            guard.run("a", null, () -> {
                throw new IllegalStateException("other");
            });
            guard.run("b", null, () -> {
                throw new IllegalArgumentException("same class, other check");
            });
        }
        FaultGuard.Snapshot snap = guard.snapshot();
        assertThat(snap.total()).isEqualTo(12);
        assertThat(snap.entries()).extracting(FaultGuard.Entry::check, FaultGuard.Entry::exception,
                FaultGuard.Entry::count).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("a", IllegalArgumentException.class.getName(), 4L),
                        org.assertj.core.groups.Tuple.tuple("a", IllegalStateException.class.getName(), 4L),
                        org.assertj.core.groups.Tuple.tuple("b", IllegalArgumentException.class.getName(), 4L));
        assertThat(snap.entries().get(0).message()).startsWith("bad group reference");
        assertThat(log.list.stream().filter(ev -> ev.getLevel() == Level.WARN)).hasSize(3);
        assertThat(snap.toMap()).containsEntry("total", 12L).containsEntry("distinct", 3).containsEntry("unlisted", 0L);
    }

    @Test
    void inputMessageAndEntriesAreBounded() {
        FaultGuard guard = new FaultGuard();
        String big = "x".repeat(100_000);
        guard.run("huge", Json.parse("{\"v\":\"" + big + "\"}"), () -> {
            throw new RuntimeException(big);
        });
        FaultGuard.Entry e = guard.snapshot().entries().get(0);
        assertThat(e.input().length()).isLessThanOrEqualTo(FaultGuard.MAX_INPUT + 3);
        assertThat(e.message().length()).isLessThanOrEqualTo(FaultGuard.MAX_MESSAGE + 3);

        for (int i = 0; i < FaultGuard.MAX_ENTRIES + 20; i++) {
            guard.run("check" + i, null, () -> {
                throw new RuntimeException("x");
            });
        }
        FaultGuard.Snapshot snap = guard.snapshot();
        assertThat(snap.entries()).hasSize(FaultGuard.MAX_ENTRIES);
        assertThat(snap.total()).isEqualTo(FaultGuard.MAX_ENTRIES + 21L);
        assertThat(snap.unlisted()).isEqualTo(21);
    }

    @Test
    void declaredCheckedExceptionsPassThroughUncounted() {
        FaultGuard guard = new FaultGuard();
        assertThatThrownBy(() -> guard.run("step", null, () -> {
            throw new Supervisor.BlockedException("target gone");
        })).isInstanceOf(Supervisor.BlockedException.class);
        assertThatThrownBy(() -> guard.call("step", null, 0, () -> {
            throw new InterruptedException();
        })).isInstanceOf(InterruptedException.class);
        assertThat(guard.total()).isZero();
    }

    @Test
    void aFailureCausedByAnInterruptIsNotAFuzzerErrorAndTheFlagStaysSet() throws Exception {
        FaultGuard guard = new FaultGuard();
        java.util.concurrent.atomic.AtomicBoolean flagSet = new java.util.concurrent.atomic.AtomicBoolean();
        Thread worker = new Thread(() -> {
            boolean ran = guard.run("io", null, () -> {
                throw new IllegalStateException("wrapped", new InterruptedException());
            });
            flagSet.set(!ran && Thread.currentThread().isInterrupted());
            Thread.interrupted();
            guard.run("after", null, () -> {
                throw new IllegalStateException("a real one");
            });
        });
        worker.start();
        worker.join(10_000);
        assertThat(flagSet).isTrue();
        FaultGuard.Snapshot snap = guard.snapshot();
        assertThat(snap.entries()).extracting(FaultGuard.Entry::check).containsExactly("after");
        assertThat(snap.total()).isEqualTo(1);
    }

    @Test
    void countsAreExactUnderConcurrency() throws Exception {
        FaultGuard guard = new FaultGuard();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 1_000; i++) {
                        guard.run("shared", null, () -> {
                            throw new IllegalArgumentException("x");
                        });
                    }
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
        assertThat(guard.snapshot().entries().get(0).count()).isEqualTo(8_000);
        assertThat(log.list.stream().filter(ev -> ev.getLevel() == Level.WARN)).hasSize(1);
    }

    @Test
    void oneLineIsClassAndFirstMessageWithoutLineBreaks() {
        assertThat(FaultGuard.oneLine(new IllegalStateException("a\nb"))).isEqualTo("java.lang.IllegalStateException: a b");
        assertThat(FaultGuard.oneLine(new StackOverflowError())).isEqualTo("java.lang.StackOverflowError");
    }
}
