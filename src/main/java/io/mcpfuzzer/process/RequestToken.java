package io.mcpfuzzer.process;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One outstanding request to a managed process, from {@link ProcessWatchdog#requestStarted(long)}.
 * Close it when the answer (or an error, or a give-up) arrived; closing twice is harmless.
 * Thread-safe.
 */
public final class RequestToken implements AutoCloseable {
    private final ProcessWatchdog watchdog;
    private final long pid;
    private final long id;
    private final AtomicBoolean closed = new AtomicBoolean();

    RequestToken(ProcessWatchdog watchdog, long pid, long id) {
        this.watchdog = watchdog;
        this.pid = pid;
        this.id = id;
    }

    public long pid() {
        return pid;
    }

    /** Marks the request finished (counts as activity). */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            watchdog.finish(pid, id);
        }
    }
}
