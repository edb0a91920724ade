package io.mcpfuzzer.process;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resident memory of a managed process tree, cheap enough to read after every call: the tree's
 * members (a full {@code /proc} scan) are found at most once per {@link #REFRESH_NANOS} per root,
 * and each read then only opens the members' {@code /proc/<pid>/status} ({@code VmRSS}). A member
 * that died meanwhile is skipped; one born meanwhile counts from the next refresh. Keeps at most
 * {@link #MAX_ROOTS} roots (the oldest are forgotten when full). Thread-safe.
 */
final class TreeRss {
    /** How long a member list is reused, in nanoseconds (1 s). */
    static final long REFRESH_NANOS = 1_000_000_000L;
    static final int MAX_ROOTS = 64;

    private record Members(long atNanos, long[] pids) {}

    private final Map<Long, Members> cache = new ConcurrentHashMap<>();

    /** kB summed over the live members of {@code mp}'s tree; empty when none could be read. */
    OptionalLong rssKb(ManagedProcess mp) {
        long now = System.nanoTime();
        Members m = cache.get(mp.pid());
        if (m == null || now - m.atNanos() >= REFRESH_NANOS) {
            List<ProcStat> members = ProcessTree.members(mp, ProcFs.scan());
            long[] pids = members.stream().filter(s -> !s.isDead()).mapToLong(ProcStat::pid).toArray();
            if (cache.size() >= MAX_ROOTS) {
                cache.clear();
            }
            m = new Members(now, pids);
            cache.put(mp.pid(), m);
        }
        long sum = 0;
        boolean any = false;
        for (long pid : m.pids()) {
            OptionalLong kb = ProcFs.rssKb(pid);
            if (kb.isPresent()) {
                sum += kb.getAsLong();
                any = true;
            }
        }
        return any ? OptionalLong.of(sum) : OptionalLong.empty();
    }
}
