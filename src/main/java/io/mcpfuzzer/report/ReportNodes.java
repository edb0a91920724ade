package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON shapes shared by the JSON artifacts and exports (all keys snake_case). Input must come
 * from a {@link Report}, so it is already redacted. Stateless and thread-safe.
 */
public final class ReportNodes {
    /** Evidence keys copied into a finding's {@code replay} object, with their snake_case names. */
    private static final Map<String, String> REPLAY_KEYS = Map.ofEntries(
            Map.entry("input", "input"), Map.entry("raw_input", "raw_input"), Map.entry("rawInput", "raw_input"),
            Map.entry("frame", "frame"), Map.entry("method", "method"), Map.entry("arguments", "arguments"),
            Map.entry("args", "arguments"), Map.entry("request", "request"), Map.entry("phase", "phase"),
            Map.entry("sub_seed", "sub_seed"), Map.entry("subSeed", "sub_seed"), Map.entry("uri", "uri"));
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ReportNodes() {}

    /** Provenance header written into every artifact ({@code run_info}). */
    public static ObjectNode runInfo(Report report) {
        RunSummary s = report.summary();
        ObjectNode node = NODES.objectNode();
        node.put("session_id", report.sessionId());
        node.put("seed", s.seed());
        node.put("status", s.status());
        node.put("status_reason", s.statusReason());
        node.put("fuzzer_version", s.fuzzerVersion());
        node.put("mode", s.mode());
        node.put("phase", s.phase());
        node.put("transport", s.transport());
        node.put("endpoint", s.endpoint());
        node.put("protocol_version", s.protocolVersion());
        node.put("started_at", s.startedAt());
        node.put("ended_at", s.endedAt());
        node.set("command_line", strings(s.commandLine()));
        return node;
    }

    /** A finding in the findings.json shape (Python fields first, then ours). */
    public static ObjectNode finding(Finding f, Report report) {
        ObjectNode node = NODES.objectNode();
        node.put("id", f.id());
        node.put("category", f.category());
        node.put("severity", f.severity().wire());
        node.put("kind", f.kind());
        node.put("target", f.target());
        if (f.run() == null) {
            node.putNull("run");
        } else {
            node.put("run", f.run());
        }
        node.put("detail", f.detail());
        node.set("evidence", evidence(f));
        node.put("fingerprint", f.id());
        node.put("signature", f.signature());
        node.put("count", f.count());
        ArrayNode runs = node.putArray("runs");
        f.runs().forEach(runs::add);
        node.put("check_id", f.checkId());
        node.put("owasp", f.owasp());
        node.set("replay", replay(f, report));
        return node;
    }

    /** Evidence as a JSON object (values already redacted trees). */
    public static ObjectNode evidence(Finding f) {
        ObjectNode node = NODES.objectNode();
        f.evidence().forEach((k, v) -> node.set(k == null ? "null" : k, ReportJson.toTree(v)));
        return node;
    }

    /** What is needed to send the same thing again: target, run, seed and the sent input or frame. */
    public static ObjectNode replay(Finding f, Report report) {
        ObjectNode node = NODES.objectNode();
        node.put("kind", f.kind());
        node.put("target", f.target());
        if (f.run() == null) {
            node.putNull("run");
        } else {
            node.put("run", f.run());
        }
        node.put("seed", report.summary().seed());
        node.put("session_id", report.sessionId());
        f.evidence().forEach((k, v) -> {
            String name = REPLAY_KEYS.get(k);
            if (name != null && !node.has(name)) {
                node.set(name, ReportJson.toTree(v));
            }
        });
        return node;
    }

    /** run_summary.json. */
    public static ObjectNode summary(Report report) {
        RunSummary s = report.summary();
        ObjectNode node = NODES.objectNode();
        node.put("session_id", report.sessionId());
        node.put("status", s.status());
        node.put("status_reason", s.statusReason());
        node.put("seed", s.seed());
        node.put("mode", s.mode());
        node.put("phase", s.phase());
        node.put("transport", s.transport());
        node.put("endpoint", s.endpoint());
        node.put("protocol_version", s.protocolVersion());
        node.set("server_info", ReportJson.toTree(s.serverInfo()));
        node.set("command_line", strings(s.commandLine()));
        node.put("fuzzer_version", s.fuzzerVersion());
        node.put("started_at", s.startedAt());
        node.put("ended_at", s.endedAt());
        node.put("total_runs", s.totalRuns());
        node.set("per_target", ReportJson.toTree(s.perTarget()));
        ObjectNode findings = node.putObject("findings");
        findings.put("total", report.findings().size());
        findings.set("by_category", ReportJson.toTree(s.findingsByCategory()));
        findings.set("by_severity", ReportJson.toTree(s.findingsBySeverity()));
        node.set("containment", ReportJson.toTree(s.containment()));
        node.set("warnings", strings(s.warnings()));
        return node;
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode array = NODES.arrayNode();
        values.forEach(array::add);
        return array;
    }

    /** Pretty text of a node, cut to {@code max} characters (for human-facing exports). */
    public static String excerpt(JsonNode node, int max) {
        String text = ReportJson.pretty().writeValueAsString(node);
        return text.length() <= max ? text : text.substring(0, max) + "\n...[truncated]";
    }
}
