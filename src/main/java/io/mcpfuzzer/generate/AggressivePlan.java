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
    record Entry(AggressiveStrategy strategy, int position, List<Slot> targets, List<List<JsonNode>> options,
                 long capacity, List<int[]> pairs) {}

    /** A scheduled run: strategy, target slot and either a fixed option or null (sample). */
    record Choice(AggressiveStrategy strategy, Slot slot, JsonNode option, long variant) {
        boolean removes() {
            return option == REMOVE;
        }
    }

    private static final int MAX_FINITE = 4_096;
    private final List<Entry> entries;
    private final long[] cycleStarts;

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
        this.cycleStarts = cycleStarts(built, finiteMax);
    }

    /** The choice for {@code runIndex} (non-negative). O(log cycles). */
    Choice choose(long runIndex) {
        if (entries.isEmpty()) {
            throw new IllegalStateException("no applicable aggressive strategy");
        }
        int c = java.util.Arrays.binarySearch(cycleStarts, runIndex);
        int cycle = c >= 0 ? c : -c - 2;
        List<Entry> active = activeIn(cycle);
        long offset = runIndex - cycleStarts[cycle];
        long variant = cycle;
        if (cycle == cycleStarts.length - 1) {
            variant += offset / active.size();
            offset %= active.size();
        }
        return pick(active.get((int) offset), variant);
    }

    private List<Entry> activeIn(long cycle) {
        List<Entry> active = new ArrayList<>();
        for (Entry e : entries) {
            if (e.capacity() > cycle) {
                active.add(e);
            }
        }
        return active;
    }

    /** Start run index of each cycle up to the last cycle that still has a finite strategy. */
    private static long[] cycleStarts(List<Entry> entries, long maxFinite) {
        long[] starts = new long[(int) maxFinite + 1];
        long at = 0;
        for (int c = 0; c < starts.length; c++) {
            starts[c] = at;
            for (Entry e : entries) {
                if (e.capacity() > c) {
                    at++;
                }
            }
        }
        return starts;
    }

    private static Choice pick(Entry e, long variant) {
        if (e.options() == null) {
            Slot slot = e.targets().get((int) ((variant + e.position()) % e.targets().size()));
            return new Choice(e.strategy(), slot, null, variant);
        }
        int[] pair = e.pairs().get((int) variant);
        return new Choice(e.strategy(), e.targets().get(pair[0]), e.options().get(pair[0]).get(pair[1]), variant);
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
        return new Entry(s, position, targets, null, targets.isEmpty() ? 0 : UNBOUNDED, List.of());
    }

    private static Entry finite(AggressiveStrategy s, int position, List<Slot> candidates,
                                java.util.function.Function<Slot, List<JsonNode>> options) {
        List<Slot> targets = new ArrayList<>();
        List<List<JsonNode>> lists = new ArrayList<>();
        for (Slot slot : candidates) {
            List<JsonNode> list = options.apply(slot);
            if (!list.isEmpty()) {
                targets.add(slot);
                lists.add(list);
            }
        }
        // option-major order: option 0 of every target, then option 1, ... (capped)
        List<int[]> pairs = new ArrayList<>();
        for (int opt = 0; pairs.size() < MAX_FINITE; opt++) {
            boolean any = false;
            for (int t = 0; t < lists.size() && pairs.size() < MAX_FINITE; t++) {
                if (opt < lists.get(t).size()) {
                    pairs.add(new int[] {t, opt});
                    any = true;
                }
            }
            if (!any) {
                break;
            }
        }
        return new Entry(s, position, targets, lists, pairs.size(), List.copyOf(pairs));
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
