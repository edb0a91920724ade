package io.mcpfuzzer.generate;

import java.util.ArrayDeque;
import java.util.Deque;
import tools.jackson.databind.JsonNode;

/**
 * Guesses the draft of a schema that does not declare {@code $schema}, from keyword shapes
 * that only older drafts allow. Bounded walk; pure function.
 */
record DialectSniffer(boolean draft4Style, boolean draft7Style) {
    private static final int MAX_NODES = 10_000;

    static DialectSniffer sniff(JsonNode schema) {
        boolean draft4 = false;
        boolean draft7 = false;
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(schema);
        int seen = 0;
        while (!todo.isEmpty() && seen++ < MAX_NODES) {
            JsonNode node = todo.pop();
            if (node.isObject()) {
                if (node.path("exclusiveMinimum").isBoolean() || node.path("exclusiveMaximum").isBoolean()) {
                    draft4 = true;
                }
                if (node.path("items").isArray() || node.has("additionalItems")) {
                    draft7 = true;
                }
            }
            if (node.isContainer()) {
                for (JsonNode child : node.values()) {
                    todo.push(child);
                }
            }
        }
        return new DialectSniffer(draft4, draft7);
    }
}
