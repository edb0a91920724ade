package io.mcpfuzzer.generate;

import io.mcpfuzzer.generate.regex.BoundedMatcher;
import io.mcpfuzzer.generate.regex.Patterns;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Arrays and objects for the realistic generator. Confined to one generation. */
final class ContainerValues {
    private static final int MAX_EXTRA = 3;
    private final ValueGenerator gen;
    private final GenContext ctx;

    ContainerValues(ValueGenerator gen) {
        this.gen = gen;
        this.ctx = gen.ctx;
    }

    JsonNode array(SchemaView v, String ptr, String hint, int depth) {
        SplittableRandom r = ctx.random;
        boolean pressure = depth * 2 >= ctx.limits.maxDepth();
        int tuple = 0;
        for (SchemaView.ArrayRule rule : v.arrayRules) {
            tuple = Math.max(tuple, rule.tuple().size());
        }
        int min = v.minItems;
        int max = v.maxItems;
        int upper = (int) Math.min(max, (long) Math.max(min, tuple) + (pressure ? 0 : MAX_EXTRA));
        int n = min + (upper > min ? r.nextInt(upper - min + 1) : 0);
        if (tuple > n && tuple <= max && r.nextInt(10) < 7) {
            n = tuple;
        }
        if (!v.contains.isEmpty() && n == 0 && max > 0) {
            n = 1;
        }
        int containsAt = v.contains.isEmpty() ? -1 : r.nextInt(Math.max(1, n));
        ArrayNode out = ValueGenerator.F.arrayNode();
        String itemHint = singular(hint);
        int count = n;
        return ctx.withItemsDescription(v.description != null ? v.description : ctx.itemsDescription,
                () -> fill(v, out, count, min, containsAt, ptr, itemHint, depth));
    }

    private ArrayNode fill(SchemaView v, ArrayNode out, int n, int min, int containsAt, String ptr, String itemHint, int depth) {
        for (int i = 0; i < n && !ctx.exhausted(); i++) {
            List<JsonNode> schemas = itemSchemas(v, i);
            if (i == containsAt) {
                schemas.addAll(v.contains);
            }
            List<String> ptrs = repeat(ptr + "/items", schemas.size());
            JsonNode item = gen.generate(schemas, ptrs, itemHint, depth + 1);
            for (int retry = 0; v.uniqueItems && contains(out, item) && retry < 8; retry++) {
                item = gen.generate(schemas, ptrs, itemHint, depth + 1);
            }
            if (v.uniqueItems && contains(out, item)) {
                if (out.size() < min) {
                    ctx.problem(GenerationProblem.Kind.UNSATISFIED, ptr, "could not find " + min + " unique items");
                }
                break;
            }
            out.add(item);
        }
        return out;
    }

    static List<JsonNode> itemSchemas(SchemaView v, int index) {
        List<JsonNode> out = new ArrayList<>();
        for (SchemaView.ArrayRule rule : v.arrayRules) {
            if (index < rule.tuple().size()) {
                out.add(rule.tuple().get(index));
            } else if (rule.rest() != null) {
                out.add(rule.rest());
            }
        }
        if (out.isEmpty()) {
            out.add(ValueGenerator.F.objectNode().put("type", "string"));
        }
        return out;
    }

    JsonNode object(SchemaView v, String ptr, int depth) {
        SplittableRandom r = ctx.random;
        boolean pressure = depth * 2 >= ctx.limits.maxDepth();
        ObjectNode out = ValueGenerator.F.objectNode();
        Set<String> names = new LinkedHashSet<>();
        for (SchemaView.ObjectRule rule : v.objectRules) {
            names.addAll(rule.properties().keySet());
        }
        names.addAll(v.required);
        for (String name : names) {
            boolean required = v.required.contains(name);
            if (!required && (pressure || out.size() >= v.maxProperties || r.nextInt(10) < 3)) {
                continue;
            }
            put(v, out, name, ptr, depth, required);
        }
        addDependencies(v, out, ptr, depth);
        // a tool's own arguments get no invented keys (a no-argument tool gets {}); nested
        // free-form objects (metadata, headers, ...) get a few
        boolean freeForm = depth > 0 && names.isEmpty()
                && v.objectRules.stream().noneMatch(rule -> isFalse(rule.additional()));
        int extras = freeForm && !pressure ? r.nextInt(1, MAX_EXTRA + 1) : 0;
        for (SchemaView.ObjectRule rule : v.objectRules) {
            for (String pattern : rule.patternProperties().keySet()) {
                if (!pressure && r.nextInt(4) == 0) {
                    patternKey(pattern, ptr).ifPresent(key -> put(v, out, key, ptr, depth, false));
                }
            }
        }
        for (int attempt = 0; attempt < 4 * (extras + v.minProperties) + 4 && !ctx.exhausted()
                && (extras > 0 || out.size() < v.minProperties); attempt++) {
            String key = extraKey(v, names, ptr);
            if (key != null && !out.has(key) && put(v, out, key, ptr, depth, false)) {
                extras--;
            }
        }
        if (out.size() < v.minProperties) {
            ctx.problem(GenerationProblem.Kind.UNSATISFIED, ptr, "could not reach minProperties " + v.minProperties);
        }
        List<String> optional = new ArrayList<>(out.propertyNames());
        optional.removeAll(v.required);
        while (out.size() > v.maxProperties && !optional.isEmpty()) {
            out.remove(optional.remove(optional.size() - 1));
        }
        return out;
    }

    /** Adds {@code name} if some schema allows it; false (with a problem if required) when forbidden. */
    private boolean put(SchemaView v, ObjectNode out, String name, String ptr, int depth, boolean required) {
        List<JsonNode> schemas = schemasFor(v, name);
        if (schemas == null) {
            if (required) {
                ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, "required '" + name + "' is forbidden by additionalProperties");
            }
            return false;
        }
        String childPtr = ptr + "/properties/" + name.replace("~", "~0").replace("/", "~1");
        // a property speaks for itself
        out.set(name, ctx.withItemsDescription(null, () -> gen.generate(schemas, repeat(childPtr, schemas.size()), name,
                depth + 1)));
        return true;
    }

    private void addDependencies(SchemaView v, ObjectNode out, String ptr, int depth) {
        for (int round = 0; round < 4; round++) {
            boolean added = false;
            for (Map.Entry<String, List<String>> dep : v.dependentRequired.entrySet()) {
                if (out.has(dep.getKey())) {
                    for (String needed : dep.getValue()) {
                        if (!out.has(needed)) {
                            added |= put(v, out, needed, ptr, depth, true);
                        }
                    }
                }
            }
            if (!added) {
                return;
            }
        }
    }

    /** Schemas that apply to property {@code name}; null when some rule forbids it; empty = any. */
    List<JsonNode> schemasFor(SchemaView v, String name) {
        return schemasFor(v, name, ctx);
    }

    static List<JsonNode> schemasFor(SchemaView v, String name, GenContext ctx) {
        List<JsonNode> out = new ArrayList<>();
        for (SchemaView.ObjectRule rule : v.objectRules) {
            boolean matched = false;
            JsonNode declared = rule.properties().get(name);
            if (declared != null) {
                out.add(declared);
                matched = true;
            }
            for (Map.Entry<String, JsonNode> e : rule.patternProperties().entrySet()) {
                Pattern p = Patterns.compile(e.getKey()).orElse(null);
                if (p != null && BoundedMatcher.find(p, name, ctx.limits.regexMatchSteps()) == BoundedMatcher.Outcome.MATCH) {
                    out.add(e.getValue());
                    matched = true;
                }
            }
            if (!matched && rule.additional() != null) {
                if (isFalse(rule.additional())) {
                    return null;
                }
                out.add(rule.additional());
            }
        }
        return out;
    }

    private java.util.Optional<String> patternKey(String pattern, String ptr) {
        var generator = ctx.regex(pattern, ptr + "/patternProperties");
        return generator == null ? java.util.Optional.empty() : generator.generate(ctx.random, 1, 24);
    }

    private String extraKey(SchemaView v, Set<String> declared, String ptr) {
        if (!v.propertyNames.isEmpty()) {
            SchemaView names = SchemaView.of(v.propertyNames, repeat(ptr + "/propertyNames", v.propertyNames.size()), ctx);
            // a key is no item of the array around the object
            return ctx.withItemsDescription(null, () -> StringValues.generate(names, "key", ctx, ptr + "/propertyNames",
                    new ArrayList<>(declared)));
        }
        String key = Words.word(ctx.random) + (ctx.random.nextBoolean() ? "_" + ctx.random.nextInt(100) : "");
        return declared.contains(key) ? null : key;
    }

    private static boolean isFalse(JsonNode schema) {
        return schema != null && schema.isBoolean() && !schema.booleanValue();
    }

    private static boolean contains(ArrayNode array, JsonNode item) {
        for (JsonNode existing : array) {
            if (existing.equals(item)) {
                return true;
            }
        }
        return false;
    }

    static List<String> repeat(String ptr, int n) {
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(ptr);
        }
        return out;
    }

    private static String singular(String hint) {
        if (hint == null) {
            return null;
        }
        if (hint.endsWith("ies")) {
            return hint.substring(0, hint.length() - 3) + "y";
        }
        return hint.endsWith("s") && hint.length() > 1 ? hint.substring(0, hint.length() - 1) : hint;
    }
}
