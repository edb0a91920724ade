package io.mcpfuzzer.process;

/**
 * A monotonic clock in nanoseconds, so tests can drive the watchdog. Only differences between two
 * readings are meaningful. Implementations are thread-safe.
 */
@FunctionalInterface
public interface MonotonicClock {
    /** Current reading in nanoseconds. */
    long nanoTime();

    /** {@link System#nanoTime()}. */
    static MonotonicClock system() {
        return System::nanoTime;
    }
}
