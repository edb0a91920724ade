package io.mcpfuzzer.process;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Resident memory of a managed process and its descendants, summed. Finding the tree takes a scan
 * of all of {@code /proc} (a few milliseconds on a busy machine); the membership found is therefore
 * kept for {@link #TREE_REFRESH_NANOS} per process, and samples in between read only the
 * {@code status} file of each known member. A child started (or a pid reused) within that window is
 * seen at the next refresh at the latest. Thread-safe.
 */
final class TreeRss {
    /** How long one tree scan is reused: 1 s (memory growth is judged over many seconds of runs). */
    static final long TREE_REFRESH_NANOS = 1_000_000_000L;

    /** Cached trees before stale ones are dropped. */
    private static final int MAX_TREES = 64;

    private record Members(long scannedAt, long[] pids) {
    }

    private final MonotonicClock clock;
    private final Supplier<List<ProcStat>> scan;
    private final Map<Long, Members> trees = new ConcurrentHashMap<>();

    TreeRss(MonotonicClock clock, Supplier<List<ProcStat>> scan) {
        this.clock = clock;
        this.scan = scan;
    }

    /** Sum of the live members' resident set sizes in kB, or empty when none could be read. */
    OptionalLong sumKb(ManagedProcess mp) {
        long now = clock.nanoTime();
        Members cached = trees.get(mp.pid());
        if (cached == null || now - cached.scannedAt() >= TREE_REFRESH_NANOS) {
            cached = new Members(now, ProcessTree.members(mp, scan.get()).stream()
                    .filter(s -> !s.isDead()).mapToLong(ProcStat::pid).toArray());
            if (trees.size() >= MAX_TREES) { // processes come and go: drop the stale entries
                trees.values().removeIf(m -> now - m.scannedAt() >= TREE_REFRESH_NANOS);
            }
            trees.put(mp.pid(), cached);
        }
        long sum = 0;
        boolean any = false;
        for (long pid : cached.pids()) {
            OptionalLong kb = ProcFs.rssKb(pid); // a zombie or vanished member has no VmRSS: empty
            if (kb.isPresent()) {
                sum += kb.getAsLong();
                any = true;
            }
        }
        return any ? OptionalLong.of(sum) : OptionalLong.empty();
    }
}
