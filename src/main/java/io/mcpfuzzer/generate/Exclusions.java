package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What simple {@code not} subschemas rule out: whole types ({@code not: {type: ...}}) and
 * single values ({@code not: {const: ...}} or {@code not: {enum: [...]}}). Other {@code not}
 * shapes are left to the final validation. Immutable after creation.
 */
final class Exclusions {
    final Set<String> types = new HashSet<>();
    final List<JsonNode> values = new ArrayList<>();

    private Exclusions() {}

    static Exclusions of(SchemaView v, GenContext ctx) {
        Exclusions out = new Exclusions();
        for (JsonNode not : v.not) {
            JsonNode schema = not;
            if (schema.isObject() && schema.has("$ref")) {
                schema = ctx.refs.resolve(schema.get("$ref").asString("")).orElse(schema);
            }
            if (!schema.isObject() || schema.size() != 1) {
                continue;
            }
            JsonNode type = schema.get("type");
            if (type != null) {
                if (type.isString()) {
                    out.types.add(type.asString());
                } else {
                    type.forEach(t -> out.types.add(t.asString("")));
                }
                if (out.types.contains("number")) {
                    out.types.add("integer");
                }
            }
            if (schema.has("const")) {
                out.values.add(schema.get("const"));
            }
            if (schema.path("enum").isArray()) {
                schema.get("enum").forEach(out.values::add);
            }
        }
        return out;
    }

    List<String> strings() {
        List<String> out = new ArrayList<>();
        for (JsonNode n : values) {
            if (n.isString()) {
                out.add(n.asString());
            }
        }
        return out;
    }
}
