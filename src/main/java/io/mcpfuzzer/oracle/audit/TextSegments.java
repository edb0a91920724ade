package io.mcpfuzzer.oracle.audit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Extracts the strings of a definition as labelled segments, bounded: at most {@link #MAX_NODES} JSON
 * nodes walked per field, depth {@link #MAX_DEPTH}, {@link #MAX_SEGMENT_CHARS} characters per string and
 * {@link #MAX_TOTAL_CHARS} per item, labels cut to {@link #MAX_LABEL}. Object keys count as text too (poison
 * hides in property names). Iterative: no recursion, whatever the nesting.
 * Stateless and thread-safe.
 */
public final class TextSegments {
    public static final int MAX_NODES = 10_000;
    public static final int MAX_DEPTH = 64;
    public static final int MAX_SEGMENT_CHARS = 20_000;
    public static final int MAX_TOTAL_CHARS = 200_000;
    /** Longest segment label (field path), in characters. */
    public static final int MAX_LABEL = 256;
    /** Longest key (or index) inside a label, in characters. */
    public static final int MAX_LABEL_PART = 64;

    /** One string of a definition with a JSON-pointer-like label of where it came from. */
    public record Segment(String field, String text) {}

    private TextSegments() {}

    /** Strings of the fields a client shows to a human (name, description, annotations...). */
    public static List<Segment> visible(Surface surface, JsonNode item) {
        return collect(item, surface.visibleFields());
    }

    /** Strings of the schema fields (inputSchema, outputSchema), keys included. */
    public static List<Segment> schema(Surface surface, JsonNode item) {
        return collect(item, surface.schemaFields());
    }

    /** All strings in an arbitrary node (for responses), labelled by path. */
    public static List<Segment> of(String label, JsonNode node) {
        List<Segment> out = new ArrayList<>();
        walk(label, node, out, new int[] {0});
        return out;
    }

    private static List<Segment> collect(JsonNode item, List<String> fields) {
        List<Segment> out = new ArrayList<>();
        if (item == null || !item.isObject()) {
            return out;
        }
        int[] total = {0};
        for (String f : fields) {
            JsonNode v = item.get(f);
            if (v != null) {
                walk("/" + f, v, out, total);
            }
        }
        return out;
    }

    private record Frame(String path, JsonNode node, int depth) {}

    private static void walk(String root, JsonNode start, List<Segment> out, int[] total) {
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root, start, 0));
        int nodes = 0;
        while (!stack.isEmpty() && nodes < MAX_NODES && total[0] < MAX_TOTAL_CHARS) {
            Frame f = stack.pop();
            nodes++;
            JsonNode n = f.node();
            if (n == null) {
                continue;
            }
            if (n.isString()) {
                add(out, f.path(), n.stringValue(), total);
            } else if (f.depth() < MAX_DEPTH && n.isObject()) {
                List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(n.properties());
                for (int i = entries.size() - 1; i >= 0; i--) {
                    Map.Entry<String, JsonNode> e = entries.get(i);
                    stack.push(new Frame(child(f.path(), e.getKey()), e.getValue(), f.depth() + 1));
                }
                for (Map.Entry<String, JsonNode> e : entries) {
                    add(out, f.path() + "#key", e.getKey(), total);
                }
            } else if (f.depth() < MAX_DEPTH && n.isArray()) {
                for (int i = n.size() - 1; i >= 0; i--) {
                    stack.push(new Frame(child(f.path(), Integer.toString(i)), n.get(i), f.depth() + 1));
                }
            }
        }
    }

    /**
     * The label of a child: at most {@link #MAX_LABEL_PART} characters of each key and {@link #MAX_LABEL}
     * in all, so that labels stay small however long and deep the keys of a hostile document are.
     */
    private static String child(String path, String key) {
        if (path.length() >= MAX_LABEL) {
            return path;
        }
        String part = key.length() > MAX_LABEL_PART ? key.substring(0, MAX_LABEL_PART) + "…" : key;
        String label = path + "/" + part;
        return label.length() > MAX_LABEL ? label.substring(0, MAX_LABEL - 1) + "…" : label;
    }

    private static void add(List<Segment> out, String path, String text, int[] total) {
        if (text == null || text.isEmpty()) {
            return;
        }
        int room = Math.min(MAX_SEGMENT_CHARS, MAX_TOTAL_CHARS - total[0]);
        if (room <= 0) {
            return;
        }
        String t = text.length() > room ? text.substring(0, room) : text;
        total[0] += t.length();
        out.add(new Segment(path, t));
    }
}
