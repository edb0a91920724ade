package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/** The executor's bound, blocking submission, batch semantics (order, errors, deadlines) and close. */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:BoundedExecutorTest") // its methods run one after the other (a lock forces them into one thread)
class BoundedExecutorTest {
    private static final long LONG_WAIT_S = 60;

    @Test
    void neverMoreThanConcurrencyTasksRunAtOnce() throws Exception {
        int n = 3;
        AtomicInteger running = new AtomicInteger();
        AtomicInteger max = new AtomicInteger();
        CountDownLatch fullHouse = new CountDownLatch(n);
        List<Future<Integer>> futures = new ArrayList<>();
        try (BoundedExecutor executor = new BoundedExecutor(n, "bound")) {
            for (int i = 0; i < 40; i++) {
                int index = i;
                futures.add(executor.submit(() -> {
                    max.accumulateAndGet(running.incrementAndGet(), Math::max);
                    try {
                        fullHouse.countDown();
                        fullHouse.await(LONG_WAIT_S, TimeUnit.SECONDS);
                        Thread.sleep(2);
                        return index;
                    } finally {
                        running.decrementAndGet();
                    }
                }));
            }
            for (int i = 0; i < futures.size(); i++) {
                assertThat(futures.get(i).get(LONG_WAIT_S, TimeUnit.SECONDS)).isEqualTo(i);
            }
            executor.drain();
        }
        assertThat(max.get()).isEqualTo(n);
        assertThat(running.get()).isZero();
    }

    @Test
    void submitBlocksWhileTheLimitIsReached() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean thirdRan = new AtomicBoolean();
        AtomicReference<Future<String>> third = new AtomicReference<>();
        try (BoundedExecutor executor = new BoundedExecutor(2, "block")) {
            List<Future<String>> held = List.of(executor.submit(() -> hold(release, "a")),
                    executor.submit(() -> hold(release, "b")));
            Thread submitter = new Thread(() -> {
                try {
                    third.set(executor.submit(() -> {
                        thirdRan.set(true);
                        return "c";
                    }));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "submitter");
            submitter.start();

            await().atMost(Duration.ofSeconds(LONG_WAIT_S)).until(() -> submitter.getState() == Thread.State.WAITING
                    || submitter.getState() == Thread.State.TIMED_WAITING);
            assertThat(submitter.isAlive()).as("the third submit must block, not queue").isTrue();
            assertThat(third.get()).isNull();
            assertThat(thirdRan).isFalse();

            release.countDown();
            submitter.join(TimeUnit.SECONDS.toMillis(LONG_WAIT_S));
            assertThat(submitter.isAlive()).isFalse();
            assertThat(third.get().get(LONG_WAIT_S, TimeUnit.SECONDS)).isEqualTo("c");
            assertThat(held.get(0).get()).isEqualTo("a");
            assertThat(held.get(1).get()).isEqualTo("b");
        }
    }

    @Test
    void batchKeepsOrderReportsErrorsAndCancelsTasksPastTheirDeadline() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        List<Callable<String>> tasks = List.of(
                () -> {
                    Thread.sleep(20);
                    return "first";
                },
                () -> {
                    throw new IllegalStateException("boom");
                },
                () -> hangUntilInterrupted(never, interrupted),
                () -> "fourth",
                () -> "fifth");
        List<BoundedExecutor.Outcome<String>> outcomes;
        try (BoundedExecutor executor = new BoundedExecutor(2, "batch")) {
            outcomes = executor.executeBatch(tasks, Duration.ofSeconds(5));
        }
        assertThat(outcomes).hasSize(5);
        assertThat(outcomes.get(0)).isEqualTo(new BoundedExecutor.Outcome<>("first", null));
        assertThat(outcomes.get(1).value()).isNull();
        assertThat(outcomes.get(1).error()).isInstanceOf(IllegalStateException.class).hasMessage("boom");
        assertThat(outcomes.get(2).value()).isNull();
        assertThat(outcomes.get(2).error()).isInstanceOf(TimeoutException.class);
        assertThat(outcomes.get(3)).isEqualTo(new BoundedExecutor.Outcome<>("fourth", null));
        assertThat(outcomes.get(4)).isEqualTo(new BoundedExecutor.Outcome<>("fifth", null));
        assertThat(interrupted.await(LONG_WAIT_S, TimeUnit.SECONDS)).as("the overdue task was interrupted").isTrue();
    }

    @Test
    void aHungTaskTimesOutEvenWhenLaterTasksWaitForItsSlot() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        List<Callable<String>> tasks = List.of(() -> hangUntilInterrupted(never, interrupted), () -> "after");
        try (BoundedExecutor executor = new BoundedExecutor(1, "single")) {
            List<BoundedExecutor.Outcome<String>> outcomes = executor.executeBatch(tasks, Duration.ofSeconds(1));

            assertThat(outcomes.get(0).error()).isInstanceOf(TimeoutException.class);
            assertThat(outcomes.get(1)).isEqualTo(new BoundedExecutor.Outcome<>("after", null));
        }
        assertThat(interrupted.getCount()).isZero();
    }

    @Test
    void aCancelledTaskGivesItsSlotBackOnceItStops() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        try (BoundedExecutor executor = new BoundedExecutor(1, "cancel")) {
            Future<String> hung = executor.submit(() -> hangUntilInterrupted(never, interrupted));
            await().atMost(Duration.ofSeconds(LONG_WAIT_S)).until(() -> never.getCount() == 1 && !hung.isDone());
            hung.cancel(true);
            Future<String> next = executor.submit(() -> "next");
            assertThat(next.get(LONG_WAIT_S, TimeUnit.SECONDS)).isEqualTo("next");
            assertThat(interrupted.getCount()).isZero();
        }
    }

    @Test
    void closeCancelsRunningTasksRejectsBlockedAndLaterSubmissionsAndReturns() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(2);
        CountDownLatch started = new CountDownLatch(2);
        AtomicReference<Throwable> blockedSubmitter = new AtomicReference<>();
        BoundedExecutor executor = new BoundedExecutor(2, "close");
        List<Future<String>> running = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            running.add(executor.submit(() -> {
                started.countDown();
                return hangUntilInterrupted(never, interrupted);
            }));
        }
        assertThat(started.await(LONG_WAIT_S, TimeUnit.SECONDS)).isTrue();
        Thread submitter = new Thread(() -> {
            try {
                executor.submit(() -> "late");
            } catch (Throwable t) {
                blockedSubmitter.set(t);
            }
        }, "blocked-submitter");
        submitter.start();
        await().atMost(Duration.ofSeconds(LONG_WAIT_S)).until(() -> submitter.getState() == Thread.State.WAITING);

        executor.close();

        assertThat(interrupted.await(LONG_WAIT_S, TimeUnit.SECONDS)).as("running tasks interrupted").isTrue();
        assertThat(running).allSatisfy(f -> assertThat(f.isDone()).isTrue());
        submitter.join(TimeUnit.SECONDS.toMillis(LONG_WAIT_S));
        assertThat(submitter.isAlive()).as("a submitter blocked at close is released").isFalse();
        assertThat(blockedSubmitter.get()).isInstanceOf(RejectedExecutionException.class);
        assertThatThrownBy(() -> executor.submit(() -> "after close")).isInstanceOf(RejectedExecutionException.class);
        executor.close();
    }

    private static String hold(CountDownLatch release, String value) throws InterruptedException {
        if (!release.await(LONG_WAIT_S, TimeUnit.SECONDS)) {
            throw new IllegalStateException("never released");
        }
        return value;
    }

    private static String hangUntilInterrupted(CountDownLatch never, CountDownLatch interrupted)
            throws InterruptedException {
        try {
            never.await(LONG_WAIT_S * 2, TimeUnit.SECONDS);
            return "not interrupted";
        } catch (InterruptedException e) {
            interrupted.countDown();
            throw e;
        }
    }
}
