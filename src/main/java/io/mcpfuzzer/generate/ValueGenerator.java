package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.NullNode;

/**
 * Walks a schema and produces a value meant to be valid (the realistic generator). Combinators
 * are resolved by choosing one branch per {@code anyOf}/{@code oneOf} and merging it in; a
 * branch that contradicts the rest is skipped. Confined to one generation (one thread).
 */
final class ValueGenerator {
    static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final int MAX_BRANCH_ROUNDS = 16;
    private static final JsonNode ANY = F.objectNode();

    final GenContext ctx;
    private final ContainerValues containers;

    ValueGenerator(GenContext ctx) {
        this.ctx = ctx;
        this.containers = new ContainerValues(this);
    }

    JsonNode generate(JsonNode schema, String ptr, String hint, int depth) {
        return generate(List.of(schema), List.of(ptr), hint, depth);
    }

    /** A value for the intersection of {@code schemas} (all apply to the same location). */
    JsonNode generate(List<JsonNode> schemas, List<String> ptrs, String hint, int depth) {
        String ptr = ptrs.isEmpty() ? "" : ptrs.get(0);
        if (!ctx.step(ptr) || !ctx.node(ptr)) {
            return NullNode.getInstance();
        }
        if (depth > ctx.limits.maxDepth()) {
            ctx.problem(GenerationProblem.Kind.BUDGET_EXCEEDED, ptr, "depth cap of " + ctx.limits.maxDepth() + " reached");
            return NullNode.getInstance();
        }
        SchemaView v = resolveBranches(new ArrayList<>(schemas), new ArrayList<>(ptrs));
        if (v.unsatisfiable) {
            ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, v.unsatisfiableWhy);
            return NullNode.getInstance();
        }
        return fromView(v, ptr, hint, depth);
    }

    /** Merges one chosen branch of every anyOf/oneOf (and if/then/else) into the view. */
    private SchemaView resolveBranches(List<JsonNode> parts, List<String> ptrs) {
        Set<JsonNode> decided = null; // made at the first group: most schemas have none
        SchemaView view = SchemaView.of(parts, ptrs, ctx);
        for (int round = 0; round < MAX_BRANCH_ROUNDS && !view.unsatisfiable; round++) {
            JsonNode group = firstUndecided(view, decided);
            if (group == null) {
                return view;
            }
            if (decided == null) {
                decided = Collections.newSetFromMap(new IdentityHashMap<>());
            }
            decided.add(group);
            List<JsonNode> options = options(group);
            SchemaView chosen = null;
            int start = ctx.random.nextInt(options.size());
            for (int i = 0; i < options.size() && i < 6; i++) {
                JsonNode branch = options.get((start + i) % options.size());
                parts.add(branch);
                ptrs.add(view.pointer + "/" + (group.isArray() ? "anyOf" : "if"));
                SchemaView candidate = SchemaView.of(parts, ptrs, ctx);
                if (!candidate.unsatisfiable) {
                    chosen = candidate;
                    break;
                }
                parts.remove(parts.size() - 1);
                ptrs.remove(ptrs.size() - 1);
            }
            if (chosen == null) {
                ctx.problem(GenerationProblem.Kind.CONTRADICTION, view.pointer, "no anyOf/oneOf branch is compatible");
                return view;
            }
            view = chosen;
        }
        return view;
    }

    /** @param decided the groups decided so far, or null for none */
    private static JsonNode firstUndecided(SchemaView view, Set<JsonNode> decided) {
        for (JsonNode group : view.alternatives) {
            if (decided == null || !decided.contains(group)) {
                return group;
            }
        }
        for (JsonNode conditional : view.conditionals) {
            if (decided == null || !decided.contains(conditional)) {
                return conditional;
            }
        }
        return null;
    }

    /** Branches of an anyOf/oneOf array, or the two ways through an if/then/else object. */
    private static List<JsonNode> options(JsonNode group) {
        List<JsonNode> out = new ArrayList<>();
        if (group.isArray()) {
            group.forEach(out::add);
            return out;
        }
        var then = F.objectNode();
        then.set("allOf", F.arrayNode().add(group.get("if")).add(group.path("then").isMissingNode() ? ANY : group.get("then")));
        out.add(then);
        var otherwise = F.objectNode();
        otherwise.set("allOf", F.arrayNode().add(F.objectNode().set("not", group.get("if")))
                .add(group.path("else").isMissingNode() ? ANY : group.get("else")));
        out.add(otherwise);
        return out;
    }

    private JsonNode fromView(SchemaView v, String ptr, String hint, int depth) {
        Exclusions not = Exclusions.of(v, ctx);
        if (!v.samples.isEmpty() && ctx.random.nextInt(8) == 0) {
            JsonNode sample = v.samples.get(ctx.random.nextInt(v.samples.size()));
            if (v.allows(jsonType(sample)) && !not.values.contains(sample)) {
                return sample.deepCopy();
            }
        }
        if (v.constValue != null) {
            return v.constValue.deepCopy();
        }
        if (v.enumValues != null) {
            List<JsonNode> allowed = new ArrayList<>();
            for (JsonNode e : v.enumValues) {
                if (v.allows(jsonType(e)) && !not.values.contains(e) && !not.types.contains(jsonType(e))) {
                    allowed.add(e);
                }
            }
            if (allowed.isEmpty()) {
                ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, "no enum value has an allowed type");
                return v.enumValues.get(0).deepCopy();
            }
            return ctx.named.choose(v, hint, allowed.get(ctx.random.nextInt(allowed.size())).deepCopy(), ctx, ptr);
        }
        String type = chooseType(v, not.types, ptr);
        switch (type) {
            case "null": return NullNode.getInstance();
            case "boolean": return F.booleanNode(ctx.random.nextBoolean());
            case "integer": return ctx.ids.choose(v, hint, type, NumberValues.integer(v, hint, ctx, ptr), ctx, ptr);
            case "number": return NumberValues.number(v, hint, ctx, ptr);
            case "array": return containers.array(v, ptr, hint, depth);
            case "object": return containers.object(v, ptr, depth);
            default:
                String s = StringValues.generate(v, hint, ctx, ptr, not.strings());
                JsonNode invented = F.stringNode(s);
                JsonNode chosen = ctx.ids.choose(v, hint, type, invented, ctx, ptr);
                chosen = chosen == invented ? ctx.named.choose(v, hint, chosen, ctx, ptr) : chosen;
                ctx.chars(ptr, chosen.asString("").length());
                return chosen;
        }
    }

    private String chooseType(SchemaView v, Set<String> excluded, String ptr) {
        Set<String> candidates = new LinkedHashSet<>();
        if (v.types != null) {
            candidates.addAll(v.types);
        } else {
            candidates.addAll(inferTypes(v));
        }
        candidates.removeAll(excluded);
        if (candidates.isEmpty()) {
            ctx.problem(GenerationProblem.Kind.CONTRADICTION, ptr, "every allowed type is excluded by 'not'");
            return v.types == null || v.types.isEmpty() ? "null" : v.types.iterator().next();
        }
        if (candidates.size() > 1 && candidates.contains("null") && ctx.random.nextInt(10) > 0) {
            candidates.remove("null");
        }
        if (v.types == null && candidates.size() > 1) {
            return weightedDefault(candidates);
        }
        List<String> list = new ArrayList<>(candidates);
        return list.get(ctx.random.nextInt(list.size()));
    }

    private List<String> inferTypes(SchemaView v) {
        List<String> out = new ArrayList<>();
        Set<String> k = v.keywords;
        if (!v.objectRules.isEmpty() || !v.required.isEmpty() || k.contains("minProperties") || k.contains("maxProperties")
                || k.contains("propertyNames") || k.contains("dependentRequired")) {
            out.add("object");
        }
        if (!v.arrayRules.isEmpty() || !v.contains.isEmpty() || k.contains("minItems") || k.contains("maxItems") || v.uniqueItems) {
            out.add("array");
        }
        if (!v.patterns.isEmpty() || v.format != null || k.contains("minLength") || k.contains("maxLength")) {
            out.add("string");
        }
        if (v.bounds.lower != null || v.bounds.upper != null || !v.multipleOf.isEmpty()) {
            out.add("number");
        }
        if (out.isEmpty()) {
            out.addAll(List.of("string", "integer", "number", "boolean", "object", "array"));
        }
        return out;
    }

    private String weightedDefault(Set<String> candidates) {
        List<String> weighted = new ArrayList<>();
        for (String t : candidates) {
            int w = t.equals("string") ? 5 : t.equals("integer") ? 2 : 1;
            for (int i = 0; i < w; i++) {
                weighted.add(t);
            }
        }
        return weighted.get(ctx.random.nextInt(weighted.size()));
    }

    /** The JSON Schema type name of a value ("integer" for integral numbers). */
    static String jsonType(JsonNode n) {
        if (n.isNull()) {
            return "null";
        }
        if (n.isBoolean()) {
            return "boolean";
        }
        if (n.isNumber()) {
            return n.isIntegralNumber() || n.decimalValue().stripTrailingZeros().scale() <= 0 ? "integer" : "number";
        }
        if (n.isString()) {
            return "string";
        }
        return n.isArray() ? "array" : "object";
    }
}
