package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Checks tool annotations against observed behaviour (MCP "ToolAnnotations" are hints clients use for
 * auto-approval, so a false hint is a security bug): {@code readOnlyHint=true} with files changed under
 * the fs root (MCPF-ANNOT-001), {@code destructiveHint=false} with files deleted or overwritten (002),
 * {@code idempotentHint=true} with differing normalised answers (003) or a repeated identical call that
 * changed files again (004). Files the server changes on every request ({@link Bookkeeping}: its own
 * logs) and git's own index refresh ({@link VcsHousekeeping}) are left out, so only a state change a
 * tool caused counts. The caller takes
 * {@link DirectorySnapshot}s around the calls; these methods only judge. Stateless and thread-safe.
 */
public final class AnnotationAudit {
    public static final int MAX_LISTED = 20;

    private AnnotationAudit() {}

    /** Judges one call from snapshots before and after it (readOnlyHint and destructiveHint). */
    public static List<Finding> checkCall(JsonNode tool, String argsJson, DirectorySnapshot before,
            DirectorySnapshot after) {
        return checkCall(tool, argsJson, before, after, Set.of());
    }

    /**
     * Judges one call, leaving out the server's bookkeeping files ({@link Bookkeeping}): a read-only
     * tool whose only change is the server's own log is no violation.
     *
     * @param bookkeeping relative paths to ignore (never null)
     */
    public static List<Finding> checkCall(JsonNode tool, String argsJson, DirectorySnapshot before,
            DirectorySnapshot after, Set<String> bookkeeping) {
        List<Finding> out = new ArrayList<>();
        DirectorySnapshot.Diff full = before.diff(after);
        DirectorySnapshot.Diff diff = VcsHousekeeping.exclude(Bookkeeping.exclude(full, bookkeeping));
        if (tool == null || diff.isEmpty()) {
            return out;
        }
        String name = MetadataAudit.target(Surface.TOOL, tool);
        if (hint(tool, "readOnlyHint", true)) {
            out.add(AuditCheck.READ_ONLY_VIOLATED.finding(name, "Tool '" + Snippet.excerpt(name, 80)
                    + "' is annotated readOnlyHint=true but changed files under the fs root.",
                    evidence(argsJson, diff, before, after, Bookkeeping.touched(full, bookkeeping)), "fs"));
        } else if (hint(tool, "destructiveHint", false) && diff.destructive()) {
            out.add(AuditCheck.NON_DESTRUCTIVE_VIOLATED.finding(name, "Tool '" + Snippet.excerpt(name, 80)
                    + "' is annotated destructiveHint=false but deleted or overwrote files.",
                    evidence(argsJson, diff, before, after, Bookkeeping.touched(full, bookkeeping)), "fs"));
        }
        return out;
    }

    /**
     * Judges identical repeated calls of an {@code idempotentHint=true} tool.
     *
     * @param answers          answer texts of the repeated calls, in order (at least two to judge)
     * @param afterFirst       snapshot after the first call, or null to skip the effect check
     * @param afterLast        snapshot after the last call, or null
     */
    public static List<Finding> checkRepeated(JsonNode tool, String argsJson, List<String> answers,
            DirectorySnapshot afterFirst, DirectorySnapshot afterLast) {
        return checkRepeated(tool, argsJson, answers, afterFirst, afterLast, Set.of());
    }

    /** As {@link #checkRepeated(JsonNode, String, List, DirectorySnapshot, DirectorySnapshot)}, ignoring bookkeeping paths. */
    public static List<Finding> checkRepeated(JsonNode tool, String argsJson, List<String> answers,
            DirectorySnapshot afterFirst, DirectorySnapshot afterLast, Set<String> bookkeeping) {
        List<Finding> out = new ArrayList<>();
        if (tool == null || !hint(tool, "idempotentHint", true)) {
            return out;
        }
        String name = MetadataAudit.target(Surface.TOOL, tool);
        if (answers != null && answers.size() >= 2) {
            LinkedHashSet<String> forms = new LinkedHashSet<>();
            answers.forEach(a -> forms.add(AnswerNormaliser.normalise(a)));
            if (forms.size() > 1) {
                Map<String, Object> ev = new LinkedHashMap<>();
                ev.put("input_excerpt", Snippet.excerpt(argsJson == null ? "" : argsJson, Snippet.MAX_EXCERPT));
                ev.put("calls", answers.size());
                ev.put("distinct_normalised_answers", forms.size());
                List<String> samples = new ArrayList<>();
                forms.stream().limit(3).forEach(f -> samples.add(Snippet.excerpt(f, Snippet.MAX_EXCERPT)));
                ev.put("samples", samples);
                out.add(AuditCheck.IDEMPOTENT_ANSWERS_DIFFER.finding(name, null, ev, "answers"));
            }
        }
        if (afterFirst != null && afterLast != null) {
            DirectorySnapshot.Diff full = afterFirst.diff(afterLast);
            DirectorySnapshot.Diff diff = VcsHousekeeping.exclude(Bookkeeping.exclude(full, bookkeeping));
            if (!diff.isEmpty()) {
                out.add(AuditCheck.IDEMPOTENT_EFFECTS_DIFFER.finding(name, "Tool '" + Snippet.excerpt(name, 80)
                        + "' is annotated idempotentHint=true but a repeated identical call changed files again.",
                        evidence(argsJson, diff, afterFirst, afterLast, Bookkeeping.touched(full, bookkeeping)), "fs"));
            }
        }
        return out;
    }

    /** Whether the tool's annotations carry {@code name} as the JSON boolean {@code value} (a string claims nothing). */
    public static boolean hint(JsonNode tool, String name, boolean value) {
        JsonNode v = tool.path("annotations").get(name);
        return v != null && v.isBoolean() && v.booleanValue() == value;
    }

    private static Map<String, Object> evidence(String argsJson, DirectorySnapshot.Diff diff,
            DirectorySnapshot before, DirectorySnapshot after, List<String> ignored) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("input_excerpt", Snippet.excerpt(argsJson == null ? "" : argsJson, Snippet.MAX_EXCERPT));
        ev.put("added", cap(diff.added()));
        ev.put("removed", cap(diff.removed()));
        ev.put("modified", cap(diff.modified()));
        ev.put("snapshot_truncated", before.truncated() || after.truncated());
        if (!ignored.isEmpty()) {
            ev.put("ignored_bookkeeping", cap(ignored));
        }
        return ev;
    }

    private static List<String> cap(List<String> l) {
        return l.size() <= MAX_LISTED ? l : l.subList(0, MAX_LISTED);
    }
}
