package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Json;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Deduplicates findings into buckets by {@link Finding#id()}. Thread-safe.
 *
 * <p>Each bucket is represented by its <em>smallest</em> input (by serialized length, ties broken
 * by kind, target, run and input text), so the representative, the run lists and the snapshot order
 * depend only on which findings arrived, never on their order: the same campaign at any concurrency
 * gives the same snapshot. A root-cause bucket ({@link Finding#isRootCause()}) additionally lists
 * the targets it covers ({@value #MAX_COVERS_SHOWN} shown, in sorted order, each with its count and
 * smallest input and run) and their total; a silent-drop bucket counts drops per message kind.
 * Memory per bucket is bounded: at most {@value #MAX_TRACKED_TARGETS} targets and
 * {@value #MAX_RUNS_PER_BUCKET} run indexes are kept.
 */
public final class FindingCollector {
    /** Run indexes kept per bucket (the smallest ones). */
    public static final int MAX_RUNS_PER_BUCKET = 100;
    /** Targets listed in a root-cause finding's {@value Finding#COVERS}. */
    public static final int MAX_COVERS_SHOWN = 20;
    /** Distinct targets tracked per bucket; findings on further targets are counted, not listed. */
    public static final int MAX_TRACKED_TARGETS = 10_000;
    /** Kinds listed in a silent-drop finding's {@code dropped} counts. */
    public static final int MAX_DROPPED_KINDS = 100;
    /** Signature of a silently dropped request (see {@link Classifier}). */
    public static final String DROPPED_SIGNATURE = "dropped_request";

    private static final Comparator<Finding> SMALLEST = Comparator.comparingLong(FindingCollector::inputSize)
            .thenComparing(Finding::kind).thenComparing(Finding::target)
            .thenComparingInt(f -> f.run() == null ? Integer.MIN_VALUE : f.run())
            .thenComparing(FindingCollector::inputText);

    private static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity).reversed()
            .thenComparing(Finding::category).thenComparing(Finding::kind).thenComparing(Finding::target)
            .thenComparing(Finding::id);

    private static final class Covered {
        Finding smallest;
        int count;

        Covered(Finding smallest) {
            this.smallest = smallest;
        }
    }

    private static final class Bucket {
        Finding representative;
        int count;
        final TreeSet<Integer> runs = new TreeSet<>();
        final TreeMap<String, Covered> targets = new TreeMap<>();
        int untracked;

        Bucket(Finding first) {
            this.representative = first;
        }
    }

    private final Map<String, Bucket> buckets = new LinkedHashMap<>();

    /** Adds a finding; returns true when it opened a new bucket. */
    public synchronized boolean add(Finding finding) {
        Bucket bucket = buckets.get(finding.id());
        boolean fresh = bucket == null;
        if (fresh) {
            bucket = new Bucket(finding);
            buckets.put(finding.id(), bucket);
        } else if (SMALLEST.compare(finding, bucket.representative) < 0) {
            bucket.representative = finding;
        }
        bucket.count += finding.count();
        for (Integer run : finding.runs()) {
            bucket.runs.add(run);
            if (bucket.runs.size() > MAX_RUNS_PER_BUCKET) {
                bucket.runs.pollLast();
            }
        }
        String key = targetKey(finding);
        Covered covered = bucket.targets.get(key);
        if (covered == null && bucket.targets.size() >= MAX_TRACKED_TARGETS) {
            bucket.untracked += finding.count();
        } else if (covered == null) {
            covered = new Covered(finding);
            covered.count = finding.count();
            bucket.targets.put(key, covered);
        } else {
            covered.count += finding.count();
            if (SMALLEST.compare(finding, covered.smallest) < 0) {
                covered.smallest = finding;
            }
        }
        return fresh;
    }

    public synchronized int size() {
        return buckets.size();
    }

    /**
     * Snapshot of the buckets, most severe first, then by category, kind, target and id (an order
     * that does not depend on discovery order).
     */
    public synchronized List<Finding> snapshot() {
        List<Finding> out = new ArrayList<>();
        for (Bucket b : buckets.values()) {
            Finding f = b.representative.withBucket(b.count, new ArrayList<>(b.runs));
            out.add(f.isRootCause() ? merged(f, b) : f);
        }
        out.sort(ORDER);
        return out;
    }

    private static Finding merged(Finding f, Bucket b) {
        Map<String, Object> evidence = new LinkedHashMap<>(f.evidence());
        List<Map<String, Object>> covers = new ArrayList<>();
        for (Covered c : b.targets.values()) {
            if (covers.size() >= MAX_COVERS_SHOWN) {
                break;
            }
            covers.add(example(c));
        }
        int total = b.targets.size() + (b.untracked > 0 ? 1 : 0);
        evidence.put(Finding.COVERS, covers);
        evidence.put(Finding.COVERS_TOTAL, total);
        String detail = f.detail();
        if (DROPPED_SIGNATURE.equals(f.signature())) {
            Map<String, Integer> dropped = new TreeMap<>();
            for (Map.Entry<String, Covered> e : b.targets.entrySet()) {
                if (dropped.size() >= MAX_DROPPED_KINDS) {
                    break;
                }
                dropped.put(e.getKey(), e.getValue().count);
            }
            if (b.untracked > 0) {
                dropped.put("(more kinds)", b.untracked);
            }
            evidence.put("dropped", dropped);
            detail = b.count + " request(s) of " + total + " kind(s) silently dropped while pings were answered; "
                    + "smallest: " + f.detail();
        } else if (total > 1) {
            detail = f.detail() + " [one root cause: " + b.count + " run(s) on " + total + " targets]";
        }
        return f.withEvidence(detail, evidence);
    }

    private static Map<String, Object> example(Covered c) {
        Finding s = c.smallest;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", s.kind());
        m.put("target", s.target());
        m.put("count", c.count);
        m.put("run", s.run());
        if (s.evidence().get("strategy") != null) {
            m.put("strategy", s.evidence().get("strategy"));
        }
        Object input = s.evidence().get("input");
        Object raw = s.evidence().get("raw_input");
        if (raw != null) {
            m.put("raw_input", raw);
        } else if (input != null) {
            m.put("input", input);
        }
        return m;
    }

    /**
     * How a target is named in a merged finding: the method for protocol messages
     * ({@code tools/call}), {@code kind:target} otherwise ({@code frame:truncated}, {@code tool:search}).
     */
    public static String targetKey(Finding f) {
        return "protocol".equals(f.kind()) ? f.target() : f.kind() + ":" + f.target();
    }

    /**
     * Serialized size of the input that showed a finding ({@code input_bytes} when known, as a number
     * or a JSON number read back from a report), else the longer of its raw and parsed input.
     */
    public static long inputSize(Finding f) {
        Object bytes = f.evidence().get("input_bytes");
        if (bytes instanceof Number n && n.longValue() >= 0) {
            return n.longValue();
        }
        if (bytes instanceof JsonNode n && n.isIntegralNumber() && n.canConvertToLong() && n.longValue() >= 0) {
            return n.longValue();
        }
        return Math.max(inputLength(f.evidence().get("raw_input")), inputLength(f.evidence().get("input")));
    }

    /** The raw and parsed input as one text, to order findings of equal input size. */
    public static String inputText(Finding f) {
        Object raw = f.evidence().get("raw_input");
        Object input = f.evidence().get("input");
        return text(raw) + "\u0000" + text(input);
    }

    /** Length of an evidence value as text (a JSON string's own length; 0 for null). */
    public static long inputLength(Object value) {
        if (value instanceof JsonNode node) {
            return node.isString() ? node.asString().length() : node.isNull() ? 0 : Json.write(node).length();
        }
        return value == null ? 0 : value.toString().length();
    }

    private static String text(Object value) {
        if (value instanceof JsonNode node && !node.isString()) {
            return node.isNull() ? "null" : Json.write(node);
        }
        return value == null ? "" : value instanceof JsonNode node ? node.asString() : value.toString();
    }
}
