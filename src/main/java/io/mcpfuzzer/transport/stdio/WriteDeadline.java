package io.mcpfuzzer.transport.stdio;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Bounds every write to a stdio server in time without a thread hand-off per write. A write to a
 * server that stopped reading blocks once the pipe buffer (64 KiB on Linux) is full, and a blocked
 * pipe write cannot be interrupted; so the writer only notes when it started (two volatile stores),
 * and one daemon thread per transport checks every quarter deadline (at most every 250 ms) whether a
 * write has been under way longer than the deadline. Then it runs {@code onStuck} once (the owner
 * kills the server, which fails the blocked write) and the writer reports
 * {@link StdioTransport#STOPPED_READING}. Thread-safe.
 */
final class WriteDeadline {
    private static final Logger LOG = LoggerFactory.getLogger(WriteDeadline.class);
    private static final long MAX_CHECK_NANOS = 250_000_000L;

    private final long deadlineNanos;
    private final Runnable onStuck;
    private final String description;
    /** Start of the write under way, or 0 when none (writes are serialised by the transport). */
    private volatile long writeStarted;
    private final AtomicBoolean fired = new AtomicBoolean();
    private volatile boolean stopped;

    /**
     * @param deadline    how long one write may take (positive)
     * @param onStuck     what frees a blocked write (kills the server); run once, on the watch thread
     * @param description the server, for the log
     */
    WriteDeadline(Duration deadline, Runnable onStuck, String description) {
        if (deadline.isZero() || deadline.isNegative()) {
            throw new IllegalArgumentException("write deadline must be positive: " + deadline);
        }
        this.deadlineNanos = deadline.toNanos();
        this.onStuck = onStuck;
        this.description = description;
    }

    /** Starts the watch thread (a daemon that ends after {@link #stop}). */
    void start() {
        Thread t = new Thread(this::watch, "stdio-write-deadline");
        t.setDaemon(true);
        t.start();
    }

    void begin() {
        long now = System.nanoTime();
        writeStarted = now == 0 ? 1 : now;
    }

    void end() {
        writeStarted = 0;
    }

    /** True once a write outlived the deadline (and {@code onStuck} ran or is running). */
    boolean fired() {
        return fired.get();
    }

    long deadlineMillis() {
        return deadlineNanos / 1_000_000;
    }

    void stop() {
        stopped = true;
    }

    private void watch() {
        long check = Math.min(MAX_CHECK_NANOS, Math.max(1_000_000L, deadlineNanos / 4));
        while (!stopped && !fired.get()) {
            try {
                Thread.sleep(check / 1_000_000, (int) (check % 1_000_000));
            } catch (InterruptedException e) {
                LOG.debug("{}: write deadline watch interrupted", description);
                return;
            }
            long started = writeStarted;
            if (started != 0 && System.nanoTime() - started > deadlineNanos && fired.compareAndSet(false, true)) {
                LOG.debug("{}: a write to the server's stdin did not finish within {} ms; the server no longer"
                        + " reads its input and is stopped", description, deadlineMillis());
                try {
                    onStuck.run();
                } catch (RuntimeException e) {
                    LOG.warn("{}: stopping the server that stopped reading failed: {}", description, e.toString());
                }
            }
        }
    }
}
