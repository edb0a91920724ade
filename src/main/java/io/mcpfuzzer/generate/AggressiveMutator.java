package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;

/**
 * Applies the one scheduled aggressive mutation to a valid base value. Stateless; each call
 * builds its own context.
 */
final class AggressiveMutator {
    private AggressiveMutator() {}

    /** The mutated value and what was done. */
    record Mutation(JsonNode value, AggressiveStrategy strategy, String target, String canary,
                    List<GenerationProblem> problems) {}

    /** A seeded shuffle of all strategies: the per-tool rotation order. */
    static List<AggressiveStrategy> order(long seed, String tool) {
        List<AggressiveStrategy> order = new ArrayList<>(List.of(AggressiveStrategy.values()));
        SplittableRandom r = new SplittableRandom(Seeds.derive(seed, tool, "strategy-order"));
        for (int i = order.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            AggressiveStrategy t = order.get(i);
            order.set(i, order.get(j));
            order.set(j, t);
        }
        return order;
    }

    /** The per-tool schedule: slots and strategy entries, reusable across runs. Immutable. */
    record Prepared(AggressivePlan plan, List<GenerationProblem> problems) {}

    static Prepared prepare(JsonNode schema, List<AggressiveStrategy> order, GenerationLimits limits) {
        GenContext ctx = new GenContext(schema, new SplittableRandom(0), limits);
        List<Slot> slots = SlotFinder.find(schema, ctx);
        return new Prepared(new AggressivePlan(order, slots, ctx), ctx.problems());
    }

    static Mutation mutate(Prepared prepared, JsonNode schema, JsonNode base, int runIndex, SplittableRandom r,
                           GenerationLimits limits) {
        GenContext ctx = new GenContext(schema, r, limits);
        ValueGenerator generator = new ValueGenerator(ctx);
        AggressivePlan.Choice choice = prepared.plan().choose(runIndex);
        String canary = "mcpfz" + String.format(Locale.ROOT, "%08x", r.nextInt());
        Paths paths = new Paths(generator);
        JsonNode root = base.deepCopy();
        Slot slot = choice.slot();
        JsonNode current = paths.get(root, slot);
        JsonNode replacement = choice.removes() ? null : replacement(choice, current, r, canary, ctx);
        JsonNode result = paths.set(root, slot, replacement);
        boolean carriesCanary = replacement != null && choice.option() == null && containsText(replacement, canary);
        List<GenerationProblem> problems = new ArrayList<>(prepared.problems());
        problems.addAll(ctx.problems());
        return new Mutation(result, choice.strategy(), slot.pointer(), carriesCanary ? canary : null, problems);
    }

    private static boolean containsText(JsonNode node, String text) {
        if (node.isString()) {
            return node.asString().contains(text);
        }
        if (node.isObject()) {
            for (var e : node.properties()) {
                if (e.getKey().contains(text) || containsText(e.getValue(), text)) {
                    return true;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode child : node.values()) {
                if (containsText(child, text)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static JsonNode replacement(AggressivePlan.Choice choice, JsonNode current, SplittableRandom r,
                                        String canary, GenContext ctx) {
        Slot slot = choice.slot();
        if (choice.option() != null) {
            JsonNode option = choice.option().deepCopy();
            if (choice.strategy() == AggressiveStrategy.BOUNDARY && option.isArray() && current != null
                    && current.isArray() && !current.isEmpty()) {
                var filled = ValueGenerator.F.arrayNode();
                for (int i = 0; i < option.size(); i++) {
                    filled.add(current.get(0).deepCopy());
                }
                return filled;
            }
            return option;
        }
        switch (choice.strategy()) {
            case PROTOTYPE_POLLUTION: return HostileValues.prototypePollution(current, r, canary);
            case EXTRA_PROPERTY: return HostileValues.extraProperty(current, r, canary);
            case LONG_VALUE: return HostileValues.longValue(slot, current, r, canary, ctx.charsLeft());
            case DEEP_NESTING: return HostileValues.deepNesting(r, canary);
            case ENUM_VIOLATION: return HostileValues.enumViolation(slot, r, canary);
            case FORMAT_VIOLATION: return HostileValues.formatViolation(slot, r, canary);
            case PATTERN_VIOLATION:
                return HostileValues.patternViolation(slot, current, r, canary, ctx.limits.regexMatchSteps());
            default: return HostileValues.payload(choice.strategy(), current, r, canary);
        }
    }
}
