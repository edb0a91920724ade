package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The value edge classes of one {@link Slot}, by what its schema implies: every enum value and its
 * near misses (case, whitespace); both booleans; {@link NumberClasses}; {@link StringClasses};
 * arrays empty, at minItems/maxItems and one beyond, with duplicates where {@code uniqueItems};
 * an object with an extra property; and {@code null} for every location but the root. (A missing
 * required property is a class of the object, made by {@link CoveragePlanner}.) Most telling first
 * within each kind. Confined to one planning (it draws fill values from the generator).
 */
final class CoverageClasses {
    static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Name of the property added by the {@code object.extra_property} class. */
    static final String EXTRA_KEY = "coverage_extra";
    private static final int MAX_ENUM_VALUES = 16;
    private static final int MAX_ITEMS = 1_000;

    private CoverageClasses() {}

    /**
     * @param current   the slot's realistic value in the base input, or null when absent
     * @param generator draws valid fill values (array items, an absent object)
     */
    static List<EdgeClass> of(Slot slot, JsonNode current, ValueGenerator generator) {
        SchemaView v = slot.view();
        List<EdgeClass> out = new ArrayList<>();
        List<JsonNode> enumValues = v.constValue != null ? List.of(v.constValue) : v.enumValues;
        if (enumValues != null) {
            enums(enumValues, out);
        } else {
            java.util.Set<String> types = v.types != null ? v.types : inferred(slot);
            if (types.contains("boolean")) {
                out.add(new EdgeClass("boolean.true", F.booleanNode(true)));
                out.add(new EdgeClass("boolean.false", F.booleanNode(false)));
            }
            if (types.contains("integer") || types.contains("number")) {
                out.addAll(NumberClasses.of(v, !types.contains("number")));
            }
            if (types.contains("string")) {
                out.addAll(StringClasses.of(v, current));
            }
            if (types.contains("array")) {
                arrays(slot, current, generator, out);
            }
            if (types.contains("object")) {
                JsonNode object = current != null && current.isObject() ? current : fill(slot, generator);
                if (object.isObject()) {
                    ObjectNode extra = ((ObjectNode) object).deepCopy();
                    extra.put(EXTRA_KEY, "x");
                    out.add(new EdgeClass("object.extra_property", extra));
                }
            }
        }
        if (!slot.isRoot()) {
            out.add(new EdgeClass("field.null", F.nullNode()));
        }
        return out;
    }

    /** The type an untyped schema implies by its keywords (none when it implies nothing). */
    private static java.util.Set<String> inferred(Slot slot) {
        SchemaView v = slot.view();
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        if (slot.objectLike()) {
            out.add("object");
        }
        if (!v.arrayRules.isEmpty()) {
            out.add("array");
        }
        if (v.bounds.lower != null || v.bounds.upper != null || !v.multipleOf.isEmpty()) {
            out.add("number");
        }
        if (v.format != null || !v.patterns.isEmpty() || v.minLength > 0 || v.maxLength != Integer.MAX_VALUE) {
            out.add("string");
        }
        return out;
    }

    private static void enums(List<JsonNode> values, List<EdgeClass> out) {
        for (int i = 0; i < values.size() && i < MAX_ENUM_VALUES; i++) {
            out.add(new EdgeClass("enum.value." + (i + 1), values.get(i)));
        }
        for (JsonNode value : values) {
            if (value.isString() && !value.asString().isEmpty()) {
                String s = value.asString();
                String swapped = s.toUpperCase(Locale.ROOT).equals(s) ? s.toLowerCase(Locale.ROOT) : s.toUpperCase(Locale.ROOT);
                if (!swapped.equals(s) && !values.contains(F.stringNode(swapped))) {
                    out.add(new EdgeClass("enum.near_miss.case", F.stringNode(swapped)));
                }
                out.add(new EdgeClass("enum.near_miss.leading_space", F.stringNode(" " + s)));
                out.add(new EdgeClass("enum.near_miss.trailing_space", F.stringNode(s + " ")));
                return;
            }
            if (value.isNumber()) {
                out.add(new EdgeClass("enum.near_miss.plus_one", NumberValues.node(value.decimalValue().add(java.math.BigDecimal.ONE))));
                return;
            }
        }
    }

    private static void arrays(Slot slot, JsonNode current, ValueGenerator generator, List<EdgeClass> out) {
        SchemaView v = slot.view();
        out.add(new EdgeClass("array.empty", F.arrayNode()));
        if (v.minItems > 0 && v.minItems <= MAX_ITEMS) {
            out.add(new EdgeClass("array.min_items", items(slot, current, generator, v.minItems)));
            out.add(new EdgeClass("array.min_items_minus_one", items(slot, current, generator, v.minItems - 1)));
        }
        if (v.maxItems != Integer.MAX_VALUE && v.maxItems < MAX_ITEMS) {
            out.add(new EdgeClass("array.max_items", items(slot, current, generator, v.maxItems)));
            out.add(new EdgeClass("array.max_items_plus_one", items(slot, current, generator, v.maxItems + 1)));
        }
        if (v.uniqueItems) {
            JsonNode one = item(slot, current, generator, 0);
            ArrayNode twice = F.arrayNode().add(one.deepCopy()).add(one.deepCopy());
            for (int i = 2; i < v.minItems && i < MAX_ITEMS; i++) {
                twice.add(item(slot, current, generator, i));
            }
            out.add(new EdgeClass("array.duplicates", twice));
        }
    }

    /** {@code n} items: the realistic value's own first, then generated ones. */
    private static ArrayNode items(Slot slot, JsonNode current, ValueGenerator generator, int n) {
        ArrayNode out = F.arrayNode();
        for (int i = 0; i < n; i++) {
            out.add(item(slot, current, generator, i));
        }
        return out;
    }

    private static JsonNode item(Slot slot, JsonNode current, ValueGenerator generator, int index) {
        if (current != null && current.isArray() && index < current.size()) {
            return current.get(index).deepCopy();
        }
        List<JsonNode> schemas = ContainerValues.itemSchemas(slot.view(), index);
        String ptr = slot.pointer() + "/" + index;
        return generator.generate(schemas, ContainerValues.repeat(ptr, schemas.size()), slot.key(), 1);
    }

    /** A realistic value for an absent slot. */
    static JsonNode fill(Slot slot, ValueGenerator generator) {
        return generator.generate(slot.schemas(), ContainerValues.repeat(slot.pointer(), slot.schemas().size()),
                slot.key(), 1);
    }
}
