package io.mcpfuzzer.process;

import java.time.Duration;

/**
 * Deterministic exponential backoff with a cap, for restarting crashed targets: attempt {@code n}
 * (0-based) waits {@code min(cap, base * multiplier^n)}. No jitter, so runs are reproducible. The
 * stateful {@link #next()} / {@link #reset()} pair is not thread-safe; {@link #delay(int)} is pure.
 */
public final class Backoff {
    private final Duration base;
    private final Duration cap;
    private final double multiplier;
    private int attempt;

    public Backoff(Duration base, Duration cap, double multiplier) {
        this.base = Durations.requireNonNegative(base, "base");
        this.cap = Durations.requireNonNegative(cap, "cap");
        if (!(multiplier >= 1.0) || Double.isInfinite(multiplier)) {
            throw new IllegalArgumentException("multiplier must be a finite number >= 1, got " + multiplier);
        }
        if (cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("cap " + cap + " is below base " + base);
        }
        this.multiplier = multiplier;
    }

    /** 200 ms doubling up to 10 s. */
    public static Backoff defaults() {
        return new Backoff(Duration.ofMillis(200), Duration.ofSeconds(10), 2.0);
    }

    /** The wait before attempt {@code n} (0-based); never more than the cap. */
    public Duration delay(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("attempt must not be negative: " + n);
        }
        double nanos = base.toNanos() * Math.pow(multiplier, n);
        if (nanos >= cap.toNanos() || Double.isNaN(nanos)) {
            return cap;
        }
        return Duration.ofNanos((long) nanos);
    }

    /** The wait for the next attempt, then counts it. */
    public Duration next() {
        Duration d = delay(attempt);
        if (attempt < Integer.MAX_VALUE) {
            attempt++;
        }
        return d;
    }

    /** Attempts counted since the last reset. */
    public int attempts() {
        return attempt;
    }

    /** Starts over (after a healthy run). */
    public void reset() {
        attempt = 0;
    }
}
