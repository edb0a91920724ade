package io.mcpfuzzer.fuzz;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per tool, how many realistic calls were made and how many the server accepted (a normal answer,
 * outcome {@code ok}, neither a JSON-RPC error nor {@code isError}): a low share means the realistic
 * inputs do not reach the tool's logic, or the server rejects what its schema allows. At most
 * {@value #MAX_TOOLS} tools are tracked. Thread-safe.
 */
public final class AcceptedShare {
    static final int MAX_TOOLS = 1_000;
    private final Map<String, AtomicLongArray> counts = new ConcurrentHashMap<>();

    /** Counts one finished run; only realistic tool calls count. */
    public void record(String kind, String tool, String phase, String outcome) {
        if (!"tool".equals(kind) || !"realistic".equals(phase) || tool == null) {
            return;
        }
        AtomicLongArray c = counts.get(tool);
        if (c == null) {
            if (counts.size() >= MAX_TOOLS) {
                return;
            }
            c = counts.computeIfAbsent(tool, t -> new AtomicLongArray(2));
        }
        c.incrementAndGet(0);
        if ("ok".equals(outcome)) {
            c.incrementAndGet(1);
        }
    }

    /**
     * Tool name to {@code realistic_calls}, {@code accepted} and {@code accepted_share} (0..1, two
     * decimals), sorted by name.
     */
    public Map<String, Object> snapshot() {
        Map<String, Object> out = new TreeMap<>();
        counts.forEach((tool, c) -> {
            long calls = c.get(0);
            long ok = c.get(1);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("realistic_calls", calls);
            m.put("accepted", ok);
            m.put("accepted_share", calls == 0 ? null : Math.round(100.0 * ok / calls) / 100.0);
            out.put(tool, m);
        });
        return out;
    }
}
