package io.mcpfuzzer.oracle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Per-tool memory growth: the server's resident memory (RSS, kB) sampled after each call to one
 * tool, judged by the least-squares slope of RSS over the tool's call count. A tool is a
 * <em>suspect</em> when, within one server incarnation, the slope is at least {@link #SLOPE_KB} per
 * call and the fitted growth over the samples at least {@link #TOTAL_KB}; the caller then replays
 * one call ({@link #REPLAY_CALLS} times) and reports {@code memory_growth} only when the replay keeps
 * growing ({@link #confirmed}). A tool that allocates and frees (RSS up and down) has a flat fit and is
 * never a suspect. Growth a replay of the same input explains by storing it ({@link #storeExplains})
 * is a store doing its job, reported below medium.
 *
 * <p>Bounds: at most {@link #MAX_SAMPLES} samples per tool (when full, every second one is dropped
 * and only every second new one kept, so the samples still span the tool's calls); {@link #forget}
 * drops a judged tool. Thread-safe.
 */
public final class ToolMemory {
    /**
     * Least slope, kB of RSS per call, for growth (512 KiB): a garbage-collected runtime's heap expansion
     * (server-memory on Node grew 341-469 kB per call with no leak) stays below it.
     */
    public static final long SLOPE_KB = 512;
    /** Least fitted growth over a tool's samples, kB (24 MiB, beyond a V8 young generation's 16 MiB). */
    public static final long TOTAL_KB = 24 * 1024;
    /** Fitted growth of a suspect after which the replay's second half need not grow (128 MiB). */
    public static final long LARGE_KB = 128 * 1024;
    /** Fewest samples of one incarnation that are judged. */
    public static final int MIN_SAMPLES = 8;
    /**
     * Identical calls replayed to confirm a suspect. 64, not 16: a garbage-collected heap grows in cycles
     * (server-memory on Node 22 with a 0.2-0.3 MB input rose 530-1,550 kB per call over 16 and 32 calls
     * before a major collection dropped it; over 64 calls its slope stayed at or below 404 kB per call).
     */
    public static final int REPLAY_CALLS = 64;
    /**
     * Growth per replayed call of at most this many times the input's size (its JSON, in bytes) is what
     * a store keeping what it is sent costs (the text, its parsed copy, a serialised copy): by design,
     * not a leak.
     */
    public static final int STORE_FACTOR = 4;
    /** Samples kept per tool. */
    public static final int MAX_SAMPLES = 2_048;

    private record Sample(long incarnation, long call, long rssKb) {}

    /** What the samples of one tool show. */
    public record Fit(double slopeKbPerCall, double growthKb, int samples, long firstKb, long lastKb) {}

    /**
     * A tool whose samples show growth.
     *
     * @param input the input of the call after which RSS rose most (what the replay sends); may be null
     */
    public record Suspect(String tool, Fit fit, JsonNode input, Integer run) {}

    private static final class Series {
        final List<Sample> samples = new ArrayList<>();
        long calls;
        long stride = 1;
        long offered;
        long lastKb = -1;
        long lastIncarnation;
        long biggestRise = Long.MIN_VALUE;
        JsonNode riseInput;
        Integer riseRun;
    }

    private final Map<String, Series> tools = new HashMap<>();

    /**
     * Records the RSS after a call to {@code tool}; {@code rssKb <= 0} (unknown, e.g. a remote
     * server) is ignored. {@code incarnation} identifies the server process the sample came from.
     */
    public synchronized void record(String tool, long incarnation, JsonNode input, Integer run, long rssKb) {
        if (rssKb <= 0) {
            return;
        }
        Series s = tools.computeIfAbsent(tool, k -> new Series());
        long call = ++s.calls;
        if (s.lastKb > 0 && s.lastIncarnation == incarnation && rssKb - s.lastKb > s.biggestRise) {
            s.biggestRise = rssKb - s.lastKb;
            s.riseInput = input;
            s.riseRun = run;
        }
        s.lastKb = rssKb;
        s.lastIncarnation = incarnation;
        if (s.offered++ % s.stride != 0) {
            return;
        }
        if (s.samples.size() >= MAX_SAMPLES) {
            List<Sample> kept = new ArrayList<>(MAX_SAMPLES / 2 + 1);
            for (int i = 0; i < s.samples.size(); i += 2) {
                kept.add(s.samples.get(i));
            }
            s.samples.clear();
            s.samples.addAll(kept);
            s.stride *= 2;
        }
        s.samples.add(new Sample(incarnation, call, rssKb));
    }

    /** The suspect for {@code tool} (see the class comment), or null. */
    public synchronized Suspect suspect(String tool) {
        Series s = tools.get(tool);
        if (s == null) {
            return null;
        }
        Map<Long, List<Sample>> byIncarnation = new LinkedHashMap<>();
        for (Sample sample : s.samples) {
            byIncarnation.computeIfAbsent(sample.incarnation(), k -> new ArrayList<>()).add(sample);
        }
        Fit best = null;
        for (List<Sample> list : byIncarnation.values()) {
            if (list.size() < MIN_SAMPLES) {
                continue;
            }
            long[] x = new long[list.size()];
            long[] y = new long[list.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = list.get(i).call();
                y[i] = list.get(i).rssKb();
            }
            Fit fit = fit(x, y);
            if (fit != null && (best == null || fit.growthKb() > best.growthKb())) {
                best = fit;
            }
        }
        if (best == null || best.slopeKbPerCall() < SLOPE_KB || best.growthKb() < TOTAL_KB) {
            return null;
        }
        return new Suspect(tool, best, s.riseInput, s.riseRun);
    }

    /**
     * True when a replay (RSS {@code y} after call {@code x}) confirms growth: its slope is at least
     * {@link #SLOPE_KB} per call over all of it, and at least half that over its second half, so growth
     * that levels off (a bounded cache filling up, a heap expanding to its next collection) is not
     * confirmed. False for fewer than four points.
     */
    public static boolean confirmed(long[] x, long[] y) {
        return confirmed(x, y, 0);
    }

    /**
     * {@link #confirmed(long[], long[])}, except that after a suspect whose fitted growth
     * ({@code suspectGrowthKb}) is at least {@link #LARGE_KB} the slope over the whole replay suffices:
     * so much growth from one tool's calls is beyond a heap's expansion, and a heap near its limit
     * grows in steps (a JVM committing 100 MiB at once, then flat), so the second half may be level.
     */
    public static boolean confirmed(long[] x, long[] y, double suspectGrowthKb) {
        int n = Math.min(x.length, y.length);
        if (n < 4) {
            return false;
        }
        Fit all = fit(x, y);
        Fit late = fit(java.util.Arrays.copyOfRange(x, n / 2, n), java.util.Arrays.copyOfRange(y, n / 2, n));
        return all != null && late != null && all.slopeKbPerCall() >= SLOPE_KB
                && (late.slopeKbPerCall() >= SLOPE_KB / 2.0 || suspectGrowthKb >= LARGE_KB);
    }

    /**
     * True when {@code slopeKbPerCall} of a replay is within {@link #STORE_FACTOR} times the size of
     * the replayed input ({@code inputBytes}, UTF-8 of its JSON): a server storing what it is sent.
     */
    public static boolean storeExplains(double slopeKbPerCall, long inputBytes) {
        return slopeKbPerCall * 1024 <= (double) STORE_FACTOR * inputBytes;
    }

    /** Drops what is kept for {@code tool} (after it was judged). */
    public synchronized void forget(String tool) {
        tools.remove(tool);
    }

    /**
     * The least-squares line through (x, y): its slope, and the growth it predicts from the first x to
     * the last. Null for fewer than two points or when every x is the same.
     */
    public static Fit fit(long[] x, long[] y) {
        int n = Math.min(x.length, y.length);
        if (n < 2) {
            return null;
        }
        double mx = 0;
        double my = 0;
        for (int i = 0; i < n; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        if (sxx == 0) {
            return null;
        }
        double slope = sxy / sxx;
        return new Fit(slope, slope * (x[n - 1] - x[0]), n, y[0], y[n - 1]);
    }
}
