package io.mcpfuzzer.report;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Reads the coverage pass's per-tool record from a {@link RunSummary} (key {@value #KEY} of its tool
 * discovery, written by the fuzz layer's coverage ledger): per tool {@code budget}, {@code cases}
 * (sent), {@code cut} (cut by the budget), {@code pairs} (pairwise cases sent) and {@code classes}
 * (the edge classes covered, sorted). Stateless and thread-safe.
 */
public final class CoverageSummary {
    /** Key of the per-tool coverage record in the summary's tool discovery and in {@code tools.by_name.<tool>}. */
    public static final String KEY = "coverage";

    private CoverageSummary() {}

    /** Tool name to its coverage record, sorted by name; empty when the pass was off. */
    public static Map<String, JsonNode> perTool(RunSummary s) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        JsonNode all = ReportJson.toTree(s.toolDiscovery()).path(KEY);
        if (all.isObject()) {
            all.properties().forEach(e -> {
                if (e.getValue().isObject()) {
                    out.put(e.getKey(), e.getValue());
                }
            });
        }
        return out;
    }
}
