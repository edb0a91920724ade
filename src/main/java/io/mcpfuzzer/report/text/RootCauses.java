package io.mcpfuzzer.report.text;

import io.mcpfuzzer.oracle.Finding;
import java.util.Comparator;
import java.util.List;

/**
 * The top root causes of a run, as a person triages: most severe first, then the ones that cover
 * the most targets ({@link Finding#COVERS_TOTAL}; a finding of one target covers 1), then the most
 * runs, then {@link io.mcpfuzzer.report.Report#ORDER}. Stateless.
 */
public final class RootCauses {
    /** Root causes listed at most. */
    public static final int MAX_SHOWN = 5;

    /** Most severe, then widest, then most frequent. */
    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity).reversed()
            .thenComparing(Comparator.comparingLong(RootCauses::covers).reversed())
            .thenComparing(Comparator.comparingInt(Finding::count).reversed())
            .thenComparing(io.mcpfuzzer.report.Report.ORDER);

    private RootCauses() {}

    /** How many targets a finding covers: its {@code covers_total} evidence, else 1. */
    public static long covers(Finding f) {
        Object total = f.evidence().get(Finding.COVERS_TOTAL); // a number, or a JSON node once redacted
        if (total instanceof Number n) {
            return Math.max(1, n.longValue());
        }
        if (total instanceof tools.jackson.databind.JsonNode node && node.isNumber()) {
            return Math.max(1, node.asLong());
        }
        return 1;
    }

    /** The first {@code max} findings in {@link #ORDER}. */
    public static List<Finding> top(List<Finding> findings, int max) {
        return findings.stream().sorted(ORDER).limit(Math.max(0, max)).toList();
    }
}
