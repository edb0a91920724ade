package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Finds the targetable {@link Slot}s of a tool schema. Bounded in depth and count. */
final class SlotFinder {
    static final int MAX_DEPTH = 3;
    static final int MAX_SLOTS = 64;

    private SlotFinder() {}

    /** The root slot first, then fields in declaration order (depth-first). */
    static List<Slot> find(JsonNode schema, GenContext ctx) {
        List<Slot> out = new ArrayList<>();
        Slot root = new Slot("", null, null, List.of(schema), SchemaView.of(schema, "", ctx), false);
        out.add(root);
        expand(root, 0, out, ctx);
        return out;
    }

    private static void expand(Slot slot, int depth, List<Slot> out, GenContext ctx) {
        if (depth >= MAX_DEPTH || out.size() >= MAX_SLOTS) {
            return;
        }
        SchemaView v = slot.view();
        if (v.allows("object")) {
            Set<String> names = new LinkedHashSet<>();
            for (SchemaView.ObjectRule rule : v.objectRules) {
                names.addAll(rule.properties().keySet());
            }
            names.addAll(v.required);
            for (String name : names) {
                if (out.size() >= MAX_SLOTS) {
                    return;
                }
                List<JsonNode> schemas = ContainerValues.schemasFor(v, name, ctx);
                if (schemas == null) {
                    continue;
                }
                String ptr = Slot.child(slot.pointer(), name);
                Slot child = new Slot(ptr, slot, name, schemas, SchemaView.of(schemas,
                        ContainerValues.repeat(ptr, schemas.size()), ctx), v.required.contains(name));
                out.add(child);
                expand(child, depth + 1, out, ctx);
            }
        }
        if (v.allows("array") && !v.arrayRules.isEmpty() && v.maxItems > 0 && out.size() < MAX_SLOTS) {
            List<JsonNode> schemas = ContainerValues.itemSchemas(v, 0);
            String ptr = slot.pointer() + "/0";
            Slot child = new Slot(ptr, slot, null, schemas, SchemaView.of(schemas,
                    ContainerValues.repeat(ptr, schemas.size()), ctx), true);
            out.add(child);
            expand(child, depth + 1, out, ctx);
        }
    }
}
