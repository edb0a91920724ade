package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Runs one step of the fuzzer (a check, an oracle, an audit, a generator step, a report writer) so
 * that a failure of the fuzzer's own code never ends the campaign: any {@link RuntimeException} or
 * {@link Error} the step throws ({@link StackOverflowError} and {@link OutOfMemoryError} included)
 * is counted per distinct {@code check + exception class}, logged once at WARN per distinct pair
 * (with the stack at DEBUG), and the step's fallback is returned. Checked exceptions the step
 * declares (the campaign's control flow: {@link Supervisor.BlockedException},
 * {@link InterruptedException}) pass through unchanged.
 *
 * <p>Interruption keeps its meaning: a failure while the thread is interrupted, or one caused by an
 * interrupt ({@link InterruptedException}, {@link InterruptedIOException},
 * {@link ClosedByInterruptException} in its cause chain), is not a fuzzer error; the interrupt flag
 * is set again and the fallback returned, so the caller's next interrupt check stops the run.
 *
 * <p>Bounds: at most {@link #MAX_ENTRIES} distinct entries; further distinct failures are only
 * counted ({@link Snapshot#unlisted()}). Each entry keeps the first message (at most
 * {@link #MAX_MESSAGE} characters), the first input in flight (at most {@link #MAX_INPUT}
 * characters of its JSON) and the first {@link #MAX_FRAMES} stack frames. Thread-safe.
 */
public final class FaultGuard {
    private static final Logger LOG = LoggerFactory.getLogger(FaultGuard.class);
    public static final int MAX_ENTRIES = 50;
    public static final int MAX_INPUT = 2_048;
    public static final int MAX_MESSAGE = 500;
    public static final int MAX_FRAMES = 8;

    /** A step that may fail; {@code X} is the checked exception it is allowed to throw through. */
    @FunctionalInterface
    public interface Step<T, X extends Exception> {
        T get() throws X;
    }

    /** A step without a result. */
    @FunctionalInterface
    public interface Action<X extends Exception> {
        void run() throws X;
    }

    /**
     * One distinct failure.
     *
     * @param check     the guarded step's name
     * @param exception the throwable's class name
     * @param message   the first occurrence's message (bounded), or null
     * @param count     occurrences so far
     * @param input     the first occurrence's input in flight (bounded JSON or text), or null
     * @param stack     the first occurrence's first stack frames
     */
    public record Entry(String check, String exception, String message, long count, String input, List<String> stack) {
        public Entry {
            stack = List.copyOf(stack);
        }

        /** The {@code run_summary.json} shape (snake_case keys, JSON-serialisable). */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("check", check);
            m.put("exception", exception);
            m.put("message", message);
            m.put("count", count);
            m.put("input", input);
            m.put("stack", stack);
            return m;
        }
    }

    /**
     * What the guard has seen.
     *
     * @param total    every counted failure
     * @param entries  distinct failures in first-seen order (at most {@link #MAX_ENTRIES})
     * @param unlisted failures whose distinct pair did not fit in {@code entries}
     */
    public record Snapshot(long total, List<Entry> entries, long unlisted) {
        public Snapshot {
            entries = List.copyOf(entries);
        }

        /** The {@code fuzzer_errors} object of {@code run_summary.json}. */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("total", total);
            m.put("distinct", entries.size());
            m.put("unlisted", unlisted);
            m.put("entries", entries.stream().map(Entry::toMap).toList());
            return m;
        }
    }

    private static final class Counter {
        final Entry first;
        long count;

        Counter(Entry first) {
            this.first = first;
        }
    }

    private final Map<String, Counter> entries = new LinkedHashMap<>();
    private long total;
    private long unlisted;

    /**
     * Runs {@code step}; on failure records it under {@code check} and returns {@code fallback}.
     *
     * @param input the input in flight (a {@link JsonNode}, text, any JSON-serialisable value, or a
     *              {@link Supplier} of one, evaluated only on failure); may be null
     */
    public <T, X extends Exception> T call(String check, Object input, T fallback, Step<T, X> step) throws X {
        try {
            return step.get();
        } catch (RuntimeException | Error e) {
            record(check, input, e);
            return fallback;
        }
    }

    /** Runs {@code action}; on failure records it under {@code check}. Returns false when it failed. */
    public <X extends Exception> boolean run(String check, Object input, Action<X> action) throws X {
        try {
            action.run();
            return true;
        } catch (RuntimeException | Error e) {
            record(check, input, e);
            return false;
        }
    }

    /**
     * Records a failure (used where a step's failure arrives already caught, such as a worker's
     * {@code ExecutionException} cause). Returns false when it was an interruption, not counted.
     */
    public boolean record(String check, Object input, Throwable failure) {
        if (Thread.currentThread().isInterrupted() || causedByInterrupt(failure)) {
            Thread.currentThread().interrupt();
            LOG.debug("{} stopped by an interrupt: {}", check, failure.toString());
            return false;
        }
        String exception = failure.getClass().getName();
        String key = check + "\u0000" + exception;
        boolean first;
        synchronized (this) {
            total++;
            Counter counter = entries.get(key);
            first = counter == null;
            if (first && entries.size() >= MAX_ENTRIES) {
                unlisted++;
            } else if (first) {
                counter = new Counter(new Entry(check, exception, cut(failure.getMessage(), MAX_MESSAGE),
                        0, describe(input), frames(failure)));
                entries.put(key, counter);
            }
            if (counter != null) {
                counter.count++;
            }
        }
        if (first) {
            String level = failure instanceof OutOfMemoryError ? "out of memory" : "fuzzer error";
            LOG.warn("{} in {}: {}: {} (the run goes on; counted in run_summary.json fuzzer_errors, logged once)",
                    level, check, exception, cut(failure.getMessage(), MAX_MESSAGE));
            LOG.debug("stack of the fuzzer error in {}", check, failure);
        }
        return true;
    }

    /** Number of failures counted so far. */
    public synchronized long total() {
        return total;
    }

    public synchronized Snapshot snapshot() {
        List<Entry> out = new ArrayList<>();
        for (Counter c : entries.values()) {
            Entry e = c.first;
            out.add(new Entry(e.check(), e.exception(), e.message(), c.count, e.input(), e.stack()));
        }
        return new Snapshot(total, out, unlisted);
    }

    /** One line for a status reason: {@code class: message}, bounded. */
    public static String oneLine(Throwable t) {
        String message = t.getMessage();
        String text = t.getClass().getName() + (message == null ? "" : ": " + message);
        return cut(text.replace('\n', ' ').replace('\r', ' '), MAX_MESSAGE);
    }

    private static boolean causedByInterrupt(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 16; t = t.getCause(), depth++) {
            if (t instanceof InterruptedException || t instanceof InterruptedIOException
                    || t instanceof ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Object input) {
        try {
            Object value = input instanceof Supplier<?> supplier ? supplier.get() : input;
            if (value == null) {
                return null;
            }
            String text = value instanceof String s ? s : Json.write(value);
            return cut(text, MAX_INPUT);
        } catch (RuntimeException | StackOverflowError e) {
            return "<input not describable: " + e.getClass().getName() + ">";
        }
    }

    private static List<String> frames(Throwable failure) {
        StackTraceElement[] trace = failure.getStackTrace();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < trace.length && i < MAX_FRAMES; i++) {
            out.add(trace[i].toString());
        }
        return out;
    }

    /** {@code text} cut to {@code max} characters and "..." when longer; null stays null. */
    static String cut(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        return text.substring(0, max) + "...";
    }
}
