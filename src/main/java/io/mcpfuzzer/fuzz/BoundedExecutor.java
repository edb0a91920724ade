package io.mcpfuzzer.fuzz;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs tasks with at most {@code concurrency} in flight. Submission blocks while the limit is
 * reached, so there is no unbounded queue anywhere. Thread-safe.
 *
 * <p>A task is in flight from its submission until its code has returned (or it was cancelled
 * before it started): a task cancelled while running keeps its slot until it actually stops, so
 * the limit holds even for tasks that are slow to react to interruption. After {@link #close()}
 * new submissions are rejected with {@link RejectedExecutionException}, including those that were
 * blocked waiting for a slot.
 */
public final class BoundedExecutor implements AutoCloseable {
    /** Outcome of one task of a batch: exactly one of value and error is set (error also for timeouts). */
    public record Outcome<T>(T value, Throwable error) {}

    /** How often a batch waiting for a slot re-checks the deadlines of the tasks it started. */
    private static final long DEADLINE_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long CLOSE_WAIT_SECONDS = 10;
    /** Released on close to wake every blocked submitter (far below Integer.MAX_VALUE - concurrency). */
    private static final int WAKE_ALL = Integer.MAX_VALUE / 2;

    private final int concurrency;
    /** Tasks submitted and not finished at most: running plus waiting (lookahead). */
    private final int slots;
    private final Semaphore permits;
    private final ThreadPoolExecutor pool;
    private volatile boolean closed;

    public BoundedExecutor(int concurrency, String name) {
        this(concurrency, name, 0);
    }

    /**
     * An executor that lets {@code lookahead} more tasks wait, submitted but not started, behind the
     * {@code concurrency} running ones: a worker that finishes takes the next task at once instead
     * of waiting for the submitter to wake up and hand it over (two thread wake-ups per task on the
     * critical path at concurrency 1). At most {@code concurrency} tasks ever run at once; the
     * in-flight limit of the class comment becomes {@code concurrency + lookahead}.
     *
     * @param lookahead 0 to 16
     */
    public BoundedExecutor(int concurrency, String name, int lookahead) {
        if (lookahead < 0 || lookahead > 16) {
            throw new IllegalArgumentException("lookahead must be 0 to 16: " + lookahead);
        }
        this.concurrency = Math.max(1, concurrency);
        this.slots = this.concurrency + lookahead;
        this.permits = new Semaphore(slots);
        AtomicInteger counter = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(this.concurrency, this.concurrency, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(slots), r -> {
                    Thread t = new Thread(r, name + "-" + counter.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    /**
     * Submits a task, blocking while {@code concurrency} tasks are in flight.
     *
     * @throws RejectedExecutionException when the executor is closed
     */
    public <T> Future<T> submit(Callable<T> task) throws InterruptedException {
        permits.acquire();
        return start(task);
    }

    /**
     * Runs every task and waits for each, at most {@code perTaskTimeout} after it started; results
     * keep the tasks' order. A task past its deadline is cancelled (interrupted) and reported as a
     * {@link TimeoutException} error, also while later tasks of the batch wait for a slot. A task
     * that throws is reported with what it threw. If the caller is interrupted, every task of the
     * batch is cancelled and {@link InterruptedException} is thrown.
     */
    public <T> List<Outcome<T>> executeBatch(List<? extends Callable<T>> tasks, Duration perTaskTimeout)
            throws InterruptedException {
        long timeout = Math.max(1, perTaskTimeout.toNanos());
        List<Task<T>> started = new ArrayList<>();
        boolean[] timedOut = new boolean[tasks.size()];
        try {
            for (Callable<T> callable : tasks) {
                while (!permits.tryAcquire(DEADLINE_POLL_NANOS, TimeUnit.NANOSECONDS)) {
                    for (int i = 0; i < started.size(); i++) {
                        timedOut[i] |= started.get(i).cancelIfOverdue(timeout);
                    }
                }
                started.add(start(callable));
            }
            List<Outcome<T>> out = new ArrayList<>();
            for (int i = 0; i < started.size(); i++) {
                out.add(timedOut[i] ? timeoutOutcome(timeout) : await(started.get(i), timeout));
            }
            return out;
        } catch (InterruptedException | RuntimeException e) {
            started.forEach(t -> t.cancel(true));
            throw e;
        }
    }

    /** Waits until every submitted task finished. */
    public void drain() throws InterruptedException {
        permits.acquire(slots);
        permits.release(slots);
    }

    /**
     * Rejects further submissions (waking blocked submitters), cancels queued and running tasks
     * (running ones are interrupted) and waits, at most 10 s, for the worker threads to stop.
     * Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Runnable queued : pool.shutdownNow()) {
            if (queued instanceof Future<?> f) {
                f.cancel(false);
            }
        }
        permits.release(WAKE_ALL);
        try {
            pool.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Hands a task to the pool; the caller holds a permit, which the task gives back exactly once. */
    private <T> Task<T> start(Callable<T> callable) {
        Task<T> task = new Task<>(callable, permits);
        try {
            if (closed) {
                throw new RejectedExecutionException("executor closed");
            }
            pool.execute(task);
        } catch (RuntimeException e) {
            permits.release();
            throw e;
        }
        return task;
    }

    private static <T> Outcome<T> await(Task<T> task, long timeout) throws InterruptedException {
        while (true) {
            long wait = task.remaining(timeout);
            try {
                if (wait <= 0) {
                    if (task.cancel(true)) {
                        return timeoutOutcome(timeout);
                    }
                    wait = 1;
                }
                long slice = task.hasStarted() ? wait : Math.min(wait, DEADLINE_POLL_NANOS);
                return new Outcome<>(task.get(slice, TimeUnit.NANOSECONDS), null);
            } catch (ExecutionException e) {
                return new Outcome<>(null, e.getCause());
            } catch (CancellationException e) {
                return new Outcome<>(null, e);
            } catch (TimeoutException e) {
                // re-check the deadline (or whether the task has started by now)
            }
        }
    }

    private static <T> Outcome<T> timeoutOutcome(long timeout) {
        return new Outcome<>(null, new TimeoutException("task exceeded its deadline of "
                + TimeUnit.NANOSECONDS.toMillis(timeout) + " ms and was cancelled"));
    }

    /** A future that records when its code started and releases its permit once its code is over. */
    private static final class Task<T> extends FutureTask<T> {
        private static final long NOT_STARTED = Long.MIN_VALUE;
        private static final long NEVER_RAN = Long.MIN_VALUE + 1;

        private final Semaphore permits;
        /** {@link #NOT_STARTED}, {@link #NEVER_RAN} (cancelled first), or the start time in System.nanoTime(). */
        private final AtomicLong start = new AtomicLong(NOT_STARTED);

        Task(Callable<T> callable, Semaphore permits) {
            super(callable);
            this.permits = permits;
        }

        @Override
        public void run() {
            if (!start.compareAndSet(NOT_STARTED, System.nanoTime())) {
                return;
            }
            try {
                super.run();
            } finally {
                permits.release();
            }
        }

        @Override
        protected void done() {
            if (start.compareAndSet(NOT_STARTED, NEVER_RAN)) {
                permits.release();
            }
        }

        boolean hasStarted() {
            long s = start.get();
            return s != NOT_STARTED && s != NEVER_RAN;
        }

        /** Nanoseconds left before the deadline; the full timeout while the task has not started. */
        long remaining(long timeout) {
            return hasStarted() ? start.get() + timeout - System.nanoTime() : timeout;
        }

        /** Cancels the task if it has run past its deadline; true if this call cancelled it. */
        boolean cancelIfOverdue(long timeout) {
            return hasStarted() && remaining(timeout) <= 0 && cancel(true);
        }
    }
}
