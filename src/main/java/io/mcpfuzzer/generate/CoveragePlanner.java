package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The coverage pass's inputs for one tool: for every location of its input schema (the
 * {@link SlotFinder} slots: the root, each declared property down to three levels, the first item
 * of each array) every edge class its schema implies ({@link CoverageClasses}), plus each required
 * property left out; then, for every top-level property that is a nested object, pairwise
 * combinations of its leaves' first {@value #PAIR_VALUES} classes ({@link PairCover}), so that every
 * pair of those values across two leaves occurs at least once. Each case starts from the tool's
 * realistic base input and changes only its own locations, so everything else stays valid.
 *
 * <p>Budget: single-location cases come first, taken round-robin over the locations (each location's
 * most telling class before any location's second), then the pairwise cases; everything after the
 * first {@code budget} cases is cut, and the cut is counted in {@link CoveragePlan#total()}.
 *
 * <p>Deterministic: the plan depends only on the seed, the tool name, the schema and the base.
 * Thread-safe (no mutable state; the validator is thread-safe).
 */
public final class CoveragePlanner {
    /** A sensible per-tool budget (the CLI's default {@code --coverage-budget}). */
    public static final int DEFAULT_BUDGET = 64;
    /** Classes of each leaf combined pairwise. */
    static final int PAIR_VALUES = 4;
    /** Leaves of one nested object combined pairwise (the first ones in schema order). */
    static final int MAX_PAIR_LEAVES = 8;
    private static final int SHORT_VALUE = 16;

    private final long seed;
    private final GenerationLimits limits;
    private final SchemaValidator validator;

    /**
     * @param seed      the campaign seed
     * @param limits    per-value generation caps (for fill values)
     * @param validator shared validator
     */
    public CoveragePlanner(long seed, GenerationLimits limits, SchemaValidator validator) {
        this.seed = seed;
        this.limits = Objects.requireNonNull(limits, "limits");
        this.validator = Objects.requireNonNull(validator, "validator");
    }

    /** A planner with default limits and its own validator. */
    public CoveragePlanner(long seed) {
        this(seed, GenerationLimits.defaults(), new SchemaValidator(GenerationLimits.defaults().regexMatchSteps()));
    }

    /**
     * The coverage cases of one tool.
     *
     * @param toolName    the tool's name (part of the seed derivation); not null
     * @param inputSchema the tool's {@code inputSchema}; null or missing means {@code {"type":"object"}}
     * @param base        a realistic (ideally valid) input to vary; null or a non-object means one is generated
     * @param budget      most cases kept; 0 or less keeps none
     */
    public CoveragePlan plan(String toolName, JsonNode inputSchema, JsonNode base, int budget) {
        Objects.requireNonNull(toolName, "toolName");
        JsonNode schema = inputSchema == null || inputSchema.isMissingNode() || inputSchema.isNull()
                ? JsonNodeFactory.instance.objectNode().put("type", "object") : inputSchema;
        JsonNode start = base != null && base.isObject() ? base
                : new SchemaGenerator(limits).realisticObject(schema, random(toolName, "base"), toolName).value();
        List<Slot> slots = SlotFinder.find(schema, context(schema, toolName, "slots"));
        List<Planned> singles = singles(schema, toolName, slots, start);
        List<Planned> pairs = pairs(schema, toolName, slots, start);
        List<Planned> all = new ArrayList<>(singles);
        all.addAll(pairs);
        int keep = Math.max(0, Math.min(budget, all.size()));
        List<CoverageCase> cases = new ArrayList<>(keep);
        TreeSet<String> classes = new TreeSet<>();
        int keptPairs = 0;
        for (Planned p : all.subList(0, keep)) {
            JsonNode value = apply(schema, toolName, start, p);
            cases.add(new CoverageCase(value, p.strategy(), p.edgeClass(), validator.validate(schema, value).verdict()));
            classes.add(p.edgeClass());
            keptPairs += p.edgeClass().equals(CoverageCase.PAIR) ? 1 : 0;
        }
        return new CoveragePlan(cases, all.size(), new ArrayList<>(classes), keptPairs);
    }

    /** One planned case: the locations it sets (null value = leave out) and how it is named. */
    private record Planned(List<Slot> slots, List<JsonNode> values, String strategy, String edgeClass) {}

    private List<Planned> singles(JsonNode schema, String tool, List<Slot> slots, JsonNode base) {
        List<List<Planned>> perSlot = new ArrayList<>();
        for (Slot slot : slots) {
            List<Planned> own = new ArrayList<>();
            Paths paths = new Paths(new ValueGenerator(context(schema, tool, "read")));
            ValueGenerator generator = new ValueGenerator(context(schema, tool, "classes" + slot.pointer()));
            for (EdgeClass c : CoverageClasses.of(slot, paths.get(base, slot), generator)) {
                own.add(single(slot, c.value(), c.name()));
            }
            for (Slot child : slots) {
                if (child.parent() == slot && child.required() && !child.isItem()) {
                    own.add(single(child, null, "object.missing_required"));
                }
            }
            perSlot.add(own);
        }
        List<Planned> out = new ArrayList<>();
        for (int round = 0; ; round++) {
            boolean any = false;
            for (List<Planned> own : perSlot) {
                if (round < own.size()) {
                    out.add(own.get(round));
                    any = true;
                }
            }
            if (!any) {
                return out;
            }
        }
    }

    private static Planned single(Slot slot, JsonNode value, String name) {
        String strategy = slot.pointer().isEmpty() ? name : name + "@" + slot.pointer();
        List<JsonNode> values = new ArrayList<>();
        values.add(value);
        return new Planned(List.of(slot), values, strategy, name);
    }

    private List<Planned> pairs(JsonNode schema, String tool, List<Slot> slots, JsonNode base) {
        List<Planned> out = new ArrayList<>();
        for (Slot top : slots) {
            if (top.parent() == null || !top.parent().isRoot() || !top.objectLike()) {
                continue;
            }
            List<Slot> leaves = new ArrayList<>();
            List<List<EdgeClass>> values = new ArrayList<>();
            Paths paths = new Paths(new ValueGenerator(context(schema, tool, "read")));
            for (Slot s : slots) {
                if (leaves.size() < MAX_PAIR_LEAVES && s.pointer().startsWith(top.pointer() + "/") && isLeaf(s)) {
                    ValueGenerator generator = new ValueGenerator(context(schema, tool, "pair" + s.pointer()));
                    List<EdgeClass> classes = new ArrayList<>(CoverageClasses.of(s, paths.get(base, s), generator));
                    classes.removeIf(c -> c.value() == null || c.value().isNull());
                    if (!classes.isEmpty()) {
                        leaves.add(s);
                        values.add(classes.subList(0, Math.min(PAIR_VALUES, classes.size())));
                    }
                }
            }
            int[] sizes = values.stream().mapToInt(List::size).toArray();
            for (int[] row : PairCover.rows(sizes)) {
                List<JsonNode> chosen = new ArrayList<>();
                StringBuilder label = new StringBuilder("pair(");
                for (int i = 0; i < row.length; i++) {
                    EdgeClass c = values.get(i).get(row[i]);
                    chosen.add(c.value());
                    label.append(i == 0 ? "" : ",").append(leaves.get(i).pointer()).append('=').append(shortText(c));
                }
                out.add(new Planned(List.copyOf(leaves), chosen, label.append(')').toString(), CoverageCase.PAIR));
            }
        }
        return out;
    }

    /** A location holding a scalar (or an enum): what pairs combine. */
    private static boolean isLeaf(Slot s) {
        SchemaView v = s.view();
        if (v.enumValues != null || v.constValue != null) {
            return true;
        }
        return v.types != null && !v.types.contains("object") && !v.types.contains("array")
                && (v.types.contains("boolean") || v.types.contains("integer") || v.types.contains("number")
                        || v.types.contains("string"));
    }

    /** The value's JSON text when it is a short scalar ({@code true}, {@code -1}), else the class name. */
    private static String shortText(EdgeClass c) {
        JsonNode v = c.value();
        if (v.isBoolean() || v.isNumber()) {
            String text = v.toString();
            if (text.length() <= SHORT_VALUE) {
                return text;
            }
        }
        return c.name();
    }

    private JsonNode apply(JsonNode schema, String tool, JsonNode base, Planned p) {
        Paths paths = new Paths(new ValueGenerator(context(schema, tool, "apply", p.strategy())));
        JsonNode root = base.deepCopy();
        for (int i = 0; i < p.slots().size(); i++) {
            JsonNode value = p.values().get(i);
            root = paths.set(root, p.slots().get(i), value == null ? null : value.deepCopy());
        }
        return root == null ? JsonNodeFactory.instance.objectNode() : root;
    }

    private GenContext context(JsonNode schema, String tool, String... parts) {
        return new GenContext(schema, random(tool, parts), limits);
    }

    private SplittableRandom random(String tool, String... parts) {
        String[] all = new String[parts.length + 2];
        all[0] = tool;
        all[1] = "coverage";
        System.arraycopy(parts, 0, all, 2, parts.length);
        return new SplittableRandom(Seeds.derive(seed, all));
    }
}
