package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.Reply;
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
 * <p>Security-audit findings of an {@link #AUDIT_CATEGORIES} category are shrunk too once an
 * {@link AuditJudge} is set: a candidate holds when the audit's own per-answer checks, run on the
 * candidate's answer, give the same finding again. The payload arguments ({@link AuditJudge.Origin#payloadKeys})
 * are never changed or dropped (the computed marker or canary path must still prove the effect); only
 * the other arguments are.
 *
 * <p>Every candidate is sent through a {@link RunEngine} (so through the session's safety choke
 * point: a blocked candidate is never written and does not hold) with its own, silent observer:
 * shrinking runs are not campaign runs. Bounded by {@code maxSends} per bucket and by a time budget
 * (a hang costs its full deadline per try; a hang whose deadline does not fit twice in the budget
 * is not shrunk). Not thread-safe: run it from the campaign thread once the tool phase is over.
 */
public final class Shrinker {
    /**
     * Categories of tool findings whose bucket is shrunk: the classifier's verdicts that depend on one
     * input (the shrinking engine's classifier judges the candidates).
     */
    public static final Set<String> CATEGORIES = Set.of("crash", "hang", "internal_error", "error_leakage");
    /** Categories of security-audit findings shrunk when an {@link AuditJudge} is set (see the class comment). */
    public static final Set<String> AUDIT_CATEGORIES = Set.of("command_injection", "path_traversal", "sql_injection");
    /** Evidence key of the shrunk input. */
    public static final String MINIMAL_INPUT = "minimal_input";
    /** Evidence key: number of re-sends the shrinking took. */
    public static final String SHRINK_SENDS = "shrink_sends";
    /**
     * Evidence key, present only when the time budget ended the minimisation before it was done: its
     * value says so, and the minimal input may then still hold arguments the finding does not need.
     */
    public static final String SHRINK_CUT = "shrink_cut";
    private static final int MAX_CANDIDATES = 400;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final RunEngine engine;
    private final int maxSends;
    private final Duration budget;
    private final Map<String, Map<String, Object>> shrunk = new LinkedHashMap<>();
    private AuditJudge audit;

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

    /**
     * Lets audit findings of an {@link #AUDIT_CATEGORIES} category be shrunk, judged by {@code judge}.
     * Returns this.
     */
    Shrinker audit(AuditJudge judge) {
        this.audit = judge;
        return this;
    }

    /**
     * Shrinks every not yet shrunk tool finding of a {@link #CATEGORIES} category, and (with an
     * {@link AuditJudge}) every audit finding of an {@link #AUDIT_CATEGORIES} category with a known origin.
     */
    public void shrinkAll(List<Finding> findings) throws Supervisor.BlockedException {
        for (Finding f : findings) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            if (shrunk.containsKey(f.id())) {
                continue;
            }
            Subject subject = subject(f);
            if (subject == null) {
                continue;
            }
            int sends = sendsAllowed(f);
            if (sends < 1) {
                continue;
            }
            int[] used = {0};
            boolean[] cut = {false};
            JsonNode minimal = shrink(subject, sends, used, cut);
            Map<String, Object> extra = new LinkedHashMap<>();
            if (!f.evidence().containsKey("input")) {
                extra.put("input", subject.input());
            }
            extra.put(MINIMAL_INPUT, minimal);
            extra.put(SHRINK_SENDS, used[0]);
            if (cut[0]) {
                extra.put(SHRINK_CUT, "time budget of " + budget.toMillis() + " ms spent before the input was minimal");
            }
            shrunk.put(f.id(), extra);
        }
    }

    /** Whether a candidate still shows the finding. */
    private interface Holds {
        boolean test(JsonNode candidate) throws Supervisor.BlockedException;
    }

    /** What is shrunk: the input, the top-level keys kept as they are, and the predicate. */
    private record Subject(JsonNode input, Set<String> pinned, Holds holds) {}

    private Subject subject(Finding f) {
        if ("tool".equals(f.kind()) && CATEGORIES.contains(f.category())
                && f.evidence().get("input") instanceof JsonNode input) {
            return new Subject(input, Set.of(), c -> holds(f, c));
        }
        if (audit == null || !"audit".equals(f.kind()) || !AUDIT_CATEGORIES.contains(f.category())) {
            return null;
        }
        AuditJudge.Origin origin = audit.origin(f);
        if (origin == null || !origin.input().isObject() || origin.payloadKeys().isEmpty()) {
            return null;
        }
        return new Subject(origin.input(), origin.payloadKeys(), c -> holdsAudit(f, origin, c));
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

    private JsonNode shrink(Subject subject, int sends, int[] used, boolean[] cut)
            throws Supervisor.BlockedException {
        long deadline = System.nanoTime() + budget.toNanos();
        JsonNode current = subject.input();
        Set<String> tried = new HashSet<>();
        tried.add(current.toString());
        boolean progress = true;
        while (progress && used[0] < sends && !cut[0]) {
            progress = false;
            for (JsonNode candidate : candidates(current, subject.pinned())) {
                if (used[0] >= sends || Thread.currentThread().isInterrupted()) {
                    break;
                }
                if (!tried.add(candidate.toString())) {
                    continue;
                }
                if (System.nanoTime() >= deadline) {
                    cut[0] = true;
                    break;
                }
                used[0]++;
                if (subject.holds().test(candidate)) {
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

    /** The audit's checks on the candidate's answer give the same finding (a blocked candidate never holds). */
    private boolean holdsAudit(Finding f, AuditJudge.Origin origin, JsonNode candidate)
            throws Supervisor.BlockedException {
        String name = f.target();
        Reply[] got = {null};
        RunEngine.Call call = new RunEngine.Call("tool", name, f.run() == null ? 0 : f.run(), "shrink", candidate,
                null, null, origin.strategy(), session -> {
                    Reply r = session.callTool(name, candidate, engine.timeout());
                    got[0] = r;
                    return r;
                });
        engine.execute(call);
        Reply reply = got[0];
        if (reply == null || reply.safetyBlocked() || !reply.answered()) {
            return false;
        }
        JsonNode sent = SentCall.asSent(call, reply).input();
        return audit.judge(name, origin.strategy(), sent, reply).stream().anyMatch(g -> g.id().equals(f.id()));
    }

    /**
     * Candidates that leave the {@code pinned} top-level keys of an object as they are: the variants
     * of the other keys, each put back together with the pinned ones in the original key order.
     */
    static List<JsonNode> candidates(JsonNode node, Set<String> pinned) {
        if (pinned.isEmpty() || !node.isObject()) {
            return candidates(node);
        }
        ObjectNode rest = ((ObjectNode) node).deepCopy();
        pinned.forEach(rest::remove);
        List<JsonNode> out = new ArrayList<>();
        if (rest.isEmpty()) {
            return out;
        }
        for (JsonNode variant : candidates(rest)) {
            ObjectNode merged = NODES.objectNode();
            for (String key : node.propertyNames()) {
                if (pinned.contains(key)) {
                    merged.set(key, node.get(key).deepCopy());
                } else if (variant.has(key)) {
                    merged.set(key, variant.get(key));
                }
            }
            out.add(merged);
        }
        return out;
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
            double d = node.asDouble(Double.NaN); // NaN beyond the double range (asDouble() throws there)
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
