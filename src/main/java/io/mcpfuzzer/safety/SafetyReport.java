package io.mcpfuzzer.safety;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Records what the safety layer did during a campaign: blocked calls, rewritten arguments, shim
 * hits and the containment actually in effect. Thread-safe (all methods synchronise on this).
 * Counts are exact; the detailed lists keep the first {@value #MAX_DETAILS} entries and cut
 * values to {@value #MAX_PREVIEW} characters (the report layer still applies redaction).
 */
public final class SafetyReport {
    static final int MAX_DETAILS = 100;
    static final int MAX_PREVIEW = 200;

    private final Supplier<List<ShimHit>> shimHits;
    private final Map<String, Integer> blockedByRule = new TreeMap<>();
    private final Map<String, Integer> blockedByTool = new TreeMap<>();
    private final Map<String, Integer> rewritesByTool = new TreeMap<>();
    private final List<ObjectNode> blocked = new ArrayList<>();
    private final List<ObjectNode> rewrites = new ArrayList<>();
    private List<Containment> containment = List.of();
    private int blockedTotal;
    private int rewriteTotal;

    /** @param shimHits reads the shim log (return an empty list without shims); never null */
    public SafetyReport(Supplier<List<ShimHit>> shimHits) {
        this.shimHits = shimHits;
    }

    /** Records a decision; {@link PolicyAction#ALLOW} decisions are ignored. */
    public synchronized void record(String toolName, PolicyDecision decision) {
        String tool = toolName == null ? "" : toolName;
        if (decision.verdict() == PolicyAction.BLOCK) {
            blockedTotal++;
            blockedByRule.merge(decision.rule(), 1, Integer::sum);
            blockedByTool.merge(tool, 1, Integer::sum);
            if (blocked.size() < MAX_DETAILS) {
                ObjectNode n = Json.object().put("tool", tool).put("rule", decision.rule())
                        .put("reason", cut(decision.reason()));
                blocked.add(n);
            }
        } else if (decision.verdict() == PolicyAction.REWRITE) {
            rewriteTotal += decision.rewrites().size();
            rewritesByTool.merge(tool, decision.rewrites().size(), Integer::sum);
            for (Rewrite r : decision.rewrites()) {
                if (rewrites.size() < MAX_DETAILS) {
                    rewrites.add(Json.object().put("tool", tool).put("pointer", r.pointer()).put("rule", r.rule())
                            .put("from", cut(r.from())).put("to", cut(r.to())));
                }
            }
        }
    }

    /** Records the containment of a launch (the latest launch wins). */
    public synchronized void recordContainment(List<Containment> containments) {
        this.containment = List.copyOf(containments);
    }

    public synchronized int blockedCount() {
        return blockedTotal;
    }

    public synchronized int rewriteCount() {
        return rewriteTotal;
    }

    /** The JSON section {@code safety} of the run report. */
    public synchronized ObjectNode toJson() {
        ObjectNode root = Json.object();
        ObjectNode b = root.putObject("blocked").put("total", blockedTotal);
        blockedByRule.forEach(b.putObject("byRule")::put);
        blockedByTool.forEach(b.putObject("byTool")::put);
        ArrayNode bl = b.putArray("calls");
        blocked.forEach(bl::add);
        ObjectNode rw = root.putObject("rewrites").put("total", rewriteTotal);
        rewritesByTool.forEach(rw.putObject("byTool")::put);
        ArrayNode rl = rw.putArray("values");
        rewrites.forEach(rl::add);
        List<ShimHit> hits = shimHits.get();
        ObjectNode sh = root.putObject("shimHits").put("total", hits.size());
        ArrayNode hl = sh.putArray("hits");
        for (ShimHit h : hits.subList(0, Math.min(hits.size(), MAX_DETAILS))) {
            ArrayNode argv = Json.array();
            h.argv().forEach(a -> argv.add(cut(a)));
            hl.add(Json.object().put("shim", h.shim()).put("time", h.time()).put("pid", h.pid()).set("argv", argv));
        }
        ArrayNode cl = root.putArray("containment");
        for (Containment c : containment) {
            cl.add(Json.object().put("name", c.name()).put("inEffect", c.inEffect()).put("detail", c.detail()));
        }
        return root;
    }

    /** A few lines for the console: counts, then every control that is NOT in effect. */
    public synchronized String consoleSummary() {
        int hits = shimHits.get().size();
        StringBuilder sb = new StringBuilder("Safety: ").append(blockedTotal).append(" call(s) blocked, ")
                .append(rewriteTotal).append(" argument(s) rewritten, ").append(hits).append(" shimmed command(s) refused");
        if (!blockedByRule.isEmpty()) {
            sb.append("\n  blocked by rule: ").append(blockedByRule);
        }
        for (Containment c : containment) {
            sb.append("\n  ").append(c.describe());
        }
        return sb.toString();
    }

    private static String cut(String s) {
        if (s == null) {
            return "";
        }
        return s.length() <= MAX_PREVIEW ? s : s.substring(0, MAX_PREVIEW) + "...";
    }
}
