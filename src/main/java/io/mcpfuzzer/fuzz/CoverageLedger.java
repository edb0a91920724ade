package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.CoveragePlan;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the coverage pass did per tool, for {@code run_summary.json} and the HTML report: the budget,
 * the cases sent, the cases the budget cut, the pairwise cases, and the edge classes covered.
 * Thread-safe.
 */
public final class CoverageLedger {
    private final Map<String, Map<String, Object>> tools = new ConcurrentHashMap<>();
    private final int budget;

    /** @param budget the per-tool budget in effect */
    public CoverageLedger(int budget) {
        this.budget = budget;
    }

    /** Records the plan of one tool (a later plan of the same tool replaces it). */
    public void record(String tool, CoveragePlan plan) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("budget", budget);
        m.put("cases", plan.cases().size());
        m.put("cut", plan.cut());
        m.put("pairs", plan.pairs());
        m.put("classes", plan.classes());
        tools.put(tool, m);
    }

    /**
     * Tool name to {@code {budget, cases, cut, pairs, classes}}, sorted by tool name;
     * JSON-serialisable. Empty when no tool was planned.
     */
    public Map<String, Object> snapshot() {
        return new java.util.TreeMap<>(tools);
    }
}
