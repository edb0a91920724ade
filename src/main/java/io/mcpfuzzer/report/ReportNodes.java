package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON shapes shared by the JSON artifacts and exports (all keys snake_case). Input must come
 * from a {@link Report}, so it is already redacted. Every foreign value (evidence, replay input,
 * server info, containment) is bounded by {@link EvidenceCap#value}; a value cut for depth or
 * entries gets a sibling {@code <key>_raw} holding its whole compact JSON as one string (or a
 * length marker when that is over 64 KiB). Every seed is also written as a decimal string
 * ({@code seed_string}, {@code sub_seed_string}): 63-bit numbers lose precision in readers that
 * use doubles, such as jq 1.6. Stateless and thread-safe.
 */
public final class ReportNodes {
    /** Evidence keys copied into a finding's {@code replay} object, with their snake_case names. */
    private static final Map<String, String> REPLAY_KEYS = Map.ofEntries(
            Map.entry("input", "input"), Map.entry("raw_input", "raw_input"), Map.entry("rawInput", "raw_input"),
            Map.entry("frame", "frame"), Map.entry("method", "method"), Map.entry("arguments", "arguments"),
            Map.entry("args", "arguments"), Map.entry("request", "request"), Map.entry("phase", "phase"),
            Map.entry("sub_seed", "sub_seed"), Map.entry("subSeed", "sub_seed"), Map.entry("uri", "uri"));
    /**
     * Evidence key holding the finding's state against a baseline ({@code new} or {@code unchanged});
     * written as a top-level finding field, not as evidence.
     */
    public static final String BASELINE_STATE = "baseline_state";
    /** Evidence key holding a suppression ({@code {reason, ...}}); written as a top-level finding field. */
    public static final String SUPPRESSED = "suppressed";
    /** Suffix of the sibling that holds a cut value's whole compact JSON text. */
    public static final String RAW_SUFFIX = "_raw";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ReportNodes() {}

    /** Provenance header written into every artifact ({@code run_info}). */
    public static ObjectNode runInfo(Report report) {
        RunSummary s = report.summary();
        ObjectNode node = NODES.objectNode();
        node.put("session_id", report.sessionId());
        putSeed(node, "seed", s.seed());
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
        node.put(Finding.STRATEGY, f.strategy());
        node.set("replay", replay(f, report));
        Object state = f.evidence().get(BASELINE_STATE);
        if (state != null) {
            node.put(BASELINE_STATE, Reproduction.text(state));
        }
        Object suppressed = f.evidence().get(SUPPRESSED);
        if (suppressed != null) {
            node.set(SUPPRESSED, value(suppressed));
        }
        return node;
    }

    /** Evidence as a JSON object (values already redacted trees), every value capped. */
    public static ObjectNode evidence(Finding f) {
        ObjectNode node = NODES.objectNode();
        f.evidence().forEach((k, v) -> {
            if (!BASELINE_STATE.equals(k) && !SUPPRESSED.equals(k)) {
                putCapped(node, k == null ? "null" : k, v, f.evidence()::containsKey);
            }
        });
        return node;
    }

    /** Any foreign value as a capped tree ({@link EvidenceCap#value}). */
    public static JsonNode value(Object value) {
        return EvidenceCap.value(ReportJson.toTree(value)).node();
    }

    /**
     * Sets {@code key} to the capped value; when arrays or objects were cut, also sets
     * {@code key_raw} to the whole compact JSON text, unless {@code taken} says that name is in use.
     */
    private static void putCapped(ObjectNode node, String key, Object value, Predicate<String> taken) {
        JsonNode tree = ReportJson.toTree(value);
        EvidenceCap.Capped capped = EvidenceCap.value(tree);
        node.set(key, capped.node());
        String raw = key + RAW_SUFFIX;
        if (capped.structural() && !taken.test(raw) && !node.has(raw)) {
            node.set(raw, EvidenceCap.rawText(tree));
        }
    }

    /** A 63-bit number as a JSON number and as its decimal string twin ({@code <key>_string}). */
    private static void putSeed(ObjectNode node, String key, long seed) {
        node.put(key, seed);
        node.put(key + "_string", Long.toString(seed));
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
        putSeed(node, "seed", report.summary().seed());
        node.put("session_id", report.sessionId());
        f.evidence().forEach((k, v) -> {
            String name = REPLAY_KEYS.get(k);
            if (name != null && !node.has(name)) {
                putCapped(node, name, v, n -> false);
                if (name.equals("sub_seed") && node.get(name).isIntegralNumber()) {
                    node.put("sub_seed_string", node.get(name).bigIntegerValue().toString());
                }
            }
        });
        reproduction(node, f, report.summary());
        return node;
    }

    /**
     * Adds the exact request line ({@code line}), the lines of a fresh session ({@code lines}:
     * initialize, initialized, the request) and a shell command ({@code shell}), and the same for
     * the minimal input when the finding was shrunk ({@code minimal_input}, {@code minimal_line},
     * {@code minimal_shell}). Nothing when the finding has no single request.
     */
    private static void reproduction(ObjectNode node, Finding f, RunSummary s) {
        String line = Reproduction.line(f);
        if (line == null) {
            return;
        }
        node.put("line", line);
        ArrayNode lines = node.putArray("lines");
        Reproduction.preamble(s.protocolVersion()).forEach(lines::add);
        lines.add(line);
        node.put("shell", Reproduction.shell(s.transport(), s.endpoint(), s.protocolVersion(), line));
        String minimal = Reproduction.minimalLine(f);
        if (minimal != null) {
            putCapped(node, "minimal_input", f.evidence().get("minimal_input"), n -> false);
            node.put("minimal_line", minimal);
            node.put("minimal_shell", Reproduction.shell(s.transport(), s.endpoint(), s.protocolVersion(), minimal));
        }
    }

    /** run_summary.json. */
    public static ObjectNode summary(Report report) {
        RunSummary s = report.summary();
        ObjectNode node = NODES.objectNode();
        node.put("session_id", report.sessionId());
        node.put("status", s.status());
        node.put("status_reason", s.statusReason());
        putSeed(node, "seed", s.seed());
        node.put("mode", s.mode());
        node.put("phase", s.phase());
        node.put("transport", s.transport());
        node.put("endpoint", s.endpoint());
        node.put("protocol_version", s.protocolVersion());
        node.set("server_info", value(s.serverInfo()));
        node.set("command_line", strings(s.commandLine()));
        node.put("fuzzer_version", s.fuzzerVersion());
        node.put("started_at", s.startedAt());
        node.put("ended_at", s.endedAt());
        node.put("total_runs", s.totalRuns());
        if (!s.shard().isEmpty()) {
            node.set("shard", ReportJson.toTree(s.shard()));
        }
        node.set("per_target", ReportJson.toTree(s.perTarget()));
        ObjectNode findings = node.putObject("findings");
        findings.put("total", report.findings().size());
        findings.set("by_category", ReportJson.toTree(s.findingsByCategory()));
        findings.set("by_severity", ReportJson.toTree(s.findingsBySeverity()));
        node.set("containment", value(s.containment()));
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
