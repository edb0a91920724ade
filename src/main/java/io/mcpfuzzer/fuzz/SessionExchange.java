package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.InboundMessage;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.jsonrpc.Sent;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.oracle.spec.ProbeReply;
import io.mcpfuzzer.oracle.spec.SpecExchange;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Raw frame exchange over a live session: frames are sent exactly as given and answers are
 * matched by id text from the connection's unrouted frames (see {@link RpcConnection#onUnrouted}).
 * Pings go through the normal pending table, so they match strictly. Every frame passes the
 * connection's outbound policy (the safety choke point); a frame it blocks is not sent and
 * {@link #annotate} turns the caller's reply into {@link io.mcpfuzzer.jsonrpc.Reply.Status#SAFETY_BLOCKED}.
 * One caller at a time.
 */
public final class SessionExchange implements SpecExchange {
    private static final int QUEUE_CAP = 10_000;
    private static final int UNSOLICITED_CAP = 1_000;

    private final McpSession session;
    private final LinkedBlockingDeque<InboundMessage> inbound = new LinkedBlockingDeque<>(QUEUE_CAP);
    private final List<String> unsolicited = new ArrayList<>();
    /** What became of the last frame this exchange wrote (request, notify or raw), or null. */
    private Sent lastSent;

    public SessionExchange(McpSession session) {
        this.session = session;
        session.rpc().onUnrouted(m -> {
            while (!inbound.offerLast(m)) {
                inbound.pollFirst();
            }
        });
    }

    public McpSession session() {
        return session;
    }

    /**
     * {@inheritDoc} A frame the safety choke point blocks is not sent; the guard then sees no answer
     * (outcome TIMEOUT with the reason as text) and {@link #annotate} reports the block.
     */
    @Override
    public ProbeReply request(String frameText, JsonNode id, Duration timeout) {
        lastSent = session.rpc().write(frameText);
        if (lastSent.blocked()) {
            return notSent(lastSent);
        }
        if (!lastSent.written()) {
            return ProbeReply.closed(closedReason());
        }
        return awaitAnswer(id, timeout);
    }

    /** Sends raw bytes (a malformed frame). Returns false when they were not sent (blocked, or the peer is gone). */
    public boolean sendRaw(byte[] bytes) {
        lastSent = session.rpc().writeRaw(bytes);
        return lastSent.written();
    }

    /**
     * The reply of a protocol run as the caller should record it: {@code SAFETY_BLOCKED} when the last
     * frame this exchange wrote was blocked, annotated with the rewrite when it was rewritten, else
     * {@code reply} unchanged.
     */
    public io.mcpfuzzer.jsonrpc.Reply annotate(io.mcpfuzzer.jsonrpc.Reply reply) {
        Sent sent = lastSent;
        if (sent == null) {
            return reply;
        }
        if (sent.blocked()) {
            return io.mcpfuzzer.jsonrpc.Reply.blocked(sent.decision());
        }
        return sent.decision().rewritten() ? reply.withOutbound(sent.decision()) : reply;
    }

    private static ProbeReply notSent(Sent sent) {
        return new ProbeReply(ProbeReply.Outcome.TIMEOUT, "not sent: blocked by the safety policy (" + sent.decision().reason()
                + ")", null);
    }

    /** Waits for a response to {@code id} (or a null-id response / array when {@code id} is null). */
    public ProbeReply awaitAnswer(JsonNode id, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return session.rpc().isClosed() ? ProbeReply.closed(closedReason()) : ProbeReply.timeout();
            }
            InboundMessage m;
            try {
                m = inbound.pollFirst(Math.min(left, 50_000_000L), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ProbeReply.closed("interrupted");
            }
            if (m == null) {
                if (session.rpc().isClosed() && inbound.isEmpty()) {
                    return ProbeReply.closed(closedReason());
                }
                continue;
            }
            if (matches(m, id)) {
                return ProbeReply.answered(m.raw());
            }
            keep(m.raw());
        }
    }

    /**
     * The answer to {@code id} if it has already arrived, else null; never blocks. Frames that do
     * not match are kept as unsolicited (as {@link #awaitAnswer} does).
     */
    public ProbeReply pollAnswer(JsonNode id) {
        InboundMessage m;
        while ((m = inbound.pollFirst()) != null) {
            if (matches(m, id)) {
                return ProbeReply.answered(m.raw());
            }
            keep(m.raw());
        }
        return null;
    }

    /**
     * The next frame the session did not route (answers to frames sent with {@link #request} or raw, server
     * messages), in the order the reader received them, or null when none came within {@code timeout};
     * the caller keeps or drops it.
     */
    InboundMessage nextInbound(Duration timeout) {
        try {
            return inbound.pollFirst(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Keeps a frame taken with {@link #nextInbound} as unsolicited. */
    void keepUnsolicited(InboundMessage m) {
        keep(m.raw());
    }

    @Override
    public void notify(String frameText) {
        lastSent = session.rpc().write(frameText);
    }

    @Override
    public ProbeReply ping(Duration timeout) {
        io.mcpfuzzer.jsonrpc.Reply r = session.rpc().request("ping", null, timeout);
        return switch (r.status()) {
            case RESULT, ERROR -> ProbeReply.answered(r.raw());
            case CLOSED, SEND_FAILED -> ProbeReply.closed(r.detail() == null ? "closed" : r.detail());
            default -> ProbeReply.timeout();
        };
    }

    @Override
    public List<String> drainUnsolicited() {
        InboundMessage m;
        while ((m = inbound.pollFirst()) != null) {
            keep(m.raw());
        }
        List<String> out = new ArrayList<>(unsolicited);
        unsolicited.clear();
        return out;
    }

    @Override
    public JsonNode initializeResult() {
        return session.initialized() == null ? null : session.initialized().raw();
    }

    private void keep(String raw) {
        if (unsolicited.size() < UNSOLICITED_CAP) {
            unsolicited.add(raw);
        }
    }

    private String closedReason() {
        String r = session.rpc().closedReason();
        return r == null ? "send failed" : r;
    }

    static boolean matches(InboundMessage m, JsonNode id) {
        if (m.kind() == InboundMessage.Kind.BATCH) {
            return id == null;
        }
        if (m.node() == null || !m.node().isObject() || !(m.node().has("result") || m.node().has("error"))) {
            return false;
        }
        JsonNode got = m.node().get("id");
        if (got == null || got.isNull()) {
            return true;
        }
        return id != null && !id.isNull() && text(got).equals(text(id));
    }

    private static String text(JsonNode node) {
        return node.isValueNode() ? node.asString() : node.toString();
    }
}
