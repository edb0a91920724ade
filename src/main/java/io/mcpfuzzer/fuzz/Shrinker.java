package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Minimises the input of a tool finding while the same finding (same id: category, kind, target
 * and signature) still comes out: greedy delta debugging on the JSON tree. Candidates, biggest
 * cut first: drop halves, then quarters... then single keys of an object or items of an array;
 * replace a value by its type's simplest form ({@code ""}, {@code 0}, {@code false}, {@code {}},
 * {@code []}); shorten a string to its first half; bring a number halfway toward 0. The first
 * candidate that still shows the finding becomes the current input and the search starts over.
 * Deterministic for a deterministic server.
 *
 * <p>Every candidate is sent through a {@link RunEngine} (so through the session's safety choke
 * point: a blocked candidate is never written and does not hold) with its own, silent observer:
 * shrinking runs are not campaign runs. Bounded by {@code maxSends} per bucket and by a time budget
 * (a hang costs its full deadline per try; a hang whose deadline does not fit twice in the budget
 * is not shrunk). Not thread-safe: run it from the campaign thread once the tool phase is over.
 */
public final class Shrinker {
    /**
     * Categories whose bucket is shrunk: the classifier's verdicts that depend on one input. The
     * security audit's injection verdicts are not: they are judged by the audit's inspector, which
     * the shrinking engine does not run (its probes have side effects and findings of their own).
     */
    public static final Set<String> CATEGORIES = Set.of("crash", "hang", "internal_error", "error_leakage");
    /** Evidence key of the shrunk input. */
    public static final String MINIMAL_INPUT = "minimal_input";
    /** Evidence key: number of re-sends the shrinking took. */
    public static final String SHRINK_SENDS = "shrink_sends";
    private static final int MAX_CANDIDATES = 400;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final RunEngine engine;
    private final int maxSends;
    private final Duration budget;
    private final Map<String, Map<String, Object>> shrunk = new LinkedHashMap<>();

    /**
     * @param engine   the engine the candidates are run with (a separate one, over the campaign's supervisor)
     * @param maxSends most re-sends per bucket (at least 1)
     * @param budget   most time spent on one bucket
     */
    public Shrinker(RunEngine engine, int maxSends, Duration budget) {
        this.engine = engine;
        this.maxSends = Math.max(1, maxSends);
        this.budget = budget;
    }

    /** Shrinks every not yet shrunk tool finding of a {@link #CATEGORIES} category. */
    public void shrinkAll(List<Finding> findings) throws Supervisor.BlockedException {
        for (Finding f : findings) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            if (!"tool".equals(f.kind()) || !CATEGORIES.contains(f.category()) || shrunk.containsKey(f.id())
                    || !(f.evidence().get("input") instanceof JsonNode input)) {
                continue;
            }
            int sends = sendsAllowed(f);
            if (sends < 1) {
                continue;
            }
            int[] used = {0};
            JsonNode minimal = shrink(f, input, sends, used);
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put(MINIMAL_INPUT, minimal);
            extra.put(SHRINK_SENDS, used[0]);
            shrunk.put(f.id(), extra);
        }
    }

    /** The findings with {@code minimal_input} (and {@code shrink_sends}) added to the shrunk ones. */
    public List<Finding> apply(List<Finding> findings) {
        List<Finding> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            Map<String, Object> extra = shrunk.get(f.id());
            if (extra == null) {
                out.add(f);
            } else {
                Map<String, Object> ev = new LinkedHashMap<>(f.evidence());
                ev.putAll(extra);
                out.add(f.withEvidence(f.detail(), ev));
            }
        }
        return out;
    }

    private int sendsAllowed(Finding f) {
        if (!"hang".equals(f.category())) {
            return maxSends;
        }
        long perTry = engine.timeout().plusSeconds(5).toMillis();
        long fits = budget.toMillis() / Math.max(1, perTry);
        return fits < 2 ? 0 : (int) Math.min(maxSends, fits);
    }

    private JsonNode shrink(Finding f, JsonNode input, int sends, int[] used) throws Supervisor.BlockedException {
        long deadline = System.nanoTime() + budget.toNanos();
        JsonNode current = input;
        Set<String> tried = new HashSet<>();
        tried.add(current.toString());
        boolean progress = true;
        while (progress && used[0] < sends && System.nanoTime() < deadline) {
            progress = false;
            for (JsonNode candidate : candidates(current)) {
                if (used[0] >= sends || System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
                    break;
                }
                if (!tried.add(candidate.toString())) {
                    continue;
                }
                used[0]++;
                if (holds(f, candidate)) {
                    current = candidate;
                    progress = true;
                    break;
                }
            }
        }
        return current;
    }

    private boolean holds(Finding f, JsonNode candidate) throws Supervisor.BlockedException {
        String name = f.target();
        Verdict v = engine.execute(new RunEngine.Call("tool", name, f.run() == null ? 0 : f.run(), "shrink",
                candidate, null, null, "shrink", session -> session.callTool(name, candidate, engine.timeout())));
        return v.findings().stream().anyMatch(g -> g.id().equals(f.id()));
    }

    /** Simpler variants of {@code node}, biggest simplification first (bounded). */
    static List<JsonNode> candidates(JsonNode node) {
        List<JsonNode> out = new ArrayList<>();
        collect(node, n -> n, out);
        return out.size() > MAX_CANDIDATES ? out.subList(0, MAX_CANDIDATES) : out;
    }

    /** Rebuilds the whole tree with one sub-node replaced. */
    private interface Rebuild {
        JsonNode with(JsonNode replacement);
    }

    private static void collect(JsonNode node, Rebuild root, List<JsonNode> out) {
        if (out.size() >= MAX_CANDIDATES) {
            return;
        }
        JsonNode simplest = simplest(node);
        if (simplest != null && !simplest.equals(node)) {
            out.add(root.with(simplest));
        }
        if (node.isObject()) {
            List<String> keys = new ArrayList<>(node.propertyNames());
            for (List<Integer> drop : chunks(keys.size())) {
                ObjectNode copy = ((ObjectNode) node).deepCopy();
                drop.forEach(i -> copy.remove(keys.get(i)));
                out.add(root.with(copy));
            }
            for (String key : keys) {
                collect(node.get(key), r -> {
                    ObjectNode copy = ((ObjectNode) node).deepCopy();
                    copy.set(key, r);
                    return root.with(copy);
                }, out);
            }
        } else if (node.isArray()) {
            for (List<Integer> drop : chunks(node.size())) {
                ArrayNode copy = NODES.arrayNode();
                for (int i = 0; i < node.size(); i++) {
                    if (!drop.contains(i)) {
                        copy.add(node.get(i).deepCopy());
                    }
                }
                out.add(root.with(copy));
            }
            for (int i = 0; i < node.size(); i++) {
                int index = i;
                collect(node.get(i), r -> {
                    ArrayNode copy = ((ArrayNode) node).deepCopy();
                    copy.set(index, r);
                    return root.with(copy);
                }, out);
            }
        } else if (node.isString() && node.asString().length() > 1) {
            String s = node.asString();
            out.add(root.with(NODES.stringNode(s.substring(0, s.length() / 2))));
            out.add(root.with(NODES.stringNode(s.substring(0, s.length() - 1))));
        } else if (node.isIntegralNumber() && node.bigIntegerValue().abs().compareTo(java.math.BigInteger.ONE) > 0) {
            out.add(root.with(integer(node.bigIntegerValue().divide(java.math.BigInteger.TWO))));
        } else if (node.isNumber() && !node.isIntegralNumber()) {
            double d = node.asDouble();
            if (Double.isFinite(d) && d != Math.rint(d)) {
                out.add(root.with(NODES.numberNode((long) d)));
            }
        }
    }

    /** Index sets to drop: halves, quarters, ... then single items (ddmin complements), largest first. */
    private static List<List<Integer>> chunks(int size) {
        List<List<Integer>> out = new ArrayList<>();
        if (size == 0) {
            return out;
        }
        for (int parts = 2; parts <= size; parts *= 2) {
            int step = (size + parts - 1) / parts;
            for (int start = 0; start < size; start += step) {
                List<Integer> chunk = new ArrayList<>();
                for (int i = start; i < Math.min(size, start + step); i++) {
                    chunk.add(i);
                }
                if (chunk.size() > 1 && chunk.size() < size) {
                    out.add(chunk);
                }
            }
        }
        for (int i = 0; i < size; i++) {
            out.add(List.of(i));
        }
        return out;
    }

    /** An integer as the narrowest node type (as a parser would read its text back). */
    private static JsonNode integer(java.math.BigInteger value) {
        if (value.bitLength() < 32) {
            return NODES.numberNode(value.intValue());
        }
        return value.bitLength() < 64 ? NODES.numberNode(value.longValue()) : NODES.numberNode(value);
    }

    /** The simplest value of the node's type, or null for null. */
    private static JsonNode simplest(JsonNode node) {
        if (node.isObject()) {
            return NODES.objectNode();
        } else if (node.isArray()) {
            return NODES.arrayNode();
        } else if (node.isString()) {
            return NODES.stringNode("");
        } else if (node.isNumber()) {
            return NODES.numberNode(0);
        } else if (node.isBoolean()) {
            return NODES.booleanNode(false);
        }
        return null;
    }
}
