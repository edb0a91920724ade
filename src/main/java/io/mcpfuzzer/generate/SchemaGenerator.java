package io.mcpfuzzer.generate;

import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Generates realistic (meant-to-be-valid), varied values from a JSON Schema. Supports type and
 * type unions, enum, const, format, pattern, numeric bounds (draft-04 and later forms),
 * multipleOf, string lengths, array keywords (items, prefixItems, draft-07 tuple items,
 * additionalItems, min/maxItems, uniqueItems, contains), object keywords (properties, required,
 * additionalProperties, patternProperties, min/maxProperties, propertyNames, dependentRequired),
 * allOf/anyOf/oneOf/not, if/then/else, local $ref/$defs/definitions with a cycle guard, default
 * and examples.
 *
 * <p>Never throws for a bad schema and never hangs: problems (bad $ref, contradictions, invalid
 * or unsupported regex, exhausted budgets) are returned with the best value found. Does not
 * validate; {@link ToolInputPlanner} validates every value. Thread-safe (no mutable state);
 * all randomness comes from the caller's generator.
 */
public final class SchemaGenerator {
    /** {@code {"type":"object"}}, shared by every generation (never mutated). */
    private static final JsonNode OBJECT_ONLY = JsonNodeFactory.instance.objectNode().put("type", "object");
    private static final List<String> ROOT_POINTERS = List.of("", "");
    private final GenerationLimits limits;
    private final RealisticHints hints;

    public SchemaGenerator(GenerationLimits limits) {
        this(limits, RealisticHints.none());
    }

    /** A generator whose realistic strings may use what the target's environment offers. */
    public SchemaGenerator(GenerationLimits limits, RealisticHints hints) {
        this.limits = limits;
        this.hints = hints == null ? RealisticHints.none() : hints;
    }

    public SchemaGenerator() {
        this(GenerationLimits.defaults());
    }

    /** A value and the problems met while generating it. */
    public record Result(JsonNode value, List<GenerationProblem> problems) {
        public Result {
            problems = List.copyOf(problems);
        }
    }

    /**
     * A realistic value for {@code schema}.
     *
     * @param schema a JSON Schema (object or boolean); null or missing is treated as {@code {}}
     * @param random the only source of randomness used
     */
    public Result realistic(JsonNode schema, SplittableRandom random) {
        JsonNode root = schema == null || schema.isMissingNode() ? JsonNodeFactory.instance.objectNode() : schema;
        GenContext ctx = new GenContext(root, random, limits, hints);
        JsonNode value = new ValueGenerator(ctx).generate(root, "", null, 0);
        return new Result(value, ctx.problems());
    }

    /**
     * A realistic value for {@code schema} constrained to be a JSON object, as MCP tool
     * arguments must be.
     */
    public Result realisticObject(JsonNode schema, SplittableRandom random) {
        return realisticObject(schema, random, "");
    }

    /** As {@link #realisticObject(JsonNode, SplittableRandom)} for a tool named {@code owner} (a hint for values). */
    public Result realisticObject(JsonNode schema, SplittableRandom random, String owner) {
        return realisticObject(schema, random, owner, null);
    }

    /** As {@link #realisticObject(JsonNode, SplittableRandom, String)}, id parameters drawing on {@code ids} (may be null). */
    Result realisticObject(JsonNode schema, SplittableRandom random, String owner, IdChoice ids) {
        return realisticObject(schema, random, owner, ids, null);
    }

    /** As {@link #realisticObject(JsonNode, SplittableRandom, String, IdChoice)}, parameters named after a hint's noun drawing on {@code named} (may be null). */
    Result realisticObject(JsonNode schema, SplittableRandom random, String owner, IdChoice ids, HintChoice named) {
        JsonNode root = schema == null || schema.isMissingNode() ? JsonNodeFactory.instance.objectNode() : schema;
        GenContext ctx = new GenContext(root, random, limits, hints, NameHints.words(owner), ids, named);
        JsonNode value = new ValueGenerator(ctx).generate(List.of(root, OBJECT_ONLY), ROOT_POINTERS, null, 0);
        return new Result(value, ctx.problems());
    }

    GenerationLimits limits() {
        return limits;
    }
}
