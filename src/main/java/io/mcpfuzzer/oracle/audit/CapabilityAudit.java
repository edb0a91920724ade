package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Capability checks over a whole tool set: an exfiltration path (a tool that reads local or private data
 * and a tool that sends data out, MCPF-META-014), command/code execution tools (015) and annotations
 * that understate what the description says (016: {@code readOnlyHint=true} on a writing or executing tool,
 * {@code destructiveHint=false} on a deleting tool). A single tool that both reads local data and sends
 * data out is reported as a path on its own; a tool never counts as two tools. Stateless, thread-safe.
 */
public final class CapabilityAudit {
    /** Most tool names listed per side in the exfiltration evidence. */
    public static final int MAX_LISTED = 20;

    private CapabilityAudit() {}

    /**
     * @param tools  the {@code tools} array of a listing (null or non-array yields nothing)
     * @param target target for server-level findings (usually the redacted endpoint or "server")
     */
    public static List<Finding> audit(JsonNode tools, String target) {
        List<Finding> out = new ArrayList<>();
        if (tools == null || !tools.isArray()) {
            return out;
        }
        List<Capabilities.Profile> profiles = new ArrayList<>();
        for (JsonNode t : tools) {
            if (t != null && t.isObject() && !Surface.TOOL.identity(t).isEmpty()) {
                profiles.add(Capabilities.of(t));
                understated(t, profiles.get(profiles.size() - 1), out);
            }
        }
        exfiltration(profiles, target, out);
        for (Capabilities.Profile p : profiles) {
            if (p.executes()) {
                Map<String, Object> ev = new LinkedHashMap<>();
                ev.put("reasons", p.exec());
                out.add(AuditCheck.COMMAND_EXECUTION.finding(p.name(), "Tool '" + Snippet.excerpt(p.name(), 80)
                        + "' executes caller-supplied commands or code; confirm it is sandboxed and needs approval.",
                        ev, "exec"));
            }
        }
        return out;
    }

    private static void exfiltration(List<Capabilities.Profile> profiles, String target, List<Finding> out) {
        List<String> readers = new ArrayList<>();
        List<String> senders = new ArrayList<>();
        Map<String, Object> reasons = new LinkedHashMap<>();
        for (Capabilities.Profile p : profiles) {
            if (p.readsLocal() && readers.size() < MAX_LISTED) {
                readers.add(p.name());
                reasons.put(p.name() + " (read)", p.localRead());
            }
            if (p.egresses() && senders.size() < MAX_LISTED) {
                senders.add(p.name());
                reasons.put(p.name() + " (egress)", p.egress());
            }
        }
        boolean distinctPair = readers.stream().anyMatch(r -> senders.stream().anyMatch(s -> !s.equals(r)));
        boolean selfContained = readers.stream().anyMatch(senders::contains);
        if (!distinctPair && !selfContained) {
            return;
        }
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("local_read_tools", readers);
        ev.put("network_egress_tools", senders);
        ev.put("single_tool_path", !distinctPair);
        ev.put("reasons", reasons);
        out.add(AuditCheck.EXFILTRATION_PATH.finding(target, "Tools together can read local or private data ("
                + String.join(", ", readers) + ") and send data out (" + String.join(", ", senders)
                + "): a prompt-injected agent has an exfiltration path.", ev, "exfiltration"));
    }

    /** "It is read-only", not qualified by what it is read-only towards. */
    private static final java.util.regex.Pattern READ_ONLY = java.util.regex.Pattern.compile(
            "\\b(?:this\\s+tool|the\\s+tool|it|this\\s+endpoint|this\\s+operation)\\s+is\\s+(?:strictly\\s+|fully\\s+|"
            + "entirely\\s+|completely\\s+)?read-only\\b(?!\\s+(?:with\\s+"
            + "respect|regarding|for|on|in|as\\s+far|towards?|except|apart|but)\\b)", java.util.regex.Pattern.CASE_INSENSITIVE);

    /** Write evidence spelt like a noun as well ("commit", "update"): what a read-only claim may explain. */
    private static boolean nounToo(String evidence) {
        String word = evidence.startsWith("description: ") ? evidence.substring("description: ".length()) : evidence;
        return AMBIGUOUS.contains(word.toLowerCase(java.util.Locale.ROOT));
    }

    private static final java.util.Set<String> AMBIGUOUS = java.util.Set.of("commit", "commits", "update", "updates",
            "store", "stores", "push", "pushes", "post", "posts", "set", "patch", "put", "insert", "inserts");

    private static void understated(JsonNode tool, Capabilities.Profile p, List<Finding> out) {
        JsonNode ann = tool.get("annotations");
        if (ann == null || !ann.isObject()) {
            return;
        }
        JsonNode ro = ann.get("readOnlyHint");
        JsonNode destructive = ann.get("destructiveHint");
        List<String> claims = new ArrayList<>();
        Map<String, Object> ev = new LinkedHashMap<>();
        // a description that itself says the tool is read-only, unqualified, agrees with the hint when its
        // only write evidence is spelt like a noun too ("It is read-only and does not mutate GitLab data",
        // @zereight/mcp-gitlab, "List repository commits"); one that qualifies it ("read-only with respect to
        // GitLab") may still write elsewhere, and one that also says it deletes contradicts itself
        String description = tool.path("description").asString("");
        boolean saysReadOnly = READ_ONLY.matcher(description.length() > VerbUse.MAX_SCAN
                ? description.substring(0, VerbUse.MAX_SCAN) : description).find()
                && p.writes().stream().allMatch(CapabilityAudit::nounToo);
        if (ro != null && ro.isBoolean() && ro.booleanValue() && ((!p.writes().isEmpty() && (!saysReadOnly
                || !p.destroys().isEmpty())) || p.executes())) {
            claims.add("readOnlyHint=true");
            ev.put("write_or_exec_evidence", p.executes() ? p.exec() : p.writes());
        }
        if (destructive != null && destructive.isBoolean() && !destructive.booleanValue() && !p.destroys().isEmpty()) {
            claims.add("destructiveHint=false");
            ev.put("destructive_name_tokens", p.destroys());
        }
        if (!claims.isEmpty()) {
            ev.put("claims", claims);
            out.add(AuditCheck.ANNOTATION_UNDERSTATES.finding(Severity.MEDIUM, p.name(), "Tool '"
                    + Snippet.excerpt(p.name(), 80) + "' claims " + String.join(" and ", claims)
                    + " but its description says it writes, deletes or executes.", ev, String.join(",", claims)));
        }
    }
}
