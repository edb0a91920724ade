package io.mcpfuzzer.safety;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/** Deep copy without recursion (Jackson's {@code deepCopy} recurses and overflows on deep input). */
final class JsonCopy {
    private JsonCopy() {}

    /** A deep copy of {@code root} with the given string values replaced; the input is not modified. */
    static JsonNode withReplacements(JsonNode root, List<ArgumentPolicy.Replacement> replacements) {
        Map<JsonNode, Map<Object, String>> lookup = new IdentityHashMap<>();
        for (ArgumentPolicy.Replacement r : replacements) {
            lookup.computeIfAbsent(r.container(), k -> new java.util.HashMap<>())
                    .put(r.key() != null ? r.key() : (Object) r.index(), r.value());
        }
        JsonNode copyRoot = emptyLike(root);
        Deque<JsonNode[]> stack = new ArrayDeque<>();
        stack.push(new JsonNode[] {root, copyRoot});
        while (!stack.isEmpty()) {
            JsonNode[] pair = stack.pop();
            Map<Object, String> repl = lookup.getOrDefault(pair[0], Map.of());
            if (pair[0] instanceof ObjectNode src && pair[1] instanceof ObjectNode dst) {
                for (Map.Entry<String, JsonNode> e : src.properties()) {
                    String r = repl.get(e.getKey());
                    dst.set(e.getKey(), r != null ? StringNode.valueOf(r) : childCopy(e.getValue(), stack));
                }
            } else if (pair[0] instanceof ArrayNode src && pair[1] instanceof ArrayNode dst) {
                for (int i = 0; i < src.size(); i++) {
                    String r = repl.get(i);
                    dst.add(r != null ? StringNode.valueOf(r) : childCopy(src.get(i), stack));
                }
            }
        }
        return copyRoot;
    }

    private static JsonNode childCopy(JsonNode child, Deque<JsonNode[]> stack) {
        if (!child.isContainer()) {
            return child;
        }
        JsonNode copy = emptyLike(child);
        stack.push(new JsonNode[] {child, copy});
        return copy;
    }

    private static JsonNode emptyLike(JsonNode node) {
        if (node.isObject()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (node.isArray()) {
            return JsonNodeFactory.instance.arrayNode();
        }
        return node;
    }
}
