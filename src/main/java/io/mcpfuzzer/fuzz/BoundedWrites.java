package io.mcpfuzzer.fuzz;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a blocking send (a write to the server, possibly followed by a bounded wait for its answer)
 * with a deadline. A write to a stdio server that stopped reading its input blocks once the pipe
 * buffer is full and cannot be interrupted; the caller gets {@code null} after the deadline and goes
 * on, while the write's thread (a daemon) stays blocked until the server is killed, which fails the
 * write. Thread-safe; threads are created on demand and end when idle for a minute.
 */
final class BoundedWrites {
    private static final Logger LOG = LoggerFactory.getLogger(BoundedWrites.class);

    private final ExecutorService threads;

    BoundedWrites(String name) {
        AtomicInteger n = new AtomicInteger();
        this.threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The result of {@code send}, or null when it did not finish within {@code deadline} (it keeps
     * running). An exception of {@code send} is rethrown unchecked; an interrupt of the caller
     * returns null with the interrupt flag set.
     */
    <T> T call(Callable<T> send, Duration deadline) {
        Future<T> future = threads.submit(send);
        try {
            return future.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            LOG.debug("send still blocked after {} ms", deadline.toMillis());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("send failed", cause);
        }
    }
}
