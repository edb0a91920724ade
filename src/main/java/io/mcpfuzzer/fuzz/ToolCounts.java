package io.mcpfuzzer.fuzz;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A count per tool name (calls sent with a harvested id, with a hinted value, ...). Bounded: at most
 * {@value #MAX_TOOLS} tools are counted (calls to further ones are not). Thread-safe.
 */
final class ToolCounts {
    static final int MAX_TOOLS = 1_000;
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    /** Counts one more for {@code tool}. */
    void increment(String tool) {
        if (counts.size() < MAX_TOOLS || counts.containsKey(tool)) {
            counts.computeIfAbsent(tool, t -> new AtomicLong()).incrementAndGet();
        }
    }

    /** The count of {@code tool}, 0 when none. */
    long get(String tool) {
        AtomicLong n = counts.get(tool);
        return n == null ? 0 : n.get();
    }

    /** Tool name to count, sorted by name (a copy). */
    Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((t, n) -> out.put(t, n.get()));
        return out;
    }
}
