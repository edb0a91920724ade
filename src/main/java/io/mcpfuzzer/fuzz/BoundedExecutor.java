package io.mcpfuzzer.fuzz;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs tasks with at most {@code concurrency} in flight. Submission blocks while the limit is
 * reached, so there is no unbounded queue anywhere. Thread-safe.
 */
public final class BoundedExecutor implements AutoCloseable {
    /** Outcome of one task of a batch: exactly one of value and error is set (error also for timeouts). */
    public record Outcome<T>(T value, Throwable error) {}

    private final Semaphore permits;
    private final ThreadPoolExecutor pool;

    public BoundedExecutor(int concurrency, String name) {
        int n = Math.max(1, concurrency);
        this.permits = new Semaphore(n);
        AtomicInteger counter = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(n, n, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(n), r -> {
            Thread t = new Thread(r, name + "-" + counter.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Submits a task, blocking while {@code concurrency} tasks are running. */
    public <T> Future<T> submit(Callable<T> task) throws InterruptedException {
        permits.acquire();
        try {
            return pool.submit(() -> {
                try {
                    return task.call();
                } finally {
                    permits.release();
                }
            });
        } catch (RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /**
     * Runs every task and waits for each, at most {@code perTaskTimeout} after it started; results
     * keep the tasks' order. A task past its deadline is cancelled and reported as a timeout error.
     */
    public <T> List<Outcome<T>> executeBatch(List<? extends Callable<T>> tasks, Duration perTaskTimeout)
            throws InterruptedException {
        List<Future<T>> futures = new ArrayList<>();
        for (Callable<T> task : tasks) {
            futures.add(submit(task));
        }
        List<Outcome<T>> out = new ArrayList<>();
        for (Future<T> f : futures) {
            try {
                out.add(new Outcome<>(f.get(perTaskTimeout.toNanos(), TimeUnit.NANOSECONDS), null));
            } catch (ExecutionException e) {
                out.add(new Outcome<>(null, e.getCause()));
            } catch (TimeoutException e) {
                f.cancel(true);
                out.add(new Outcome<>(null, e));
            }
        }
        return out;
    }

    /** Waits until every submitted task finished. */
    public void drain() throws InterruptedException {
        int all = pool.getMaximumPoolSize();
        permits.acquire(all);
        permits.release(all);
    }

    /** Cancels running tasks and waits (bounded) for the threads to stop. */
    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
