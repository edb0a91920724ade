package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Records the latency of every answered run per target and reports runs far slower than the
 * target's median as {@code performance_outlier}: above both 10x the median and median + 1 s.
 * Each target's slowest run keeps an opaque handle to re-send it with ({@link Outlier#slowest}): a
 * slow run that is not slow again when re-sent (a cold start, the machine's own stall) is no defect.
 * Thread-safe. Memory is bounded by {@link #MAX_SAMPLES} per target.
 */
public final class LatencyOutliers {
    public static final int MAX_SAMPLES = 20_000;
    /** Targets whose wait defaults are kept ({@link #declareSchema}). */
    public static final int MAX_TARGETS = 10_000;
    private static final double FACTOR = 10.0;
    private static final double FLOOR_MS = 1_000.0;

    private record Sample(int run, double ms) {}

    private record Slowest(double ms, Object handle) {}

    /**
     * A target's outliers.
     *
     * @param finding     the {@code performance_outlier} finding
     * @param thresholdMs the latency above which a run is an outlier, in milliseconds
     * @param slowest     the handle recorded with the target's slowest run; null when it had none
     */
    public record Outlier(Finding finding, double thresholdMs, Object slowest) {}

    private final Map<String, List<Sample>> byTarget = new LinkedHashMap<>();
    private final Map<String, Slowest> slowest = new LinkedHashMap<>();
    private final Map<String, JsonNode> waitDefaults = new ConcurrentHashMap<>();

    /**
     * Declares the input schema of a target (a tool's {@code inputSchema}; may be null), whose
     * wait-named defaults {@link #isEvidence} counts for arguments a run leaves out. At most
     * {@value #MAX_TARGETS} targets are kept.
     */
    public void declareSchema(String kind, String target, JsonNode schema) {
        ObjectNode defaults = RequestedWait.waitDefaults(schema);
        if (!defaults.isEmpty() && waitDefaults.size() < MAX_TARGETS) {
            waitDefaults.put(kind + "\u0000" + target, defaults);
        }
    }

    /**
     * True when an answered run's latency says something of the server's code: not a failure that
     * blames the network or credentials ({@link EnvironmentFailures}: a slow DNS lookup), and not a
     * wait its own input, or a declared default for an argument it leaves out, asked for
     * ({@link RequestedWait}). {@code input} may be null.
     */
    public boolean isEvidence(String kind, String target, Reply reply,
            JsonNode input) {
        // a silence JSON-RPC allows (a notification, an optional request) waited for an answer that never came:
        // firecrawl-mcp got three unconfirmable "outliers" of 1000 ms from such waits
        return !Reply.BY_SILENCE.equals(reply.decidedBy()) && !EnvironmentFailures.blamedIn(reply)
                && !RequestedWait.explains(input, waitDefaults.get(kind + "\u0000" + target), reply.latencyMillis());
    }

    public void record(String kind, String target, int run, double latencyMs) {
        record(kind, target, run, latencyMs, null);
    }

    /** Records one answered run; {@code handle} (may be null) is kept only while it is the target's slowest. */
    public synchronized void record(String kind, String target, int run, double latencyMs, Object handle) {
        String key = kind + "\u0000" + target;
        List<Sample> list = byTarget.computeIfAbsent(key, k -> new ArrayList<>());
        if (list.size() < MAX_SAMPLES) {
            list.add(new Sample(run, latencyMs));
            Slowest was = slowest.get(key);
            if (was == null || latencyMs > was.ms()) {
                slowest.put(key, new Slowest(latencyMs, handle));
            }
        }
    }

    /** One finding per target that has outliers (needs at least 10 samples), not re-sent. */
    public List<Finding> findings() {
        return outliers().stream().map(Outlier::finding).toList();
    }

    /** One outlier per target that has outliers (needs at least 10 samples). */
    public synchronized List<Outlier> outliers() {
        List<Outlier> out = new ArrayList<>();
        for (Map.Entry<String, List<Sample>> e : byTarget.entrySet()) {
            List<Sample> samples = e.getValue();
            if (samples.size() < 10) {
                continue;
            }
            double[] ms = samples.stream().mapToDouble(Sample::ms).sorted().toArray();
            double median = ms[ms.length / 2];
            double threshold = Math.max(median * FACTOR, median + FLOOR_MS);
            List<Integer> runs = new ArrayList<>();
            double worst = 0;
            for (Sample s : samples) {
                if (s.ms() > threshold) {
                    runs.add(s.run());
                    worst = Math.max(worst, s.ms());
                }
            }
            if (runs.isEmpty()) {
                continue;
            }
            String[] parts = e.getKey().split("\u0000", 2);
            Map<String, Object> ev = new LinkedHashMap<>();
            ev.put("median_ms", round(median));
            ev.put("threshold_ms", round(threshold));
            ev.put("worst_ms", round(worst));
            ev.put("p95_ms", round(ms[(int) Math.min(ms.length - 1, Math.floor(ms.length * 0.95))]));
            ev.put("samples", ms.length);
            Finding f = Finding.of("performance_outlier", Severity.LOW, parts[0], parts[1], runs.get(0),
                    runs.size() + " run(s) took over " + round(threshold) + " ms (median " + round(median) + " ms)",
                    ev, "latency");
            out.add(new Outlier(f.withBucket(runs.size(), runs.subList(0, Math.min(runs.size(), 100))), threshold,
                    slowest.get(e.getKey()).handle()));
        }
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
