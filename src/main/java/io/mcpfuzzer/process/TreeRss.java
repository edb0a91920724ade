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
 * {@code statm} file of each known member, kept open for the window ({@link OpenStatm}; one that
 * cannot be read is opened afresh through {@link ProcFs#rssKb}, as a member that vanished reads empty).
 * A child started (or a pid reused) within that window is seen at the next refresh at the latest.
 *
 * <p>Open files: one per member of each tree sampled within the last window. A refresh closes its
 * tree's previous files and those of every tree not refreshed within the window (a stale entry is
 * rescanned on its next use anyway); {@link #close} closes the rest. Thread-safe: whoever takes an
 * entry out of the map closes it, and a sampler still reading it then falls back as above.
 */
final class TreeRss implements AutoCloseable {
    /** How long one tree scan is reused: 1 s (memory growth is judged over many seconds of runs). */
    static final long TREE_REFRESH_NANOS = 1_000_000_000L;

    /** The members of one tree when it was scanned, with their statm files (an entry is null when not open). */
    private record Members(long scannedAt, long[] pids, OpenStatm[] files) {
        static Members open(long now, long[] pids) {
            OpenStatm[] files = new OpenStatm[pids.length];
            for (int i = 0; i < pids.length; i++) {
                files[i] = OpenStatm.open(pids[i]);
            }
            return new Members(now, pids, files);
        }

        void close() {
            for (OpenStatm f : files) {
                if (f != null) {
                    f.close();
                }
            }
        }
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
            cached = Members.open(now, ProcessTree.members(mp, scan.get()).stream()
                    .filter(s -> !s.isDead()).mapToLong(ProcStat::pid).toArray());
            Members replaced = trees.put(mp.pid(), cached);
            if (replaced != null) {
                replaced.close();
            }
            for (Map.Entry<Long, Members> e : trees.entrySet()) { // stale: rescanned on next use anyway
                if (now - e.getValue().scannedAt() >= TREE_REFRESH_NANOS && trees.remove(e.getKey(), e.getValue())) {
                    e.getValue().close();
                }
            }
        }
        long sum = 0;
        boolean any = false;
        for (int i = 0; i < cached.pids().length; i++) {
            long kb = cached.files()[i] == null ? OpenStatm.FAILED : cached.files()[i].kb();
            // a zombie or vanished member has no VmRSS: empty
            OptionalLong read = kb == OpenStatm.FAILED ? ProcFs.rssKb(cached.pids()[i])
                    : kb < 0 ? OptionalLong.empty() : OptionalLong.of(kb);
            if (read.isPresent()) {
                sum += read.getAsLong();
                any = true;
            }
        }
        return any ? OptionalLong.of(sum) : OptionalLong.empty();
    }

    /** Closes every open statm file; a later sample opens what it needs again. */
    @Override
    public void close() {
        for (Map.Entry<Long, Members> e : trees.entrySet()) {
            if (trees.remove(e.getKey(), e.getValue())) {
                e.getValue().close();
            }
        }
    }
}
