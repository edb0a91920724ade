package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Compares two listings of the same surface taken in one run (for example the listing used for fuzzing
 * and a fresh one at audit time): a changed definition is MCPF-META-013 (in-session rug pull), an added
 * or removed item is MCPF-META-017. For duplicate identities the first occurrence counts (duplicates are
 * reported separately). Stateless and thread-safe.
 */
public final class ListingDiff {
    private ListingDiff() {}

    /**
     * Findings for differences from {@code first} to {@code second}; non-array listings count as empty. When
     * {@code whole} is false (a listing failed or stopped short) only items present in both are compared: a
     * missing one proves no removal, nor an extra one an addition.
     */
    public static List<Finding> compare(Surface surface, JsonNode first, JsonNode second, boolean whole) {
        Map<String, JsonNode> a = index(surface, first);
        Map<String, JsonNode> b = index(surface, second);
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : a.entrySet()) {
            JsonNode now = b.get(e.getKey());
            if (now == null) {
                if (whole) {
                    out.add(change(surface, e.getKey(), "removed", null));
                }
            } else {
                String h1 = CanonicalJson.sha256(e.getValue());
                String h2 = CanonicalJson.sha256(now);
                if (!h1.equals(h2)) {
                    Map<String, Object> ev = new LinkedHashMap<>();
                    ev.put("surface", surface.wire());
                    ev.put("before_sha256", h1);
                    ev.put("after_sha256", h2);
                    ev.put("changed_fields", changedFields(e.getValue(), now));
                    out.add(AuditCheck.DEFINITION_DRIFT.finding(e.getKey(), "Definition of " + surface.wire() + " '"
                            + Snippet.excerpt(e.getKey(), 80) + "' changed between two listings in this run.", ev,
                            surface.wire() + "|relisting"));
                }
            }
        }
        for (Map.Entry<String, JsonNode> e : b.entrySet()) {
            if (whole && !a.containsKey(e.getKey())) {
                out.add(change(surface, e.getKey(), "added", e.getValue()));
            }
        }
        return out;
    }

    /** Top-level fields whose canonical hashes differ (sorted). */
    static List<String> changedFields(JsonNode before, JsonNode after) {
        TreeSet<String> fields = new TreeSet<>();
        TreeSet<String> names = new TreeSet<>(before.propertyNames());
        names.addAll(after.propertyNames());
        for (String f : names) {
            JsonNode x = before.get(f);
            JsonNode y = after.get(f);
            if (x == null || y == null || !CanonicalJson.sha256(x).equals(CanonicalJson.sha256(y))) {
                fields.add(f);
            }
        }
        return List.copyOf(fields);
    }

    private static Finding change(Surface surface, String id, String how, JsonNode item) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("surface", surface.wire());
        ev.put("change", how);
        if (item != null) {
            ev.put("definition_sha256", CanonicalJson.sha256(item));
        }
        return AuditCheck.LISTING_CHANGED.finding(id, surface.wire() + " '" + Snippet.excerpt(id, 80) + "' was " + how
                + " between two listings in this run.", ev, surface.wire() + "|" + how);
    }

    private static Map<String, JsonNode> index(Surface surface, JsonNode items) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        if (items != null && items.isArray()) {
            for (JsonNode i : items) {
                String id = surface.identity(i);
                if (!id.isEmpty()) {
                    m.putIfAbsent(id, i);
                }
            }
        }
        return m;
    }
}
