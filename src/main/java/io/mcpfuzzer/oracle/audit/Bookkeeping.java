package io.mcpfuzzer.oracle.audit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The files a server changes on every request whatever it is asked (its own logs, request counters,
 * caches of its listing): learned from snapshots taken around harmless baseline requests (listings and
 * calls of a tool that does not exist), they are the server's bookkeeping, not a state change a tool
 * caused, and the annotation checks leave them out. A path changed in at least {@value #MIN_STEPS}
 * baseline steps is bookkeeping (one change may be a one-off start-up write). Pure; thread-safe.
 */
public final class Bookkeeping {
    /** Baseline steps in which a path must change to count as bookkeeping. */
    public static final int MIN_STEPS = 2;

    private Bookkeeping() {}

    /**
     * @param snapshots snapshots in order, one before the first baseline request and one after each
     *                  (fewer than three yields nothing); null entries split the sequence (a step
     *                  with a missing snapshot is not compared)
     * @return the bookkeeping paths (relative, as in {@link DirectorySnapshot#entries()}), sorted
     */
    public static Set<String> learn(List<DirectorySnapshot> snapshots) {
        Map<String, Integer> steps = new TreeMap<>();
        for (int i = 1; i < snapshots.size(); i++) {
            DirectorySnapshot a = snapshots.get(i - 1);
            DirectorySnapshot b = snapshots.get(i);
            if (a == null || b == null) {
                continue;
            }
            DirectorySnapshot.Diff d = a.diff(b);
            Set<String> changed = new TreeSet<>();
            changed.addAll(d.added());
            changed.addAll(d.removed());
            changed.addAll(d.modified());
            changed.forEach(p -> steps.merge(p, 1, Integer::sum));
        }
        Set<String> out = new TreeSet<>();
        steps.forEach((p, n) -> {
            if (n >= MIN_STEPS) {
                out.add(p);
            }
        });
        return Collections.unmodifiableSet(out);
    }

    /** The diff without the bookkeeping paths. */
    public static DirectorySnapshot.Diff exclude(DirectorySnapshot.Diff diff, Set<String> bookkeeping) {
        if (bookkeeping == null || bookkeeping.isEmpty()) {
            return diff;
        }
        return new DirectorySnapshot.Diff(keep(diff.added(), bookkeeping), keep(diff.removed(), bookkeeping),
                keep(diff.modified(), bookkeeping));
    }

    /** The bookkeeping paths the diff touched (for evidence), sorted. */
    public static List<String> touched(DirectorySnapshot.Diff diff, Set<String> bookkeeping) {
        List<String> out = new ArrayList<>();
        if (bookkeeping == null || bookkeeping.isEmpty()) {
            return out;
        }
        Set<String> all = new TreeSet<>();
        all.addAll(diff.added());
        all.addAll(diff.removed());
        all.addAll(diff.modified());
        all.stream().filter(bookkeeping::contains).forEach(out::add);
        return out;
    }

    private static List<String> keep(List<String> paths, Set<String> bookkeeping) {
        List<String> out = new ArrayList<>();
        paths.stream().filter(p -> !bookkeeping.contains(p)).forEach(out::add);
        return out;
    }
}
