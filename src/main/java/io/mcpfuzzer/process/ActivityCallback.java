package io.mcpfuzzer.process;

/**
 * Reports the time of a process's most recent sign of life (a line read or written, a progress
 * notification), on the manager's {@link MonotonicClock} ({@link System#nanoTime()} by default).
 * Called on the watchdog thread once per scan; must be quick and must not block. A value more than one second in the future is ignored; the newest timestamp seen
 * wins, so returning an old value (for example 0 for "no activity yet") is harmless.
 */
@FunctionalInterface
public interface ActivityCallback {
    /** Nanosecond timestamp of the latest activity. */
    long timestamp();
}
