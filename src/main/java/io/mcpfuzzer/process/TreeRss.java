package io.mcpfuzzer.process;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Resident memory of a managed process and its descendants, summed. Finding the tree takes a scan
 * of all of {@code /proc} (a few milliseconds on a busy machine); the membership found is therefore
 * kept for {@link #TREE_REFRESH_NANOS} per managed process, and samples in between read only the
 * {@code statm} file of each known member, kept open for the window ({@link OpenStatm}). A child
 * started within that window is seen at the next refresh at the latest.
 *
 * <p>Pid reuse: a member's file is opened after the scan and kept only when the pid still has the
 * start time the scan saw, so it belongs to that process; once the process is gone the file reads
 * empty ({@link OpenStatm#GONE}) and the pid is not read again until the next scan. A member without
 * an open file (over {@link #MAX_OPEN_FILES}, no page size, or its file closed by a refresh, by
 * {@link #close} or by an interrupt) is read by opening its path afresh ({@link ProcFs#rssKb}), as
 * before the files were kept open: within the window that read can meet a reused pid.
 *
 * <p>Open files: at most {@link #MAX_OPEN_FILES}, one per member of each tree sampled within the last
 * window. A refresh closes its tree's previous files and those of every tree not refreshed within the
 * window (a stale entry is rescanned on its next use anyway); {@link #forget} closes a tree's files
 * when its process ended, and {@link #close} closes all (files opened by a sample racing it are closed
 * by that sample). Thread-safe: whoever takes an entry out of the map closes it.
 */
final class TreeRss implements AutoCloseable {
    /** How long one tree scan is reused: 1 s (memory growth is judged over many seconds of runs). */
    static final long TREE_REFRESH_NANOS = 1_000_000_000L;
    /** Most statm files open at once; members past it are read by opening their path each time. */
    static final int MAX_OPEN_FILES = 256;

    /** The members of one tree when it was scanned, with their statm files (an entry is null when not open). */
    private record Members(long scannedAt, long[] pids, OpenStatm[] files, AtomicInteger open) {
        static Members open(long now, List<ProcStat> live, AtomicInteger open, int maxOpen) {
            long[] pids = new long[live.size()];
            OpenStatm[] files = new OpenStatm[live.size()];
            int n = 0;
            for (ProcStat s : live) {
                OpenStatm file = open.incrementAndGet() <= maxOpen ? OpenStatm.open(s.pid()) : null;
                if (file == null) {
                    open.decrementAndGet();
                } else if (!sameProcess(s)) { // gone, or its pid reused, since the scan: no member now
                    file.close();
                    open.decrementAndGet();
                    continue;
                }
                pids[n] = s.pid();
                files[n++] = file;
            }
            return new Members(now, Arrays.copyOf(pids, n), Arrays.copyOf(files, n), open);
        }

        /** True when the pid, checked after its file was opened, is still the process the scan saw. */
        private static boolean sameProcess(ProcStat scanned) {
            return ProcFs.stat(scanned.pid()).map(now -> now.startTicks() == scanned.startTicks()).orElse(false);
        }

        /** Closes the files; called once, by whoever took this entry out of the map. */
        void close() {
            for (OpenStatm f : files) {
                if (f != null) {
                    f.close();
                    open.decrementAndGet();
                }
            }
        }
    }

    private final MonotonicClock clock;
    private final Supplier<List<ProcStat>> scan;
    /** Keyed by the process object, not its pid: a later process with the same pid starts afresh. */
    private final Map<ManagedProcess, Members> trees = new ConcurrentHashMap<>();
    private final AtomicInteger openFiles = new AtomicInteger();
    private final int maxOpen;
    private volatile boolean closed;

    TreeRss(MonotonicClock clock, Supplier<List<ProcStat>> scan) {
        this(clock, scan, MAX_OPEN_FILES);
    }

    /** @param maxOpen most statm files open at once (tests use a small bound) */
    TreeRss(MonotonicClock clock, Supplier<List<ProcStat>> scan, int maxOpen) {
        this.clock = clock;
        this.scan = scan;
        this.maxOpen = maxOpen;
    }

    /** Sum of the live members' resident set sizes in kB, or empty when none could be read. */
    OptionalLong sumKb(ManagedProcess mp) {
        long now = clock.nanoTime();
        Members cached = trees.get(mp);
        if (cached == null || now - cached.scannedAt() >= TREE_REFRESH_NANOS) {
            boolean keepFiles = !closed;
            cached = Members.open(now, ProcessTree.members(mp, scan.get()).stream().filter(s -> !s.isDead()).toList(),
                    openFiles, keepFiles ? maxOpen : 0);
            Members replaced = trees.put(mp, cached);
            if (replaced != null) {
                replaced.close();
            }
            for (Map.Entry<ManagedProcess, Members> e : trees.entrySet()) { // stale: rescanned on next use anyway
                if (now - e.getValue().scannedAt() >= TREE_REFRESH_NANOS && trees.remove(e.getKey(), e.getValue())) {
                    e.getValue().close();
                }
            }
            if (keepFiles && closed && trees.remove(mp, cached)) { // close() ran meanwhile and may have missed this entry
                cached.close();
            }
        }
        long sum = 0;
        boolean any = false;
        for (int i = 0; i < cached.pids().length; i++) {
            long kb = cached.files()[i] == null ? OpenStatm.UNREAD : cached.files()[i].kb();
            // a zombie reads 0; a vanished member reads empty
            OptionalLong read = kb == OpenStatm.UNREAD ? ProcFs.rssKb(cached.pids()[i])
                    : kb == OpenStatm.GONE ? OptionalLong.empty() : OptionalLong.of(kb);
            if (read.isPresent()) {
                sum += read.getAsLong();
                any = true;
            }
        }
        return any ? OptionalLong.of(sum) : OptionalLong.empty();
    }

    /** Closes the files of {@code mp}'s tree (its process ended); a later sample scans it again. */
    void forget(ManagedProcess mp) {
        Members members = trees.remove(mp);
        if (members != null) {
            members.close();
        }
    }

    /** Statm files open now (for tests). */
    int openFiles() {
        return openFiles.get();
    }

    /** Closes every open statm file; later samples read their members' paths afresh. Idempotent. */
    @Override
    public void close() {
        closed = true;
        for (Map.Entry<ManagedProcess, Members> e : trees.entrySet()) {
            if (trees.remove(e.getKey(), e.getValue())) {
                e.getValue().close();
            }
        }
    }
}
