package io.mcpfuzzer.generate;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The constraints that apply to one instance location, merged from a schema, its {@code $ref}
 * targets and its {@code allOf} branches (keyword by keyword, as an intersection). The
 * alternatives of {@code anyOf}/{@code oneOf} stay unmerged for the generator to choose from.
 * Mutable while being built; confined to one generation.
 */
final class SchemaView {
    static final Set<String> ALL_TYPES = Set.of("null", "boolean", "object", "array", "number", "string", "integer");
    private static final String[] REF_KEYWORDS = {"$ref", "$dynamicRef", "$recursiveRef"};
    private static final int MAX_APPLY_DEPTH = 64;

    String pointer = "";
    boolean unsatisfiable;
    String unsatisfiableWhy;
    Set<String> types;                  // null = unconstrained
    List<JsonNode> enumValues;          // null = unconstrained
    JsonNode constValue;
    final Bounds bounds = new Bounds();
    final List<BigDecimal> multipleOf = new ArrayList<>();
    int minLength;
    int maxLength = Integer.MAX_VALUE;
    final List<String> patterns = new ArrayList<>();
    String format;
    /** The first {@code description} met (at most 2,000 chars), a hint for realistic values; or null. */
    String description;
    final List<ArrayRule> arrayRules = new ArrayList<>();
    int minItems;
    int maxItems = Integer.MAX_VALUE;
    boolean uniqueItems;
    final List<JsonNode> contains = new ArrayList<>();
    final List<ObjectRule> objectRules = new ArrayList<>();
    final Set<String> required = new LinkedHashSet<>();
    int minProperties;
    int maxProperties = Integer.MAX_VALUE;
    final List<JsonNode> propertyNames = new ArrayList<>();
    final Map<String, List<String>> dependentRequired = new LinkedHashMap<>();
    /** anyOf/oneOf keyword values (arrays of branches), in the order met; identity matters. */
    final List<JsonNode> alternatives = new ArrayList<>();
    final List<JsonNode> not = new ArrayList<>();
    final List<JsonNode> conditionals = new ArrayList<>();
    final List<JsonNode> samples = new ArrayList<>();
    /** Keywords seen, used to infer a type when none is declared. */
    final Set<String> keywords = new LinkedHashSet<>();

    /** Numeric bounds; null means unbounded. */
    static final class Bounds {
        BigDecimal lower;
        boolean lowerExclusive;
        BigDecimal upper;
        boolean upperExclusive;

        void lower(BigDecimal value, boolean exclusive) {
            int c = lower == null ? 1 : value.compareTo(lower);
            if (c > 0 || c == 0 && exclusive) {
                lower = value;
                lowerExclusive = exclusive;
            }
        }

        void upper(BigDecimal value, boolean exclusive) {
            int c = upper == null ? -1 : value.compareTo(upper);
            if (c < 0 || c == 0 && exclusive) {
                upper = value;
                upperExclusive = exclusive;
            }
        }
    }

    /** Array keywords of one schema object: a tuple prefix and the schema for the rest. */
    record ArrayRule(List<JsonNode> tuple, JsonNode rest, JsonNode all) {}

    /** Object keywords of one schema object (additionalProperties is relative to these). */
    record ObjectRule(Map<String, JsonNode> properties, Map<String, JsonNode> patternProperties,
                      JsonNode additional) {}

    static SchemaView of(JsonNode schema, String pointer, GenContext ctx) {
        return of(List.of(schema), List.of(pointer), ctx);
    }

    /** The intersection of several schemas that all apply to one location. */
    static SchemaView of(List<JsonNode> schemas, List<String> pointers, GenContext ctx) {
        SchemaView view = new SchemaView();
        view.pointer = pointers.isEmpty() ? "" : pointers.get(0);
        for (int i = 0; i < schemas.size(); i++) {
            view.apply(schemas.get(i), pointers.get(i), ctx);
        }
        return view;
    }

    /** Merges one more schema into this view (used for chosen anyOf/oneOf branches). */
    void apply(JsonNode schema, String pointer, GenContext ctx) {
        new Applier(ctx).apply(schema, pointer, 0);
    }

    void fail(String why) {
        if (!unsatisfiable) {
            unsatisfiable = true;
            unsatisfiableWhy = why;
        }
    }

    /** Narrows the allowed types. */
    void restrictTypes(Set<String> allowed) {
        if (types == null) {
            types = new LinkedHashSet<>(allowed);
            return;
        }
        Set<String> out = new LinkedHashSet<>();
        for (String t : types) {
            if (allowed.contains(t)) {
                out.add(t);
            } else if (t.equals("number") && allowed.contains("integer")) {
                out.add("integer");
            } else if (t.equals("integer") && allowed.contains("number")) {
                out.add("integer");
            }
        }
        types = out;
        if (out.isEmpty()) {
            fail("type intersection is empty");
        }
    }

    /** Declared or inferred candidate types, before exclusion by {@code not}. */
    boolean allows(String type) {
        return types == null || types.contains(type) || type.equals("integer") && types.contains("number");
    }

    private final class Applier {
        private final GenContext ctx;
        /** The $ref targets being applied (cycle check); made at the first $ref, most schemas have none. */
        private Deque<String> refStack;

        Applier(GenContext ctx) {
            this.ctx = ctx;
        }

        void apply(JsonNode schema, String ptr, int depth) {
            if (schema == null || schema.isMissingNode()) {
                return;
            }
            if (depth > MAX_APPLY_DEPTH) {
                ctx.problem(GenerationProblem.Kind.BUDGET_EXCEEDED, ptr, "allOf/$ref nesting deeper than " + MAX_APPLY_DEPTH);
                return;
            }
            if (schema.isBoolean()) {
                if (!schema.booleanValue()) {
                    fail("schema is false");
                }
                return;
            }
            if (!schema.isObject()) {
                ctx.problem(GenerationProblem.Kind.MALFORMED_SCHEMA, ptr, "schema is not an object or boolean");
                return;
            }
            ctx.step(ptr);
            for (String refKey : REF_KEYWORDS) {
                JsonNode ref = schema.get(refKey);
                if (ref != null) {
                    applyRef(ref, ptr + "/" + refKey, depth);
                }
            }
            JsonNode allOf = schema.get("allOf");
            if (allOf != null && allOf.isArray()) {
                for (int i = 0; i < allOf.size(); i++) {
                    apply(allOf.get(i), ptr + "/allOf/" + i, depth + 1);
                }
            }
            Keywords.apply(SchemaView.this, schema, ptr, ctx);
        }

        private void applyRef(JsonNode ref, String ptr, int depth) {
            if (!ref.isString()) {
                ctx.problem(GenerationProblem.Kind.MALFORMED_SCHEMA, ptr, "$ref is not a string");
                return;
            }
            String target = ref.asString();
            if (refStack == null) {
                refStack = new ArrayDeque<>();
            }
            if (refStack.contains(target)) {
                ctx.problem(GenerationProblem.Kind.CYCLIC_REF, ptr, "$ref '" + target + "' refers to itself");
                return;
            }
            var resolved = ctx.refs.resolve(target);
            if (resolved.isEmpty()) {
                ctx.problem(GenerationProblem.Kind.BAD_REF, ptr, "$ref '" + target + "' does not resolve");
                return;
            }
            refStack.push(target);
            apply(resolved.get(), target.startsWith("#") ? target.substring(1) : target, depth + 1);
            refStack.pop();
        }
    }
}
