package io.mcpfuzzer.process;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The processes a manager knows, by pid. Finished processes stay (so their results can be read) until
 * more than {@link #MAX_FINISHED} have piled up; then the oldest finished ones are forgotten. A new
 * process that got a reused pid replaces the old entry. Thread-safe.
 */
public final class ProcessRegistry {
    /** Finished entries kept before the oldest are evicted. */
    public static final int MAX_FINISHED = 64;
    private final Map<Long, ManagedProcess> byPid = new ConcurrentHashMap<>();

    /** Adds {@code mp} (replacing an entry with the same pid) and evicts old finished entries. */
    public void register(ManagedProcess mp) {
        byPid.put(mp.pid(), mp);
        evictFinished();
    }

    public Optional<ManagedProcess> get(long pid) {
        return Optional.ofNullable(byPid.get(pid));
    }

    public boolean contains(long pid) {
        return byPid.containsKey(pid);
    }

    /** Every entry, oldest start first. */
    public List<ManagedProcess> all() {
        List<ManagedProcess> out = new ArrayList<>(byPid.values());
        out.sort(Comparator.comparingLong(ManagedProcess::startNanos));
        return out;
    }

    /** Entries not in a terminal state. */
    public List<ManagedProcess> live() {
        List<ManagedProcess> out = new ArrayList<>();
        for (ManagedProcess mp : all()) {
            if (!mp.state().isTerminal()) {
                out.add(mp);
            }
        }
        return out;
    }

    /** Forgets {@code pid}; true when it was known. */
    public boolean unregister(long pid) {
        return byPid.remove(pid) != null;
    }

    /** Forgets every finished entry; returns how many. */
    public int cleanupFinished() {
        int n = 0;
        for (ManagedProcess mp : all()) {
            if (mp.state().isTerminal() && byPid.remove(mp.pid(), mp)) {
                n++;
            }
        }
        return n;
    }

    public int size() {
        return byPid.size();
    }

    private void evictFinished() {
        List<ManagedProcess> finished = new ArrayList<>();
        for (ManagedProcess mp : all()) {
            if (mp.state().isTerminal()) {
                finished.add(mp);
            }
        }
        for (int i = 0; i < finished.size() - MAX_FINISHED; i++) {
            byPid.remove(finished.get(i).pid(), finished.get(i));
        }
    }
}
