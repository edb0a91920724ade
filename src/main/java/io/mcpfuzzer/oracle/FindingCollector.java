package io.mcpfuzzer.oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deduplicates findings into buckets by {@link Finding#id()}: the first finding of a bucket keeps
 * its evidence; later ones add to the count and the (capped) run list. Thread-safe.
 */
public final class FindingCollector {
    /** Run indexes kept per bucket. */
    public static final int MAX_RUNS_PER_BUCKET = 100;

    private static final class Bucket {
        final Finding first;
        int count;
        final List<Integer> runs = new ArrayList<>();

        Bucket(Finding first) {
            this.first = first;
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
        }
        bucket.count += finding.count();
        for (Integer run : finding.runs()) {
            if (bucket.runs.size() < MAX_RUNS_PER_BUCKET && !bucket.runs.contains(run)) {
                bucket.runs.add(run);
            }
        }
        return fresh;
    }

    public synchronized int size() {
        return buckets.size();
    }

    /** Snapshot of the buckets, most severe first, then in discovery order. */
    public synchronized List<Finding> snapshot() {
        List<Finding> out = new ArrayList<>();
        for (Bucket b : buckets.values()) {
            out.add(b.first.withBucket(b.count, b.runs));
        }
        out.sort(Comparator.comparing(Finding::severity).reversed());
        return out;
    }
}
