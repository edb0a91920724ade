package io.mcpfuzzer.report;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The marker object that replaces a cut value in every artifact:
 * <pre>{"truncated": true, "reason": "depth" | "entries" | "length",
 *  "original_type": "object" | "array" | "string" | "json_text",
 *  "original_size": N, "sha256": "...", "preview": "...", "preview_complete": false, ...}</pre>
 * {@code original_size} and {@code sha256} are over UTF-8 bytes: of the value's compact JSON for
 * an array or object, of the text itself for a string (lone surrogates counted as U+FFFD).
 * {@code preview} is the start of that text (at most 64 KiB); {@code preview_complete} says it is
 * the whole text (a deep but small value survives exactly). Arrays and objects also carry
 * {@code original_depth} and {@code original_entries}; an entries marker carries the first
 * entries, themselves capped, under {@code kept}. Stateless and thread-safe.
 */
public final class Truncation {
    public static final String FLAG = "truncated";

    private Truncation() {}

    /** Marker for an array or object cut for {@code reason} ({@code depth} or {@code entries}). */
    static ObjectNode structure(String reason, JsonNode node, int previewBytes) {
        CompactDigest d = CompactDigest.of(node, previewBytes);
        ObjectNode marker = head(reason, node.isArray() ? "array" : "object", d);
        marker.put("original_depth", d.depth());
        marker.put("original_entries", node.size());
        return marker;
    }

    /** Marker for a string longer than {@code maxBytes}; the preview is its first {@code maxBytes}. */
    static ObjectNode string(String text, int maxBytes) {
        CompactDigest d = CompactDigest.ofString(text, 0);
        ObjectNode marker = head("length", "string", d);
        marker.put("original_chars", text.length());
        marker.put("preview", Utf8.prefix(text, maxBytes));
        marker.put("preview_complete", false);
        return marker;
    }

    /** Marker for the compact JSON text of a value, too long to be kept whole. */
    static ObjectNode text(CompactDigest d) {
        return head("length", "json_text", d);
    }

    private static ObjectNode head(String reason, String type, CompactDigest d) {
        ObjectNode marker = JsonNodeFactory.instance.objectNode();
        marker.put(FLAG, true);
        marker.put("reason", reason);
        marker.put("original_type", type);
        marker.put("original_size", d.size());
        marker.put("sha256", d.sha256());
        marker.put("preview", Utf8.repair(d.prefix()));
        marker.put("preview_complete", d.complete());
        return marker;
    }

    /** True when {@code node} is a marker written by this class. */
    public static boolean isMarker(JsonNode node) {
        return node != null && node.isObject() && node.path(FLAG).isBoolean() && node.path(FLAG).booleanValue()
                && node.has("sha256") && node.has("original_size");
    }
}
