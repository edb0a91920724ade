package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The keys of the Python tool's {@code run_summary.json} that scripts read, computed from our own
 * per-target outcome buckets so both stay consistent: {@code tools.{total, total_runs, by_name}},
 * {@code protocols.{total, total_runs, by_type}}, {@code tool_discovery} and, for a blocked run,
 * {@code blocked_reason}/{@code blocked_detail}; each tool of {@code by_name} also gets ours,
 * {@code realistic_calls}, {@code accepted_share}, {@code harvested_id_calls} and, when there were any,
 * {@code error_hint_calls} (calls sent with a value named by the server's error answers) and
 * {@code environment_failures} (internal errors blaming the network or credentials). ({@code findings.{total,
 * by_category}} is already part of our summary.) Each tool of {@code by_name} also gets our {@code coverage}
 * record when the coverage pass ran ({@link CoverageSummary}). Stateless and thread-safe.
 *
 * <p>Mapping of our outcomes onto the Python buckets ({@code outcomes}, every run in exactly one):
 * {@code rejected} and {@code tool_error} are {@code server_rejected}; {@code ok} is
 * {@code accepted_malformed} for as many runs as the {@code accepted_malformed} findings of the
 * target counted (a normal answer to a schema-invalid input) and our extra bucket {@code ok} for
 * the rest; {@code crash} is {@code crashed}; {@code fuzzer_error} is {@code exceptions};
 * {@code safety_blocked} stays; everything else ({@code hang}, {@code transport_error},
 * {@code oversized_response}, {@code protocol_violation}, {@code interrupted}, unknown ones) is
 * {@code anomaly}. Run statistics: {@code exceptions} = runs without a usable answer
 * ({@code crashed + anomaly + exceptions}); {@code failures} = {@code exceptions + accepted_malformed
 * + safety_blocked}; {@code successful = total_runs - failures}; {@code success_rate} in percent,
 * two decimals.
 */
public final class PythonSummaryKeys {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Set<String> REJECTED = Set.of("rejected", "tool_error");
    /** Python bucket order, then ours. */
    private static final List<String> BUCKETS = List.of("server_rejected", "accepted_malformed", "anomaly", "crashed",
            "exceptions", "safety_blocked", "ok");

    private PythonSummaryKeys() {}

    /** Adds the keys to a {@code run_summary.json} node built from the same report. */
    public static void addTo(ObjectNode summary, Report report) {
        RunSummary s = report.summary();
        Map<String, Map<String, Long>> tools = new LinkedHashMap<>();
        s.fuzzedTools().forEach(name -> tools.put(name, Map.of()));
        Map<String, Map<String, Long>> protocols = new TreeMap<>();
        s.perTarget().forEach((key, outcomes) -> {
            TargetKey k = TargetKey.parse(key);
            if (k.kind().equals("tool")) {
                tools.put(k.target(), outcomes);
            } else if (k.kind().equals("protocol")) {
                protocols.put(k.target(), outcomes);
            }
        });
        ObjectNode toolSurface = surface(tools, "by_name", "tool", report.findings());
        JsonNode shares = ReportJson.toTree(s.toolDiscovery()).path("accepted_share");
        Map<String, JsonNode> coverage = CoverageSummary.perTool(s);
        JsonNode harvested = ReportJson.toTree(s.toolDiscovery()).path("harvested_ids").path("calls_by_tool");
        JsonNode hinted = ReportJson.toTree(s.toolDiscovery()).path("error_hints").path("calls_by_tool");
        JsonNode environment = ReportJson.toTree(s.toolDiscovery()).path("environment_failures");
        toolSurface.path("by_name").properties().forEach(e -> {
            JsonNode share = shares.path(e.getKey());
            if (share.isObject() && e.getValue() instanceof ObjectNode stats) {
                stats.set("realistic_calls", share.path("realistic_calls"));
                stats.set("realistic_accepted", share.path("accepted"));
                stats.set("accepted_share", share.path("accepted_share"));
            }
            if (coverage.containsKey(e.getKey()) && e.getValue() instanceof ObjectNode stats) {
                stats.set(CoverageSummary.KEY, coverage.get(e.getKey()));
            }
            if (e.getValue() instanceof ObjectNode stats) {
                stats.put("harvested_id_calls", harvested.path(e.getKey()).asLong(0));
                long hints = hinted.path(e.getKey()).asLong(0);
                if (hints > 0) { // realistic calls sent with a value the server's error answers named
                    stats.put("error_hint_calls", hints);
                }
                long offline = environment.path("tool:" + e.getKey()).asLong(0);
                if (offline > 0) { // internal errors blaming the network or credentials (no findings)
                    stats.put("environment_failures", offline);
                }
            }
        });
        summary.set("tools", toolSurface);
        summary.set("protocols", surface(protocols, "by_type", "protocol", report.findings()));
        ObjectNode discovery = summary.putObject("tool_discovery");
        JsonNode given = ReportJson.toTree(s.toolDiscovery());
        discovery.put("failure", given.path("failure").asString("none"));
        discovery.put("detail", given.path("detail").asString(""));
        discovery.put("tool_count", given.path("tool_count").asLong(0));
        if ("blocked".equals(s.status())) {
            summary.put("blocked_reason", discovery.get("failure").asString());
            summary.put("blocked_detail", s.statusReason() != null ? s.statusReason() : discovery.get("detail").asString());
        }
    }

    private static ObjectNode surface(Map<String, Map<String, Long>> targets, String field, String kind,
            List<Finding> findings) {
        ObjectNode node = NODES.objectNode();
        node.put("total", targets.size());
        ObjectNode each = NODES.objectNode();
        long runs = 0;
        for (Map.Entry<String, Map<String, Long>> e : targets.entrySet()) {
            ObjectNode stats = stats(e.getValue(), malformed(findings, kind, e.getKey()));
            runs += stats.get("total_runs").asLong();
            each.set(e.getKey(), stats);
        }
        node.put("total_runs", runs);
        node.set(field, each);
        return node;
    }

    /** The statistics of one target from its outcome counts. */
    static ObjectNode stats(Map<String, Long> outcomes, long malformedRuns) {
        Map<String, Long> buckets = new LinkedHashMap<>();
        BUCKETS.forEach(b -> buckets.put(b, 0L));
        long total = 0;
        for (Map.Entry<String, Long> e : outcomes.entrySet()) {
            long n = e.getValue() == null ? 0 : e.getValue();
            total += n;
            buckets.merge(bucket(e.getKey()), n, Long::sum);
        }
        long malformed = Math.min(buckets.get("ok"), Math.max(0, malformedRuns));
        buckets.put("accepted_malformed", malformed);
        buckets.put("ok", buckets.get("ok") - malformed);
        long exceptions = buckets.get("crashed") + buckets.get("anomaly") + buckets.get("exceptions");
        long failures = exceptions + malformed + buckets.get("safety_blocked");
        long successful = total - failures;
        ObjectNode node = NODES.objectNode();
        node.put("total_runs", total);
        node.put("successful", successful);
        node.put("failures", failures);
        node.put("exceptions", exceptions);
        node.put("safety_blocked", buckets.get("safety_blocked"));
        node.put("success_rate", total == 0 ? 0.0 : Math.round(successful * 10_000.0 / total) / 100.0);
        ObjectNode out = node.putObject("outcomes");
        buckets.forEach(out::put);
        return node;
    }

    private static String bucket(String outcome) {
        if (REJECTED.contains(outcome)) {
            return "server_rejected";
        }
        return switch (outcome) {
            case "ok" -> "ok";
            case "crash" -> "crashed";
            case "fuzzer_error" -> "exceptions";
            case "safety_blocked" -> "safety_blocked";
            default -> "anomaly";
        };
    }

    /** Runs of a target whose normal answer was to a schema-invalid input (counted by the bucket). */
    private static long malformed(List<Finding> findings, String kind, String target) {
        long n = 0;
        for (Finding f : findings) {
            if (f.category().equals("accepted_malformed") && f.kind().equals(kind) && f.target().equals(target)) {
                n += f.count();
            }
        }
        return n;
    }
}
