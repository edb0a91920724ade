package io.mcpfuzzer.process;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds, in one {@code /proc} snapshot, every process that belongs to a managed process: its group and
 * session (when it has its own), descendants seen earlier, processes carrying its environment marker,
 * and all their descendants by parent pid. Never includes this JVM, pid 1, or a process whose pid was
 * reused (identities are checked by start time). Stateless.
 */
final class ProcessTree {
    static final int MAX_MEMBERS = 4096;

    private ProcessTree() {
    }

    /**
     * The members of {@code mp}'s tree in {@code snapshot}, zombies included, the leader itself
     * included only while it is still the same process.
     */
    static List<ProcStat> members(ManagedProcess mp, List<ProcStat> snapshot) {
        long self = ProcFs.selfPid();
        long root = mp.pid();
        ProcessIdentity rootId = mp.identity();
        long rootStart = rootId == null ? 0 : rootId.startTicks();
        Map<Long, ProcStat> byPid = new HashMap<>();
        Map<Long, List<ProcStat>> children = new HashMap<>();
        for (ProcStat s : snapshot) {
            byPid.put(s.pid(), s);
            children.computeIfAbsent(s.ppid(), k -> new ArrayList<>()).add(s);
        }
        ProcStat rootNow = byPid.get(root);
        boolean rootReused = rootNow != null && rootId != null && rootNow.startTicks() != rootStart;
        boolean groupUsable = mp.ownGroup() && !rootReused && SignalGuard.groupAllowed(root);

        Map<Long, ProcStat> found = new LinkedHashMap<>();
        Deque<ProcStat> queue = new ArrayDeque<>();
        if (rootNow != null && !rootReused) {
            queue.add(rootNow);
        }
        for (ProcStat s : snapshot) {
            if (s.pid() == self || s.pid() <= 1 || s.startTicks() < rootStart) {
                continue;
            }
            if (groupUsable && (s.pgrp() == root || s.session() == root)
                    || mp.knownDescendants().contains(s.identity())
                    || markerCandidate(s, byPid, self) && hasMarker(mp, s)) {
                queue.add(s);
            }
        }
        while (!queue.isEmpty() && found.size() < MAX_MEMBERS) {
            ProcStat s = queue.poll();
            if (s.pid() == self || s.pid() <= 1 || found.containsKey(s.pid())) {
                continue;
            }
            found.put(s.pid(), s);
            queue.addAll(children.getOrDefault(s.pid(), List.of()));
        }
        return new ArrayList<>(found.values());
    }

    /** Members other than the leader that are not zombies. */
    static List<ProcStat> liveOthers(ManagedProcess mp, List<ProcStat> snapshot) {
        List<ProcStat> out = new ArrayList<>();
        for (ProcStat s : members(mp, snapshot)) {
            if (s.pid() != mp.pid() && !s.isDead()) {
                out.add(s);
            }
        }
        return out;
    }

    /** Orphans are re-parented to init or to us (as subreaper): only those are worth an environ read. */
    private static boolean markerCandidate(ProcStat s, Map<Long, ProcStat> byPid, long self) {
        return !s.isDead() && (s.ppid() == self || s.ppid() == 1 || !byPid.containsKey(s.ppid()));
    }

    private static boolean hasMarker(ManagedProcess mp, ProcStat s) {
        return mp.token() != null && s.pid() != mp.pid()
                && ProcFs.environContains(s.pid(), ProcessConfig.MARKER_VARIABLE, mp.token());
    }
}
