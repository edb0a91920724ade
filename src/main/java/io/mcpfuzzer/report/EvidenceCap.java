package io.mcpfuzzer.report;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ContainerNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Bounds every value on its way to disk, so that any JSON reader (Python's {@code json}, jq 1.6,
 * browsers) can read our artifacts: nesting depth, string length and entries per array or object
 * are capped, and a cut value is replaced by a marker object (see {@link Truncation}) that states
 * what was cut: its type, size and SHA-256 of its compact JSON (or of the string), and a preview.
 * Lone surrogates (no UTF-8 form; jq rejects them) become U+FFFD in strings and keys.
 *
 * <p>Two limit sets: {@link #VALUE} for foreign values (evidence, inputs, answers, server info),
 * and {@link #DOCUMENT}, the last guard over a whole artifact (no entry cap, since our own lists
 * such as the findings are not cut). Inputs are never modified; a new tree is returned. The walk
 * uses an explicit stack: any depth is handled without recursion. Stateless and thread-safe.
 */
public final class EvidenceCap {
    /** Longest string written, in UTF-8 bytes (64 KiB); also the longest preview. */
    public static final int MAX_STRING_BYTES = 64 * 1024;
    /** Deepest nesting of an artifact (document root = 1). */
    public static final int MAX_DOCUMENT_DEPTH = 64;
    /** Deepest nesting of one foreign value; leaves room for the artifact's own envelope. */
    public static final int MAX_VALUE_DEPTH = 48;
    /** Most entries of one array or object inside a foreign value. */
    public static final int MAX_ENTRIES = 1_000;
    /** Entries kept (in {@code kept}) by a marker that replaces an over-long array or object. */
    public static final int KEPT_ENTRIES = 100;
    /** Longest object key, in UTF-8 bytes; a longer key is shortened with its digest appended. */
    public static final int MAX_KEY_BYTES = 1_024;

    /** Limits applied by {@link #cap}. */
    public record Limits(int maxDepth, int maxEntries, int maxStringBytes) {}

    public static final Limits VALUE = new Limits(MAX_VALUE_DEPTH, MAX_ENTRIES, MAX_STRING_BYTES);
    public static final Limits DOCUMENT = new Limits(MAX_DOCUMENT_DEPTH, Integer.MAX_VALUE, MAX_STRING_BYTES);

    /**
     * A capped tree.
     *
     * @param node       the bounded copy, never null (a null input gives a JSON null)
     * @param structural true when an array or object was replaced (depth or entries), so the
     *                   tree alone no longer holds the whole value
     * @param cuts       number of markers placed
     */
    public record Capped(JsonNode node, boolean structural, int cuts) {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private EvidenceCap() {}

    /** A foreign value within {@link #VALUE} limits. */
    public static Capped value(JsonNode node) {
        return cap(node, VALUE);
    }

    /** A whole artifact within {@link #DOCUMENT} limits. */
    public static JsonNode document(JsonNode node) {
        return cap(node, DOCUMENT).node();
    }

    /** A string within the string cap: the repaired text, or a length marker. Null gives JSON null. */
    public static JsonNode string(String text) {
        return text == null ? NODES.nullNode() : capString(text, MAX_STRING_BYTES, new int[1]);
    }

    /**
     * The compact JSON text of a whole value as one string (strings are never deep), so that a
     * value cut for depth or size survives exactly: the text itself when it fits the string cap,
     * else a length marker with the size and SHA-256 of the whole text and its first 64 KiB.
     */
    public static JsonNode rawText(JsonNode node) {
        CompactDigest d = CompactDigest.of(node, MAX_STRING_BYTES);
        return d.complete() ? StringNode.valueOf(Utf8.repair(d.prefix())) : Truncation.text(d);
    }

    /** Caps {@code root} to {@code limits}. Never throws for any tree, never recurses. */
    public static Capped cap(JsonNode root, Limits limits) {
        int[] cuts = new int[2]; // [0] all markers, [1] structural markers
        Deque<Frame> stack = new ArrayDeque<>();
        JsonNode out = convert(root, 1, limits, stack, cuts);
        while (!stack.isEmpty()) {
            Frame frame = stack.peek();
            if (!frame.source.hasNext() || frame.remaining == 0) {
                stack.pop();
                continue;
            }
            frame.remaining--;
            Object next = frame.source.next();
            if (frame.target instanceof ObjectNode object) {
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) next;
                String key = uniqueKey(object, capKey((String) entry.getKey()));
                object.set(key, convert((JsonNode) entry.getValue(), frame.depth + 1, limits, stack, cuts));
            } else {
                ((ArrayNode) frame.target).add(convert((JsonNode) next, frame.depth + 1, limits, stack, cuts));
            }
        }
        return new Capped(out, cuts[1] > 0, cuts[0]);
    }

    /** A scalar as is (strings capped), or a new empty container pushed for filling, or a marker. */
    private static JsonNode convert(JsonNode node, int depth, Limits limits, Deque<Frame> stack, int[] cuts) {
        if (node == null || node.isMissingNode()) {
            return NODES.nullNode();
        }
        if (node.isString()) {
            return capString(node.asString(), limits.maxStringBytes(), cuts);
        }
        if (!node.isContainer()) {
            return node;
        }
        if (depth > limits.maxDepth() || (depth == limits.maxDepth() && hasContainer(node))) {
            cuts[0]++;
            cuts[1]++;
            return Truncation.structure("depth", node, MAX_STRING_BYTES);
        }
        if (node.size() > limits.maxEntries()) {
            cuts[0]++;
            cuts[1]++;
            ObjectNode marker = Truncation.structure("entries", node, MAX_STRING_BYTES);
            if (depth + 1 < limits.maxDepth()) {
                ContainerNode<?> kept = node.isArray() ? NODES.arrayNode() : NODES.objectNode();
                marker.set("kept", kept);
                stack.push(new Frame(iterator(node), kept, depth + 1, Math.min(KEPT_ENTRIES, limits.maxEntries())));
            }
            return marker;
        }
        ContainerNode<?> copy = node.isArray() ? NODES.arrayNode() : NODES.objectNode();
        stack.push(new Frame(iterator(node), copy, depth, Integer.MAX_VALUE));
        return copy;
    }

    private static Iterator<?> iterator(JsonNode node) {
        return node.isArray() ? node.values().iterator() : node.properties().iterator();
    }

    private static boolean hasContainer(JsonNode node) {
        for (JsonNode child : node.values()) {
            if (child.isContainer()) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode capString(String text, int maxBytes, int[] cuts) {
        String repaired = Utf8.repair(text);
        if ((long) repaired.length() * 3 <= maxBytes || Utf8.length(repaired) <= maxBytes) {
            return StringNode.valueOf(repaired);
        }
        cuts[0]++;
        return Truncation.string(repaired, maxBytes);
    }

    /** A key without lone surrogates, at most {@link #MAX_KEY_BYTES} long. */
    static String capKey(String key) {
        String repaired = Utf8.repair(key == null ? "null" : key);
        if ((long) repaired.length() * 3 <= MAX_KEY_BYTES || Utf8.length(repaired) <= MAX_KEY_BYTES) {
            return repaired;
        }
        CompactDigest d = CompactDigest.ofString(repaired, 0);
        return Utf8.prefix(repaired, 256) + "...[key truncated: " + d.size() + " bytes, sha256 " + d.sha256() + "]";
    }

    private static String uniqueKey(ObjectNode target, String key) {
        StringBuilder unique = new StringBuilder(key);
        while (target.has(unique.toString())) {
            unique.append('#');
        }
        return unique.toString();
    }

    /** A container being filled: its source entries, the copy, its depth and how many entries may still go in. */
    private static final class Frame {
        final Iterator<?> source;
        final ContainerNode<?> target;
        final int depth;
        int remaining;

        Frame(Iterator<?> source, ContainerNode<?> target, int depth, int remaining) {
            this.source = source;
            this.target = target;
            this.depth = depth;
            this.remaining = remaining;
        }
    }
}
