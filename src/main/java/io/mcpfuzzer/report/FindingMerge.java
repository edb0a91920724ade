package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.FindingCollector;
import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Merges the findings of several shard reports ({@code findings.json}) by fingerprint: counts are
 * summed, run lists unioned (the smallest {@value #MAX_RUNS} kept), the representative is the
 * smallest input (by serialized size, then kind, target, run and input text, as the collector
 * chooses within one run), and a root-cause finding's covered targets are unioned with their counts
 * summed ({@code covers_total} is the union's size, or a shard's own total when that is larger,
 * since each shard lists at most {@value #MAX_COVERS} targets). The result depends only on the set
 * of findings given, never on their order. Stateless.
 */
final class FindingMerge {
    static final int MAX_RUNS = 100;
    static final int MAX_COVERS = 20;
    static final int MAX_DROPPED_KINDS = 100;
    private static final String DROPPED_SIGNATURE = "dropped_request";
    private static final Pattern ROOT_CAUSE_SUFFIX = Pattern.compile(" \\[one root cause: \\d+ run\\(s\\) on \\d+ targets]$");
    private static final String SMALLEST = "; smallest: ";

    private static final Comparator<Finding> SMALLEST_FIRST = Comparator.comparingLong(FindingMerge::inputSize)
            .thenComparing(Finding::kind).thenComparing(Finding::target)
            .thenComparingInt(f -> f.run() == null ? Integer.MIN_VALUE : f.run())
            .thenComparing(FindingMerge::inputText).thenComparing(Finding::detail);

    private FindingMerge() {}

    /** Reads one finding of a {@code findings.json} document. */
    static Finding read(JsonNode node) {
        Map<String, Object> evidence = new LinkedHashMap<>();
        JsonNode ev = node.path("evidence");
        if (ev.isObject()) {
            for (String key : ev.propertyNames()) {
                evidence.put(key, ev.get(key));
            }
        }
        List<Integer> runs = new ArrayList<>();
        node.path("runs").forEach(r -> runs.add(r.asInt()));
        JsonNode run = node.get("run");
        return new Finding(node.path("id").asString(), node.path("category").asString(),
                Severity.parse(node.path("severity").asString("info")), node.path("kind").asString(""),
                node.path("target").asString(""), run == null || run.isNull() ? null : run.asInt(),
                node.path("detail").asString(""), evidence, node.path("signature").asString(""),
                node.path("count").asInt(1), runs, text(node.get("check_id")), text(node.get("owasp")));
    }

    /** Merges findings that share an id; the result is in no particular order (the report sorts). */
    static List<Finding> merge(List<Finding> all) {
        Map<String, List<Finding>> byId = new TreeMap<>();
        all.forEach(f -> byId.computeIfAbsent(f.id(), k -> new ArrayList<>()).add(f));
        List<Finding> out = new ArrayList<>();
        byId.values().forEach(group -> out.add(group.size() == 1 ? group.get(0) : bucket(group)));
        return out;
    }

    private static Finding bucket(List<Finding> group) {
        Finding rep = group.stream().min(SMALLEST_FIRST).orElseThrow();
        int count = 0;
        TreeSet<Integer> runs = new TreeSet<>();
        for (Finding f : group) {
            count += f.count();
            runs.addAll(f.runs());
        }
        while (runs.size() > MAX_RUNS) {
            runs.pollLast();
        }
        Finding merged = rep.withBucket(count, new ArrayList<>(runs));
        if (!rep.evidence().containsKey(Finding.COVERS)) {
            return merged;
        }
        Map<String, Object> evidence = new LinkedHashMap<>(rep.evidence());
        Map<String, ObjectNode> covers = new TreeMap<>();
        long total = 0;
        for (Finding f : group) {
            Object listed = f.evidence().get(Finding.COVERS);
            if (listed instanceof JsonNode array && array.isArray()) {
                array.forEach(c -> cover(covers, c));
            }
            Object t = f.evidence().get(Finding.COVERS_TOTAL);
            if (t instanceof JsonNode n && n.isNumber()) {
                total = Math.max(total, n.asLong());
            }
        }
        total = Math.max(total, covers.size());
        evidence.put(Finding.COVERS, new ArrayList<>(covers.values()).subList(0, Math.min(MAX_COVERS, covers.size())));
        evidence.put(Finding.COVERS_TOTAL, total);
        String detail = ROOT_CAUSE_SUFFIX.matcher(rep.detail()).replaceFirst("");
        if (DROPPED_SIGNATURE.equals(rep.signature())) {
            Map<String, Long> dropped = new TreeMap<>();
            for (Finding f : group) {
                Object d = f.evidence().get("dropped");
                if (d instanceof JsonNode map && map.isObject()) {
                    map.propertyNames().forEach(k -> dropped.merge(k, map.get(k).asLong(), Long::sum));
                }
            }
            while (dropped.size() > MAX_DROPPED_KINDS) {
                dropped.remove(((TreeMap<String, Long>) dropped).lastKey());
            }
            evidence.put("dropped", dropped);
            int at = detail.indexOf(SMALLEST);
            detail = count + " request(s) of " + total + " kind(s) silently dropped while pings were answered; "
                    + "smallest: " + (at < 0 ? detail : detail.substring(at + SMALLEST.length()));
        } else if (total > 1) {
            detail = detail + " [one root cause: " + count + " run(s) on " + total + " targets]";
        }
        return merged.withEvidence(detail, evidence);
    }

    /** Adds one covered-target example, summing counts and keeping the smaller example. */
    private static void cover(Map<String, ObjectNode> covers, JsonNode c) {
        if (!c.isObject()) {
            return;
        }
        String kind = c.path("kind").asString("");
        String key = "protocol".equals(kind) ? c.path("target").asString("") : kind + ":" + c.path("target").asString("");
        ObjectNode seen = covers.get(key);
        if (seen == null) {
            covers.put(key, ((ObjectNode) c).deepCopy());
            return;
        }
        long sum = seen.path("count").asLong() + c.path("count").asLong();
        ObjectNode keep = exampleOrder(c, seen) < 0 ? ((ObjectNode) c).deepCopy() : seen;
        keep.put("count", sum);
        covers.put(key, keep);
    }

    private static int exampleOrder(JsonNode a, JsonNode b) {
        int bySize = Long.compare(exampleSize(a), exampleSize(b));
        if (bySize != 0) {
            return bySize;
        }
        int byRun = Long.compare(a.path("run").asLong(Long.MIN_VALUE), b.path("run").asLong(Long.MIN_VALUE));
        return byRun != 0 ? byRun : a.toString().compareTo(b.toString());
    }

    private static long exampleSize(JsonNode c) {
        return Math.max(length(c.get("raw_input")), length(c.get("input")));
    }

    private static long inputSize(Finding f) {
        return FindingCollector.inputSize(f);
    }

    private static String inputText(Finding f) {
        return FindingCollector.inputText(f);
    }

    private static long length(Object value) {
        return FindingCollector.inputLength(value);
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asString();
    }
}
