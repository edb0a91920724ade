package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Which strategy, slot and variant a given aggressive run uses. Runs go in cycles over a seeded
 * shuffle of all strategies, so the first cycle uses every applicable strategy once. A strategy
 * with a finite set of distinct inputs (for example "null in field f") stays in the cycles only
 * until that set is used up, so no input repeats; payload strategies stay forever and rotate
 * over the fields. Depends only on (schema, strategy order, run index). Immutable.
 */
final class AggressivePlan {
    /** Capacity of strategies whose every run is new (sampled payload with a canary). */
    static final long UNBOUNDED = Long.MAX_VALUE;
    private static final JsonNode REMOVE = ValueGenerator.F.missingNode();

    /** One strategy's targets and, when finite, its option list per target. */
    record Entry(AggressiveStrategy strategy, int position, List<Slot> targets, List<List<JsonNode>> options, long capacity) {}

    /** A scheduled run: strategy, target slot and either a fixed option or null (sample). */
    record Choice(AggressiveStrategy strategy, Slot slot, JsonNode option, long variant) {
        boolean removes() {
            return option == REMOVE;
        }
    }

    private final List<Entry> entries;
    private final long maxFinite;

    AggressivePlan(List<AggressiveStrategy> order, List<Slot> slots, GenContext ctx) {
        List<Slot> fields = new ArrayList<>(slots.subList(1, slots.size()));
        Slot root = slots.get(0);
        if (fields.isEmpty()) {
            fields.add(new Slot("/input", root, "input", List.of(), SchemaView.of(List.of(), List.of(), ctx), false));
        }
        List<Entry> built = new ArrayList<>();
        long finiteMax = 0;
        for (int i = 0; i < order.size(); i++) {
            Entry e = entry(order.get(i), i, root, slots, fields);
            if (e.capacity() > 0) {
                built.add(e);
                if (e.capacity() != UNBOUNDED) {
                    finiteMax = Math.max(finiteMax, e.capacity());
                }
            }
        }
        this.entries = built;
        this.maxFinite = finiteMax;
    }

    /** The choice for {@code runIndex} (non-negative). */
    Choice choose(long runIndex) {
        long r = runIndex;
        long cycle = 0;
        while (true) {
            List<Entry> active = new ArrayList<>();
            for (Entry e : entries) {
                if (e.capacity() > cycle) {
                    active.add(e);
                }
            }
            if (active.isEmpty()) {
                throw new IllegalStateException("no applicable aggressive strategy");
            }
            if (cycle >= maxFinite) {
                cycle += r / active.size();
                r %= active.size();
            }
            if (r < active.size()) {
                return pick(active.get((int) r), cycle);
            }
            r -= active.size();
            cycle++;
        }
    }

    private static Choice pick(Entry e, long variant) {
        if (e.options() == null) {
            Slot slot = e.targets().get((int) ((variant + e.position()) % e.targets().size()));
            return new Choice(e.strategy(), slot, null, variant);
        }
        long seen = 0;
        for (int opt = 0; ; opt++) {
            for (int t = 0; t < e.targets().size(); t++) {
                List<JsonNode> options = e.options().get(t);
                if (opt < options.size()) {
                    if (seen++ == variant) {
                        return new Choice(e.strategy(), e.targets().get(t), options.get(opt), variant);
                    }
                }
            }
        }
    }

    private static Entry entry(AggressiveStrategy s, int position, Slot root, List<Slot> slots, List<Slot> fields) {
        switch (s) {
            case TYPE_CONFUSION: return finite(s, position, slots, EdgeValues::typeConfusion);
            case NULL_VALUE: return finite(s, position, slots, EdgeValues::nulls);
            case EMPTY_VALUE: return finite(s, position, slots, EdgeValues::empty);
            case BOUNDARY: return finite(s, position, fields, EdgeValues::boundary);
            case MISSING_REQUIRED: return finite(s, position, fields,
                    slot -> slot.required() && slot.key() != null ? List.of(REMOVE) : List.of());
            case HUGE_NUMBER: return finite(s, position, numericOr(fields), slot -> EdgeValues.huge());
            case NEGATIVE_NUMBER: return finite(s, position, numericOr(fields), slot -> EdgeValues.negative());
            case NAN_LIKE: return finite(s, position, numericOr(fields), slot -> EdgeValues.nanLike());
            case EXTRA_PROPERTY: return unbounded(s, position, filter(slots, Slot::objectLike));
            case PROTOTYPE_POLLUTION:
                return unbounded(s, position, filter(slots, slot -> slot.objectLike() || !slot.isRoot() && slot.allows("string")));
            case LONG_VALUE: {
                List<Slot> longable = filter(fields, slot -> slot.allows("string") || slot.allows("array"));
                return unbounded(s, position, longable.isEmpty() ? fields : longable);
            }
            case ENUM_VIOLATION:
                return unbounded(s, position, filter(fields, slot -> slot.view().enumValues != null || slot.view().constValue != null));
            case FORMAT_VIOLATION: return unbounded(s, position, filter(fields, slot -> slot.view().format != null));
            case PATTERN_VIOLATION: return unbounded(s, position, filter(fields, slot -> !slot.view().patterns.isEmpty()));
            case DEEP_NESTING: return unbounded(s, position, fields);
            default: {
                List<Slot> textual = filter(fields, slot -> slot.allows("string"));
                return unbounded(s, position, textual.isEmpty() ? fields : textual);
            }
        }
    }

    private static Entry unbounded(AggressiveStrategy s, int position, List<Slot> targets) {
        return new Entry(s, position, targets, null, targets.isEmpty() ? 0 : UNBOUNDED);
    }

    private static Entry finite(AggressiveStrategy s, int position, List<Slot> candidates,
                                java.util.function.Function<Slot, List<JsonNode>> options) {
        List<Slot> targets = new ArrayList<>();
        List<List<JsonNode>> lists = new ArrayList<>();
        long capacity = 0;
        for (Slot slot : candidates) {
            List<JsonNode> list = options.apply(slot);
            if (!list.isEmpty()) {
                targets.add(slot);
                lists.add(list);
                capacity += list.size();
            }
        }
        return new Entry(s, position, targets, lists, capacity);
    }

    private static List<Slot> numericOr(List<Slot> fields) {
        List<Slot> numeric = filter(fields, Slot::numeric);
        return numeric.isEmpty() ? fields : numeric;
    }

    private static List<Slot> filter(List<Slot> slots, java.util.function.Predicate<Slot> keep) {
        List<Slot> out = new ArrayList<>();
        for (Slot slot : slots) {
            if (keep.test(slot)) {
                out.add(slot);
            }
        }
        return out;
    }
}
