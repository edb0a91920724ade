package io.mcpfuzzer.jsonrpc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounded evidence of what a peer sent outside the request/answer flow: non-JSON lines, invalid
 * JSON-RPC, orphan answers (late, unknown or duplicate ids), notifications, server requests.
 * Thread-safe. Keeps counts exactly and at most {@link #SAMPLES} samples of each kind.
 */
public final class ConnectionLog {
    /** Samples kept per kind. */
    public static final int SAMPLES = 20;
    /** Characters kept per sample. */
    public static final int SAMPLE_CHARS = 2_000;

    /** One kept sample. */
    public record Entry(String kind, String text, String note) {}

    private final AtomicLong notJson = new AtomicLong();
    private final AtomicLong invalid = new AtomicLong();
    private final AtomicLong orphans = new AtomicLong();
    private final AtomicLong notifications = new AtomicLong();
    private final AtomicLong serverRequests = new AtomicLong();
    private final AtomicLong oversized = new AtomicLong();
    private final Deque<Entry> samples = new ArrayDeque<>();

    void record(String kind, String text, String note) {
        counter(kind).incrementAndGet();
        synchronized (samples) {
            long sameKind = samples.stream().filter(e -> e.kind().equals(kind)).count();
            if (sameKind < SAMPLES) {
                String cut = text == null ? null
                        : text.length() > SAMPLE_CHARS ? text.substring(0, SAMPLE_CHARS) + "..." : text;
                samples.add(new Entry(kind, cut, note));
            }
        }
    }

    private AtomicLong counter(String kind) {
        return switch (kind) {
            case "not_json" -> notJson;
            case "invalid" -> invalid;
            case "orphan" -> orphans;
            case "notification" -> notifications;
            case "server_request" -> serverRequests;
            case "oversized" -> oversized;
            default -> throw new IllegalArgumentException(kind);
        };
    }

    public long notJsonCount() {
        return notJson.get();
    }

    public long invalidCount() {
        return invalid.get();
    }

    public long orphanCount() {
        return orphans.get();
    }

    public long notificationCount() {
        return notifications.get();
    }

    public long serverRequestCount() {
        return serverRequests.get();
    }

    public long oversizedCount() {
        return oversized.get();
    }

    /** The kept samples of any of {@code kinds}, in the order they arrived. */
    public List<Entry> samples(java.util.Set<String> kinds) {
        synchronized (samples) {
            List<Entry> out = new ArrayList<>();
            for (Entry e : samples) {
                if (kinds.contains(e.kind())) {
                    out.add(e);
                }
            }
            return out;
        }
    }

    public List<Entry> samples(String kind) {
        synchronized (samples) {
            List<Entry> out = new ArrayList<>();
            for (Entry e : samples) {
                if (e.kind().equals(kind)) {
                    out.add(e);
                }
            }
            return out;
        }
    }
}
