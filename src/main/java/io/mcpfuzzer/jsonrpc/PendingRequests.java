package io.mcpfuzzer.jsonrpc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The pending-request table of one connection, keyed by {@link RpcId#key} (id with its JSON type).
 * Remembers the last {@link #EXPIRED_MEMORY} timed-out keys, with their write order, so a late answer
 * is recognised as such and a request can be told to have been queued behind one the server never
 * answered ({@link #unansweredBefore}). Thread-safe; every future is completed exactly once.
 */
final class PendingRequests {
    /** Timed-out ids remembered for orphan classification. */
    static final int EXPIRED_MEMORY = 10_000;

    /** A request awaiting its answer; {@link #order()} is set once its frame is written. */
    static final class Pending {
        private final CompletableFuture<Reply> future;
        private final long startNanos;
        private volatile long order = NOT_WRITTEN;

        Pending(CompletableFuture<Reply> future, long startNanos) {
            this.future = future;
            this.startNanos = startNanos;
        }

        CompletableFuture<Reply> future() {
            return future;
        }

        long startNanos() {
            return startNanos;
        }

        /** Position of its frame among this connection's writes, or {@link #NOT_WRITTEN}. */
        long order() {
            return order;
        }
    }

    /** The order of a request whose frame has not been written (yet). */
    static final long NOT_WRITTEN = Long.MAX_VALUE;

    /** A timed-out request: its write order, and whether an answer came after its deadline. */
    private record Expired(long order, boolean answered) {}

    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final Map<String, Expired> expired = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Expired> eldest) {
            return size() > EXPIRED_MEMORY;
        }
    });
    /** Write order of the next frame ({@link #written}). */
    private final AtomicLong writes = new AtomicLong();
    /** The latest write order of a request that got an answer, late or not; -1 when none did. */
    private final AtomicLong lastAnswered = new AtomicLong(-1);

    /** Registers a key; returns false when it is already pending. */
    boolean add(String key, CompletableFuture<Reply> future, long startNanos) {
        return pending.putIfAbsent(key, new Pending(future, startNanos)) == null;
    }

    /** Removes and returns the pending entry, or null. */
    Pending remove(String key) {
        return pending.remove(key);
    }

    /**
     * Marks the pending request {@code key} as written now: call it in the order the frames go out
     * ({@link io.mcpfuzzer.transport.Transport#send(String, Runnable)}).
     */
    void written(String key) {
        Pending p = pending.get(key);
        if (p != null) {
            p.order = writes.getAndIncrement();
        }
    }

    /** Removes and returns the pending entry an answer arrived for, or null (then see {@link #answeredLate}). */
    Pending answered(String key) {
        Pending p = pending.remove(key);
        if (p != null && p.order() != NOT_WRITTEN) {
            lastAnswered.accumulateAndGet(p.order(), Math::max);
            expired.computeIfPresent(key, (k, e) -> new Expired(e.order(), true)); // raced its own expiry
        }
        return p;
    }

    /** Forgets a key after its deadline; a later answer is then a late orphan. */
    Pending expire(String key) {
        Pending p = pending.get(key); // remembered before it leaves the table: an answer in between is late
        expired.put(key, new Expired(p == null ? NOT_WRITTEN : p.order(), false));
        Pending removed = pending.remove(key);
        if (p != null && removed == null) { // answered between the two steps, before the entry was there to mark
            expired.computeIfPresent(key, (k, e) -> new Expired(e.order(), true));
        }
        return removed;
    }

    /** Marks a timed-out key as answered after its deadline; returns whether it had timed out. */
    boolean answeredLate(String key) {
        synchronized (expired) {
            Expired e = expired.get(key);
            if (e == null) {
                return false;
            }
            if (!e.answered()) {
                expired.put(key, new Expired(e.order(), true));
                if (e.order() != NOT_WRITTEN) {
                    lastAnswered.accumulateAndGet(e.order(), Math::max);
                }
            }
            return true;
        }
    }

    /** Whether a late answer (or late oversized frame) came for this timed-out key. */
    boolean cameLate(String key) {
        Expired e = expired.get(key);
        return e != null && e.answered();
    }

    /**
     * The key of the earliest request written before the timed-out request {@code key} that is still
     * without an answer (pending, or timed out and never answered) while no request written after it
     * has been answered either: on a server that reads its requests in order, {@code key} was queued
     * behind it. Null when there is none, or when {@code key} is not a remembered timeout of a written
     * frame. O(remembered keys).
     */
    String unansweredBefore(String key) {
        Expired mine = key == null ? null : expired.get(key);
        if (mine == null || mine.answered() || mine.order() == NOT_WRITTEN) {
            return null;
        }
        long after = lastAnswered.get();
        String earliest = null;
        long earliestOrder = mine.order();
        for (Map.Entry<String, Pending> e : pending.entrySet()) {
            long o = e.getValue().order();
            if (o < earliestOrder && o > after) {
                earliest = e.getKey();
                earliestOrder = o;
            }
        }
        synchronized (expired) {
            for (Map.Entry<String, Expired> e : expired.entrySet()) {
                long o = e.getValue().order();
                if (!e.getValue().answered() && o < earliestOrder && o > after) {
                    earliest = e.getKey();
                    earliestOrder = o;
                }
            }
        }
        return earliest;
    }

    /** Completes the pending request {@code key} (if any) with {@code status}. */
    void fail(String key, Reply.Status status, String detail) {
        Pending p = key == null ? null : pending.remove(key);
        if (p != null) {
            p.future().complete(new Reply(status, null, null, System.nanoTime() - p.startNanos(), detail));
        }
    }

    /** Completes the oldest pending request with {@code status} (used when a frame cannot be attributed). */
    void failOldest(Reply.Status status, String detail) {
        pending.entrySet().stream()
                .min(Comparator.comparingLong(e -> e.getValue().startNanos()))
                .ifPresent(oldest -> fail(oldest.getKey(), status, detail));
    }

    /** Completes every pending request as {@link Reply.Status#CLOSED}. */
    void closeAll(String reason) {
        for (String key : new ArrayList<>(pending.keySet())) {
            fail(key, Reply.Status.CLOSED, reason);
        }
    }
}
