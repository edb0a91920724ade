package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.oracle.spec.ProbeReply;
import io.mcpfuzzer.transport.SendSettlement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * Decides without a deadline whether a Streamable HTTP server answered a request: the request's
 * own POST carries its answer (a JSON body or an SSE stream; MCP 2025-03-26 on, "Sending Messages
 * to the Server"), so once that POST's response was fully handled ({@link SendSettlement}) the
 * answer is either among the frames delivered or was never sent. A 2xx response without it (202 or
 * 204, an empty body, a body or stream without that id) is a drop; an error status without a
 * JSON-RPC answer is a refusal at the HTTP level, not a drop. Not thread-safe per exchange (one case
 * in flight, as {@link SessionExchange}); the send and the wait run on the calling thread.
 */
final class HttpSettle {
    /** Longest wait between two looks at the POST's settlement while no answer arrives. */
    private static final long SLICE_NANOS = 5_000_000L;

    private HttpSettle() {}

    /** What became of the request. */
    enum Kind {
        /** An answer, or a timeout/closed reply: the deadline or the connection decided (see {@code reply}). */
        REPLY,
        /** The POST succeeded (2xx) and carried no answer. */
        DROPPED,
        /** The POST got an error status (3xx-5xx) and no JSON-RPC answer. */
        REFUSED
    }

    /**
     * @param reply  the answer or a timeout/closed reply (kind {@link Kind#REPLY}), else null
     * @param status the HTTP status of the POST, or -1 when unknown
     */
    record Outcome(Kind kind, ProbeReply reply, int status) {}

    /** True when the session's transport can tell when a send settled. */
    static boolean applies(SessionExchange ex) {
        return ex.session().rpc().transport() instanceof SendSettlement;
    }

    /**
     * Sends {@code frame} (a request whose answer carries {@code id}, null for a null-id answer or a
     * batch) and waits at most {@code deadline} for its POST to settle.
     */
    static Outcome request(SessionExchange ex, String frame, JsonNode id, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        SendSettlement transport = (SendSettlement) ex.session().rpc().transport();
        CompletableFuture<Integer> before = transport.lastSendSettled();
        ex.notify(frame); // through the exchange, so its send path (and the safety policy) applies
        CompletableFuture<Integer> settled = transport.lastSendSettled();
        if (ex.session().rpc().isClosed() || settled == null || settled == before) { // not sent: no POST to judge
            return new Outcome(Kind.REPLY, ex.awaitAnswer(id, Duration.ofNanos(Math.max(1, end - System.nanoTime()))), -1);
        }
        while (true) {
            long left = end - System.nanoTime();
            if (left <= 0) { // still open at the deadline (a stream kept open): the deadline decides
                return new Outcome(Kind.REPLY, ended(ex, id), -1);
            }
            // an answer ends the wait at once, also while its POST stream stays open
            ProbeReply r = ex.awaitAnswer(id, Duration.ofNanos(Math.min(left, SLICE_NANOS)));
            if (r.outcome() != ProbeReply.Outcome.TIMEOUT) {
                return new Outcome(Kind.REPLY, r, -1);
            }
            if (settled.isDone()) {
                int status = settled.getNow(-1);
                ProbeReply answer = ex.pollAnswer(id); // a settled POST delivered every frame before settling
                if (answer != null) {
                    return new Outcome(Kind.REPLY, answer, status);
                }
                if (status >= 200 && status <= 299 && !transport.answersInPost()) {
                    // legacy SSE acknowledged it: the answer, if any, comes on the stream; the deadline decides
                    return new Outcome(Kind.REPLY, awaitRest(ex, id, end), status);
                }
                if (status >= 200 && status <= 299) {
                    return new Outcome(Kind.DROPPED, null, status);
                }
                if (status >= 300) {
                    return new Outcome(Kind.REFUSED, null, status);
                }
                // the exchange failed: what is left of the deadline decides
                return new Outcome(Kind.REPLY, awaitRest(ex, id, end), status);
            }
        }
    }

    private static ProbeReply awaitRest(SessionExchange ex, JsonNode id, long end) {
        return ex.awaitAnswer(id, Duration.ofNanos(Math.max(1, end - System.nanoTime())));
    }

    private static ProbeReply ended(SessionExchange ex, JsonNode id) {
        ProbeReply last = ex.pollAnswer(id);
        if (last != null) {
            return last;
        }
        return ex.session().rpc().isClosed() ? ProbeReply.closed(String.valueOf(ex.session().rpc().closedReason()))
                : ProbeReply.timeout();
    }
}
