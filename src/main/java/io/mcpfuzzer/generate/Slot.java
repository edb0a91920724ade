package io.mcpfuzzer.generate;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A location in a tool's arguments that aggressive runs can target, found from the schema (so
 * the same slots exist in every run): the root, each declared property (nested up to a small
 * depth) and the first item of each array. Immutable.
 *
 * @param pointer  JSON pointer of the location
 * @param parent   enclosing slot, null for the root
 * @param key      property name, or null for an array item or the root
 * @param schemas  schemas that apply at this location (empty = anything)
 * @param view     merged view of {@code schemas}
 * @param required whether the parent object requires this property
 */
record Slot(String pointer, Slot parent, String key, List<JsonNode> schemas, SchemaView view, boolean required) {

    boolean isRoot() {
        return parent == null;
    }

    boolean isItem() {
        return parent != null && key == null;
    }

    boolean allows(String type) {
        return view.allows(type);
    }

    boolean numeric() {
        return view.types != null && (view.types.contains("integer") || view.types.contains("number"))
                || view.bounds.lower != null || view.bounds.upper != null;
    }

    boolean objectLike() {
        return view.types != null ? view.types.contains("object") : !view.objectRules.isEmpty() || !view.required.isEmpty();
    }

    static String child(String pointer, String key) {
        return pointer + "/" + key.replace("~", "~0").replace("/", "~1");
    }
}
