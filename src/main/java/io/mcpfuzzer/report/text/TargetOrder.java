package io.mcpfuzzer.report.text;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.TargetKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order in which per-target outcome rows are shown to people (console summary, HTML report):
 * targets with a crash first, then with a hang, then those with the most severe findings, then those with
 * other bad outcomes, then the rest; raw {@code frame:} targets always last. Within a rank tools
 * come first, otherwise the original (insertion) order is kept. Outcomes inside one row are ordered the same way: crashes
 * and hangs first, {@code ok} last. Stateless and thread-safe.
 */
public final class TargetOrder {
    /** Outcomes listed first, most alarming first. */
    public static final List<String> ALARMING = List.of("crash", "hang", "timeout", "oversized_response",
            "protocol_violation", "transport_error", "no_answer");

    private TargetOrder() {}

    /** The rows of {@code perTarget} in display order (a new map; the input is not changed). */
    public static Map<String, Map<String, Long>> order(Map<String, Map<String, Long>> perTarget, List<Finding> findings) {
        Map<String, Severity> worst = new HashMap<>();
        for (Finding f : findings) {
            worst.merge(TargetKey.of(f.kind(), f.target()), f.severity(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
        }
        List<Map.Entry<String, Map<String, Long>>> rows = new ArrayList<>(perTarget.entrySet());
        rows.sort(Comparator.comparingInt((Map.Entry<String, Map<String, Long>> e) -> rank(e.getKey(), e.getValue(), worst))
                .thenComparingInt(e -> "tool".equals(TargetKey.parse(e.getKey()).kind()) ? 0 : 1));
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        rows.forEach(e -> out.put(e.getKey(), outcomes(e.getValue())));
        return out;
    }

    /** One row's outcomes, alarming ones first (in {@link #ALARMING} order), then others, {@code ok} last; zero counts dropped. */
    public static Map<String, Long> outcomes(Map<String, Long> counts) {
        List<Map.Entry<String, Long>> list = new ArrayList<>(counts.entrySet());
        list.removeIf(e -> e.getValue() == null || e.getValue() <= 0);
        list.sort(Comparator.comparingInt((Map.Entry<String, Long> e) -> outcomeRank(e.getKey()))
                .thenComparing(Map.Entry::getKey));
        Map<String, Long> out = new LinkedHashMap<>();
        list.forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** True for the raw-frame rows that are grouped or shown last. */
    public static boolean isFrame(String key) {
        return "frame".equals(TargetKey.parse(key).kind());
    }

    private static int outcomeRank(String outcome) {
        int i = ALARMING.indexOf(outcome);
        if (i >= 0) {
            return i;
        }
        return "ok".equals(outcome) ? 1000 : 500;
    }

    private static int rank(String key, Map<String, Long> counts, Map<String, Severity> worst) {
        int frame = isFrame(key) ? 100 : 0;
        if (count(counts, "crash") > 0) {
            return frame;
        }
        if (count(counts, "hang") > 0) {
            return frame + 1;
        }
        Severity sev = worst.get(key);
        if (sev != null) {
            return frame + 2 + (Severity.CRITICAL.ordinal() - sev.ordinal()); // 2..6
        }
        boolean bad = ALARMING.stream().anyMatch(o -> count(counts, o) > 0);
        return frame + (bad ? 10 : 20);
    }

    private static long count(Map<String, Long> counts, String outcome) {
        Long n = counts.get(outcome);
        return n == null ? 0 : n;
    }
}
