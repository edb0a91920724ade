package io.mcpfuzzer.jsonrpc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pending-request table of one connection, keyed by {@link RpcId#key} (id with its JSON type).
 * Remembers the last {@link #EXPIRED_MEMORY} timed-out keys so a late answer is recognised as such
 * (value TRUE: timed out, no answer since; FALSE: answered late).
 * Thread-safe; every future is completed exactly once.
 */
final class PendingRequests {
    /** Timed-out ids remembered for orphan classification. */
    static final int EXPIRED_MEMORY = 10_000;

    /** A request awaiting its answer. */
    record Pending(CompletableFuture<Reply> future, long startNanos) {}

    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final Map<String, Boolean> expired = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > EXPIRED_MEMORY;
        }
    });

    /** Registers a key; returns false when it is already pending. */
    boolean add(String key, CompletableFuture<Reply> future, long startNanos) {
        return pending.putIfAbsent(key, new Pending(future, startNanos)) == null;
    }

    /** Removes and returns the pending entry, or null. */
    Pending remove(String key) {
        return pending.remove(key);
    }

    /** Forgets a key after its deadline; a later answer is then a late orphan. */
    Pending expire(String key) {
        expired.put(key, Boolean.TRUE);
        return pending.remove(key);
    }

    /** Marks a timed-out key as answered after its deadline; returns whether it had timed out. */
    boolean answeredLate(String key) {
        return expired.replace(key, Boolean.TRUE, Boolean.FALSE) || expired.containsKey(key);
    }

    /** Whether a late answer (or late oversized frame) came for this timed-out key. */
    boolean cameLate(String key) {
        return Boolean.FALSE.equals(expired.get(key));
    }

    /** Completes the oldest pending request with {@code status} (used when a frame cannot be attributed). */
    void failOldest(Reply.Status status, String detail) {
        pending.entrySet().stream()
                .min(Comparator.comparingLong(e -> e.getValue().startNanos()))
                .ifPresent(oldest -> {
                    Pending p = pending.remove(oldest.getKey());
                    if (p != null) {
                        p.future().complete(new Reply(status, null, null, System.nanoTime() - p.startNanos(), detail));
                    }
                });
    }

    /** Completes every pending request as {@link Reply.Status#CLOSED}. */
    void closeAll(String reason) {
        List<String> keys = new ArrayList<>(pending.keySet());
        for (String key : keys) {
            Pending p = pending.remove(key);
            if (p != null) {
                p.future().complete(new Reply(Reply.Status.CLOSED, null, null, System.nanoTime() - p.startNanos(), reason));
            }
        }
    }
}
