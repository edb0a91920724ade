package io.mcpfuzzer.report.export;

import io.mcpfuzzer.report.ReportNodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Flattens a nested map (server info, containment) into readable name/value rows for a
 * two-column table: nested objects become dotted names ({@code capabilities.tools.listChanged}),
 * arrays of scalars become a comma-separated list, other arrays stay compact JSON. At most
 * {@value #MAX_ROWS} rows; values cut to {@value #MAX_VALUE} characters. Values are not escaped
 * (the template does that). Stateless and thread-safe.
 */
final class KeyValueRows {
    static final int MAX_ROWS = 200;
    static final int MAX_VALUE = 2000;
    private static final int MAX_DEPTH = 8;

    private KeyValueRows() {}

    /** Rows of {@code name} and {@code value}; an empty map gives no rows. */
    static List<Map<String, String>> of(Map<String, Object> map) {
        List<Map<String, String>> rows = new ArrayList<>();
        if (map != null && !map.isEmpty()) {
            walk("", ReportNodes.value(map), 0, rows);
        }
        return rows;
    }

    private static void walk(String name, JsonNode node, int depth, List<Map<String, String>> rows) {
        if (rows.size() >= MAX_ROWS) {
            return;
        }
        if (node.isObject() && depth < MAX_DEPTH && !node.isEmpty()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                walk(name.isEmpty() ? e.getKey() : name + "." + e.getKey(), e.getValue(), depth + 1, rows);
            }
            return;
        }
        rows.add(Map.of("name", XmlText.visible(name), "value", XmlText.visible(cut(text(node)))));
        if (rows.size() == MAX_ROWS) {
            rows.add(Map.of("name", "...", "value", "more rows not shown"));
        }
    }

    private static String text(JsonNode node) {
        if (node.isNull() || node.isMissingNode()) {
            return "null";
        }
        if (node.isValueNode()) {
            return node.asString();
        }
        if (node.isArray()) {
            boolean scalars = true;
            for (JsonNode item : node) {
                scalars &= item.isValueNode();
            }
            if (scalars) {
                List<String> items = new ArrayList<>();
                node.forEach(item -> items.add(item.asString()));
                return items.isEmpty() ? "(none)" : String.join(", ", items);
            }
        }
        return node.toString();
    }

    private static String cut(String text) {
        return text.length() <= MAX_VALUE ? text : text.substring(0, MAX_VALUE) + "...";
    }
}
