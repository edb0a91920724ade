package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.ProgressSink;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress display rewritten in place with {@code \r} on stderr, at most every
 * {@link #MIN_INTERVAL_NANOS} (about 10 Hz), except that the final state (all targets done) is
 * always drawn. Thread-safe: updates are serialised.
 */
final class ConsoleProgress implements ProgressSink {
    static final long MIN_INTERVAL_NANOS = 100_000_000L;

    private final PrintStream err;
    private final LongSupplier nanoClock;
    private final long start;
    private long lastDraw;
    private boolean drawn;
    private int lastWidth;

    /** @param nanoClock monotonic clock in nanoseconds ({@code System::nanoTime} in production) */
    ConsoleProgress(PrintStream err, LongSupplier nanoClock) {
        this.err = err;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
    }

    @Override
    public synchronized void update(long targetsDone, long targetsTotal, long runs, long findings) {
        long now = nanoClock.getAsLong();
        boolean last = targetsTotal > 0 && targetsDone >= targetsTotal;
        if (drawn && now - lastDraw < MIN_INTERVAL_NANOS && !last) {
            return;
        }
        lastDraw = now;
        String line = line(targetsDone, targetsTotal, runs, findings, now - start);
        int pad = Math.max(0, lastWidth - line.length());
        err.print("\r" + line + " ".repeat(pad));
        err.flush();
        lastWidth = line.length();
        drawn = true;
    }

    @Override
    public synchronized void finish() {
        if (drawn) {
            err.print("\r" + " ".repeat(lastWidth) + "\r");
            err.flush();
            drawn = false;
            lastWidth = 0;
        }
    }

    static String line(long done, long total, long runs, long findings, long elapsedNanos) {
        double seconds = elapsedNanos / 1e9;
        double rate = seconds > 0 ? runs / seconds : 0;
        String targets = total > 0 ? done + "/" + total : String.valueOf(done);
        return String.format(Locale.ROOT, "[%s targets] %d runs (%.1f/s), %d finding%s", targets, runs, rate,
                findings, findings == 1 ? "" : "s");
    }
}
