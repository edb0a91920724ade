package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The campaign's entry point for tool arguments: (tool name, input schema, phase, run index) to
 * a {@link GeneratedInput}, reproducibly from one campaign seed.
 *
 * <p>Realistic runs return a schema-valid value when one can be found (several seeded attempts,
 * each validated). Aggressive runs start from such a valid value and apply exactly one labelled
 * mutation to one field, following a per-tool schedule (a seeded shuffle of all
 * {@link AggressiveStrategy}s, cycled, with fields targeted in turn), so a tool's first
 * {@code AggressiveStrategy.values().length} aggressive runs already use every applicable
 * strategy. Every value is validated so the caller knows whether a valid input was sent.
 *
 * <p>Deterministic: the output depends only on the campaign seed and the arguments, never on
 * call order, threads or time (except that a value cut short by the wall-clock budget is
 * reported as a problem). Thread-safe; instances may be shared by all workers.
 */
public final class ToolInputPlanner {
    private static final int REALISTIC_ATTEMPTS = 6;
    private static final int PLAN_CACHE_CAP = 256;
    /** Runs {@code 1, 1 + n, 1 + 2n, ...} of each phase use a released id when one fits (see {@link IdChoice}). */
    static final int USE_RELEASED_EVERY = 4;
    /** Realistic runs that use error hints: a seeded draw per run, this many in {@link #HINTED_RUNS_OF}. */
    static final int HINTED_RUNS_IN = 1;
    static final int HINTED_RUNS_OF = 2;

    private final long seed;
    private final SchemaGenerator generator;
    private final SchemaValidator validator;
    private final Map<PlanKey, AggressiveMutator.Prepared> plans = new ConcurrentHashMap<>();
    private volatile SameSchema lastPlan;

    /**
     * @param seed      the campaign seed
     * @param limits    per-value generation caps
     * @param validator shared validator (it caches compiled schemas)
     */
    public ToolInputPlanner(long seed, GenerationLimits limits, SchemaValidator validator) {
        this(seed, limits, validator, RealisticHints.none());
    }

    /**
     * @param hints what the target's environment offers realistic values (sample files); the same
     *              hints and seed give the same inputs
     */
    public ToolInputPlanner(long seed, GenerationLimits limits, SchemaValidator validator, RealisticHints hints) {
        this.seed = seed;
        this.generator = new SchemaGenerator(Objects.requireNonNull(limits, "limits"), hints);
        this.validator = Objects.requireNonNull(validator, "validator");
    }

    /** A planner with default limits and its own validator. */
    public ToolInputPlanner(long seed) {
        this(seed, GenerationLimits.defaults(), new SchemaValidator(GenerationLimits.defaults().regexMatchSteps()));
    }

    public long seed() {
        return seed;
    }

    /**
     * The input for one run.
     *
     * @param toolName    the tool's name (part of the seed derivation); not null
     * @param inputSchema the tool's {@code inputSchema}; null or missing means {@code {"type":"object"}}
     * @param phase       realistic or aggressive; not null
     * @param runIndex    zero-based run index within this tool and phase; not negative
     */
    public GeneratedInput plan(String toolName, JsonNode inputSchema, Phase phase, int runIndex) {
        return plan(toolName, inputSchema, phase, runIndex, IdPool.Snapshot.empty()).input();
    }

    /**
     * An input and how many of its values are ids harvested from earlier answers.
     *
     * @param input        the generated input
     * @param harvestedIds values taken from the {@link IdPool.Snapshot} (0 when none)
     * @param hintedValues values taken from the {@link HintPool.Snapshot} (0 when none)
     */
    public record Planned(GeneratedInput input, int harvestedIds, int hintedValues) {
        /** An input without hinted values. */
        public Planned(GeneratedInput input, int harvestedIds) {
            this(input, harvestedIds, 0);
        }
    }

    /**
     * As {@link #plan(String, JsonNode, Phase, int)}, parameters that look like ids taking, with a
     * seeded share, an id the server handed out earlier ({@code ids}; see {@link IdChoice}). The
     * output depends only on the seed, the arguments and the snapshot's content; with an empty
     * snapshot it equals {@code plan}'s.
     */
    public Planned plan(String toolName, JsonNode inputSchema, Phase phase, int runIndex, IdPool.Snapshot ids) {
        return plan(toolName, inputSchema, phase, runIndex, ids, HintPool.Snapshot.empty());
    }

    /**
     * As {@link #plan(String, JsonNode, Phase, int, IdPool.Snapshot)}, and in about half of the
     * realistic runs (a seeded draw per run, {@value #HINTED_RUNS_IN} in {@value #HINTED_RUNS_OF}),
     * string parameters named after a noun the server named values for in its error answers take
     * one of those values when one fits ({@code hints}; see {@link HintChoice}). Aggressive runs
     * never use hints. The output depends only on the seed, the arguments and the snapshots'
     * content; with an empty {@code hints} it equals the overload's without.
     */
    public Planned plan(String toolName, JsonNode inputSchema, Phase phase, int runIndex, IdPool.Snapshot ids,
            HintPool.Snapshot hints) {
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(phase, "phase");
        if (runIndex < 0) {
            throw new IllegalArgumentException("runIndex must be >= 0");
        }
        JsonNode schema = inputSchema == null || inputSchema.isMissingNode() || inputSchema.isNull()
                ? JsonNodeFactory.instance.objectNode().put("type", "object") : inputSchema;
        long runSeed = Seeds.forRun(seed, toolName, phase, runIndex);
        boolean hinted = phase == Phase.REALISTIC && hints != null && !hints.isEmpty()
                && new SplittableRandom(Seeds.derive(runSeed, "hints")).nextInt(HINTED_RUNS_OF) < HINTED_RUNS_IN;
        Base base = validBase(schema, runSeed, toolName, ids, runIndex % USE_RELEASED_EVERY == 1,
                hinted ? hints : HintPool.Snapshot.empty());
        if (phase == Phase.REALISTIC) {
            return new Planned(new GeneratedInput(base.value, base.validation.verdict(), phase, GeneratedInput.VALID_LABEL,
                    "", base.validation.errors(), base.problems, runSeed, null), base.harvested, base.hinted);
        }
        SplittableRandom random = new SplittableRandom(Seeds.derive(runSeed, "mutate"));
        AggressiveMutator.Mutation m = AggressiveMutator.mutate(prepared(toolName, schema), schema, base.value,
                runIndex, random, generator.limits());
        Validation validation = validator.validate(schema, m.value());
        List<GenerationProblem> problems = new ArrayList<>(base.problems);
        problems.addAll(m.problems());
        return new Planned(new GeneratedInput(m.value(), validation.verdict(), phase, m.strategy().label(), m.target(),
                validation.errors(), problems, runSeed, m.canary()), base.harvested);
    }

    /** Validates an arbitrary instance with this planner's validator (for callers that mutate further). */
    public Validation validate(JsonNode inputSchema, JsonNode instance) {
        return validator.validate(inputSchema, instance);
    }

    private AggressiveMutator.Prepared prepared(String toolName, JsonNode schema) {
        SameSchema same = lastPlan;
        if (same != null && same.schema == schema && same.tool.equals(toolName)) {
            return same.plan;
        }
        PlanKey key = new PlanKey(toolName, schema);
        AggressiveMutator.Prepared hit = plans.get(key);
        if (hit != null) {
            lastPlan = new SameSchema(toolName, schema, hit);
            return hit;
        }
        AggressiveMutator.Prepared made = AggressiveMutator.prepare(schema, AggressiveMutator.order(seed, toolName),
                generator.limits());
        if (plans.size() >= PLAN_CACHE_CAP) {
            plans.clear();
        }
        plans.put(new PlanKey(toolName, schema.deepCopy()), made);
        lastPlan = new SameSchema(toolName, schema, made);
        return made;
    }

    private Base validBase(JsonNode schema, long runSeed, String toolName, IdPool.Snapshot ids, boolean useReleased,
            HintPool.Snapshot hints) {
        Base first = null;
        for (int attempt = 0; attempt < REALISTIC_ATTEMPTS; attempt++) {
            String a = Integer.toString(attempt);
            SplittableRandom random = new SplittableRandom(Seeds.derive(runSeed, "realistic", a));
            IdChoice choice = new IdChoice(ids, new SplittableRandom(Seeds.derive(runSeed, "ids", a)), useReleased);
            // the later attempts go without: a hinted value the whole schema rejects never makes the run invalid
            HintChoice named = hints.isEmpty() || attempt >= REALISTIC_ATTEMPTS / 2 ? HintChoice.none()
                    : new HintChoice(hints, new SplittableRandom(Seeds.derive(runSeed, "hints", a)), true);
            SchemaGenerator.Result result = generator.realisticObject(schema, random, toolName, choice, named);
            Validation validation = validator.validate(schema, result.value());
            Base base = new Base(result.value(), validation, result.problems(), choice.used(), named.used());
            if (validation.valid() || validation.verdict() == Validation.Verdict.BROKEN_SCHEMA
                    || validation.verdict() == Validation.Verdict.UNDECIDED) {
                return base;
            }
            first = first == null ? base : first;
        }
        List<GenerationProblem> problems = new ArrayList<>(first.problems);
        problems.add(new GenerationProblem(GenerationProblem.Kind.UNSATISFIED, "",
                "no valid value in " + REALISTIC_ATTEMPTS + " attempts: " + String.join("; ", first.validation.errors())));
        return new Base(first.value, first.validation, problems, first.harvested, first.hinted);
    }

    private record PlanKey(String tool, JsonNode schema) {}

    /** The last plan used, for the schema object it was asked for (compared by reference: no deep hash per call). */
    private record SameSchema(String tool, JsonNode schema, AggressiveMutator.Prepared plan) {}

    private record Base(JsonNode value, Validation validation, List<GenerationProblem> problems, int harvested,
            int hinted) {}
}
