package io.mcpfuzzer.oracle;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one outcome counter of a run: counts per outcome, and per {@code kind:target} key and outcome. Memory is
 * bounded: at most {@value #MAX_TARGETS} target keys are kept; runs of further targets are counted under
 * {@value #OTHER}. Used by the run engine (the campaign's result) and by the run recorder (the streamed
 * summary), so both count the same way. Thread-safe (one lock; a count is a few map operations).
 */
public final class OutcomeCounts {
    /** Most distinct per-target buckets kept; further targets are counted under {@value #OTHER}. */
    public static final int MAX_TARGETS = 10_000;
    public static final String OTHER = "other:(more targets)";
    /** The outcome counted for a run without one. */
    public static final String UNKNOWN = "unknown";

    private final Map<String, Map<String, Long>> perTarget = new TreeMap<>();
    private final Map<String, Long> outcomes = new TreeMap<>();
    private long total;

    /** Counts one run of {@code targetKey} ({@code kind:target}) with {@code outcome} (null counts as "unknown"). */
    public synchronized void add(String targetKey, String outcome) {
        String o = outcome == null ? UNKNOWN : outcome;
        total++;
        outcomes.merge(o, 1L, Long::sum);
        String key = !perTarget.containsKey(targetKey) && perTarget.size() >= MAX_TARGETS ? OTHER : targetKey;
        perTarget.computeIfAbsent(key, k -> new TreeMap<>()).merge(o, 1L, Long::sum);
    }

    public synchronized long total() {
        return total;
    }

    /** Snapshot: target key to outcome to count, sorted by key and outcome. */
    public synchronized Map<String, Map<String, Long>> perTarget() {
        Map<String, Map<String, Long>> copy = new LinkedHashMap<>();
        perTarget.forEach((k, v) -> copy.put(k, new LinkedHashMap<>(v)));
        return copy;
    }

    /** Snapshot: outcome to count over all targets, sorted. */
    public synchronized Map<String, Long> outcomes() {
        return new LinkedHashMap<>(outcomes);
    }
}
