package io.mcpfuzzer.generate;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Folds the keywords of one schema object into a {@link SchemaView}. Stateless. */
final class Keywords {
    private Keywords() {}

    static void apply(SchemaView v, JsonNode s, String ptr, GenContext ctx) {
        for (String name : s.propertyNames()) {
            v.keywords.add(name);
        }
        types(v, s, ptr, ctx);
        enums(v, s, ptr);
        numbers(v, s, ptr, ctx);
        strings(v, s, ptr, ctx);
        arrays(v, s, ptr, ctx);
        objects(v, s, ptr, ctx);
        combinators(v, s, ptr, ctx);
        for (String key : List.of("default", "examples")) {
            JsonNode sample = s.get(key);
            if (sample != null && key.equals("examples") && sample.isArray()) {
                sample.forEach(v.samples::add);
            } else if (sample != null && key.equals("default")) {
                v.samples.add(sample);
            }
        }
    }

    private static void types(SchemaView v, JsonNode s, String ptr, GenContext ctx) {
        JsonNode type = s.get("type");
        if (type == null) {
            return;
        }
        if (type.isString() && SchemaView.ALL_TYPES.contains(type.asString())) { // the common case, without copies
            v.restrictTypes(Set.of(type.asString()));
            return;
        }
        Set<String> declared = new LinkedHashSet<>();
        if (type.isString()) {
            declared.add(type.asString());
        } else if (type.isArray()) {
            type.forEach(t -> declared.add(t.asString("")));
        }
        declared.retainAll(SchemaView.ALL_TYPES);
        if (declared.isEmpty()) {
            ctx.problem(GenerationProblem.Kind.MALFORMED_SCHEMA, ptr + "/type", "no known type in " + type);
            return;
        }
        v.restrictTypes(declared);
    }

    private static void enums(SchemaView v, JsonNode s, String ptr) {
        JsonNode constant = s.get("const");
        if (constant != null) {
            if (v.constValue != null && !v.constValue.equals(constant)) {
                v.fail("two different const values");
            }
            v.constValue = constant;
        }
        JsonNode values = s.get("enum");
        if (values != null && values.isArray()) {
            List<JsonNode> list = new ArrayList<>();
            values.forEach(list::add);
            if (v.enumValues != null) {
                list.retainAll(v.enumValues);
            }
            v.enumValues = list;
            if (list.isEmpty()) {
                v.fail("enum is empty or the enum intersection is empty");
            }
        }
    }

    private static void numbers(SchemaView v, JsonNode s, String ptr, GenContext ctx) {
        JsonNode min = s.get("minimum");
        JsonNode max = s.get("maximum");
        JsonNode exMin = s.get("exclusiveMinimum");
        JsonNode exMax = s.get("exclusiveMaximum");
        boolean draft4Min = exMin != null && exMin.isBoolean() && exMin.booleanValue();
        boolean draft4Max = exMax != null && exMax.isBoolean() && exMax.booleanValue();
        if (min != null && min.isNumber()) {
            v.bounds.lower(min.decimalValue(), draft4Min);
        }
        if (max != null && max.isNumber()) {
            v.bounds.upper(max.decimalValue(), draft4Max);
        }
        if (exMin != null && exMin.isNumber()) {
            v.bounds.lower(exMin.decimalValue(), true);
        }
        if (exMax != null && exMax.isNumber()) {
            v.bounds.upper(exMax.decimalValue(), true);
        }
        JsonNode multiple = s.get("multipleOf");
        if (multiple != null && multiple.isNumber()) {
            BigDecimal m = multiple.decimalValue();
            if (m.signum() > 0) {
                v.multipleOf.add(m);
            } else {
                ctx.problem(GenerationProblem.Kind.MALFORMED_SCHEMA, ptr + "/multipleOf", "multipleOf must be > 0");
            }
        }
        SchemaView.Bounds b = v.bounds;
        if (b.lower != null && b.upper != null) {
            int c = b.lower.compareTo(b.upper);
            if (c > 0 || c == 0 && (b.lowerExclusive || b.upperExclusive)) {
                v.fail("numeric range is empty (" + b.lower + " .. " + b.upper + ")");
            }
        }
    }

    private static void strings(SchemaView v, JsonNode s, String ptr, GenContext ctx) {
        v.minLength = Math.max(v.minLength, nonNegative(s, "minLength", 0));
        v.maxLength = Math.min(v.maxLength, nonNegative(s, "maxLength", Integer.MAX_VALUE));
        if (v.minLength > v.maxLength) {
            v.fail("minLength " + v.minLength + " > maxLength " + v.maxLength);
        }
        JsonNode pattern = s.get("pattern");
        if (pattern != null && pattern.isString() && !v.patterns.contains(pattern.asString())) {
            v.patterns.add(pattern.asString());
        }
        JsonNode description = s.get("description");
        if (description != null && description.isString() && v.description == null) {
            v.description = description.asString().length() > 2_000 ? description.asString().substring(0, 2_000)
                    : description.asString();
        }
        JsonNode format = s.get("format");
        if (format != null && format.isString() && v.format == null) {
            v.format = format.asString();
        }
    }

    private static void arrays(SchemaView v, JsonNode s, String ptr, GenContext ctx) {
        JsonNode prefix = s.get("prefixItems");
        JsonNode items = s.get("items");
        List<JsonNode> tuple = new ArrayList<>();
        JsonNode rest = null;
        if (prefix != null && prefix.isArray()) {
            prefix.forEach(tuple::add);
            rest = items;
        } else if (items != null && items.isArray()) {
            items.forEach(tuple::add);
            rest = s.get("additionalItems");
        } else if (items != null) {
            rest = items;
        }
        if (!tuple.isEmpty() || rest != null) {
            v.arrayRules.add(new SchemaView.ArrayRule(List.copyOf(tuple), rest, null));
            if (rest != null && rest.isBoolean() && !rest.booleanValue()) {
                v.maxItems = Math.min(v.maxItems, tuple.size());
            }
        }
        v.minItems = Math.max(v.minItems, nonNegative(s, "minItems", 0));
        v.maxItems = Math.min(v.maxItems, nonNegative(s, "maxItems", Integer.MAX_VALUE));
        if (s.path("uniqueItems").asBoolean(false)) {
            v.uniqueItems = true;
        }
        JsonNode contains = s.get("contains");
        if (contains != null && nonNegative(s, "minContains", 1) > 0) {
            v.contains.add(contains);
        }
        if (v.minItems > v.maxItems) {
            v.fail("minItems " + v.minItems + " > maxItems " + v.maxItems);
        }
    }

    private static void objects(SchemaView v, JsonNode s, String ptr, GenContext ctx) {
        JsonNode props = s.get("properties");
        JsonNode patternProps = s.get("patternProperties");
        JsonNode additional = s.get("additionalProperties");
        if (props != null || patternProps != null || additional != null) {
            v.objectRules.add(new SchemaView.ObjectRule(map(props), map(patternProps), additional));
        }
        JsonNode required = s.get("required");
        if (required != null && required.isArray()) {
            required.forEach(r -> {
                if (r.isString()) {
                    v.required.add(r.asString());
                }
            });
        }
        v.minProperties = Math.max(v.minProperties, nonNegative(s, "minProperties", 0));
        v.maxProperties = Math.min(v.maxProperties, nonNegative(s, "maxProperties", Integer.MAX_VALUE));
        if (v.minProperties > v.maxProperties) {
            v.fail("minProperties > maxProperties");
        }
        JsonNode names = s.get("propertyNames");
        if (names != null) {
            v.propertyNames.add(names);
        }
        for (String key : List.of("dependentRequired", "dependencies")) {
            JsonNode deps = s.get(key);
            if (deps != null && deps.isObject()) {
                for (Map.Entry<String, JsonNode> e : deps.properties()) {
                    if (e.getValue().isArray()) {
                        List<String> list = v.dependentRequired.computeIfAbsent(e.getKey(), k -> new ArrayList<>());
                        e.getValue().forEach(n -> list.add(n.asString("")));
                    }
                }
            }
        }
    }

    private static void combinators(SchemaView v, JsonNode s, String ptr, GenContext ctx) {
        for (String key : List.of("anyOf", "oneOf")) {
            JsonNode branches = s.get(key);
            if (branches == null) {
                continue;
            }
            if (!branches.isArray() || branches.isEmpty()) {
                ctx.problem(GenerationProblem.Kind.MALFORMED_SCHEMA, ptr + "/" + key, key + " must be a non-empty array");
                continue;
            }
            v.alternatives.add(branches);
        }
        JsonNode not = s.get("not");
        if (not != null) {
            v.not.add(not);
        }
        if (s.has("if") && (s.has("then") || s.has("else"))) {
            v.conditionals.add(s);
        }
    }

    private static Map<String, JsonNode> map(JsonNode node) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                out.put(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    private static int nonNegative(JsonNode s, String key, int fallback) {
        JsonNode n = s.get(key);
        if (n == null || !n.isNumber()) {
            return fallback;
        }
        if (n.canConvertToInt()) {
            return Math.max(0, n.intValue());
        }
        return n.decimalValue().signum() < 0 ? 0 : Integer.MAX_VALUE;
    }
}
