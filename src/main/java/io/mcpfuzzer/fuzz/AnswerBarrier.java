package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Messages;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.oracle.spec.ProbeReply;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * Decides in a round trip whether a server that answers in order ({@link AnswerOrder}) dropped a
 * request: the request is followed at once by a {@code ping} (the barrier). The answer to the
 * request, if any, is routed by the connection's reader before the ping's, so when the ping is
 * answered and the request is not, the request got no answer. A second ping confirms it (a server
 * may finish a request a few steps after a ping it read in the same chunk). Only for requests that
 * need no real work to answer: a valid request may be slow, and a ping may overtake it.
 *
 * <p>Not thread-safe per exchange (one case in flight, as {@link SessionExchange}).
 */
final class AnswerBarrier {
    /** Pings sent after the request before it counts as unanswered: the barrier and one confirmation. */
    private static final int BARRIER_PINGS = 2;
    /** Poll slice while waiting for either answer. */
    private static final long SLICE_NANOS = 1_000_000L;

    private AnswerBarrier() {}

    /**
     * What became of the request.
     *
     * @param reply   the answer, or a timeout/closed reply
     * @param dropped true when the barrier pings were answered and the request was not (decided in
     *                a round trip); false for an answer, or when the deadline or a closed
     *                connection ended the wait (the caller's liveness check decides those)
     */
    record Outcome(ProbeReply reply, boolean dropped) {}

    /**
     * Sends {@code frame} (a request whose answer carries {@code id}, null for a null-id answer or
     * a batch), then the barrier; waits at most {@code deadline} in all.
     */
    static Outcome request(SessionExchange ex, String frame, JsonNode id, Duration deadline) {
        RpcConnection rpc = ex.session().rpc();
        long end = System.nanoTime() + deadline.toNanos();
        ex.notify(frame); // through the exchange, so its send path (and any check on it) applies
        if (rpc.isClosed()) {
            return new Outcome(ProbeReply.closed(closedReason(rpc)), false);
        }
        for (int round = 0; round < BARRIER_PINGS; round++) {
            JsonNode pingId = rpc.nextId();
            CompletableFuture<io.mcpfuzzer.jsonrpc.Reply> ping = rpc.send(pingFrame(pingId), pingId);
            while (!ping.isDone()) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    rpc.await(ping, pingId, Duration.ofNanos(1)); // forgets the ping; a late answer is an orphan
                    ProbeReply last = ex.pollAnswer(id);
                    return new Outcome(last != null ? last : ended(rpc), false);
                }
                ProbeReply r = ex.awaitAnswer(id, Duration.ofNanos(Math.min(left, SLICE_NANOS)));
                if (r.outcome() != ProbeReply.Outcome.TIMEOUT) {
                    settle(rpc, ping, pingId, end);
                    return new Outcome(r, false);
                }
            }
            ProbeReply r = ex.pollAnswer(id);
            if (r != null) {
                return new Outcome(r, false);
            }
            if (!ping.getNow(null).answered()) {
                return new Outcome(ended(rpc), false); // the barrier itself failed: liveness decides
            }
        }
        return new Outcome(ProbeReply.timeout(), true);
    }

    /** Waits (within the deadline) for the barrier's answer, so it leaves no pending entry behind. */
    private static void settle(RpcConnection rpc, CompletableFuture<io.mcpfuzzer.jsonrpc.Reply> ping, JsonNode id,
            long end) {
        rpc.await(ping, id, Duration.ofNanos(Math.max(1, end - System.nanoTime())));
    }

    static String pingFrame(JsonNode id) {
        return Json.write(Messages.request(id, "ping", null));
    }

    private static ProbeReply ended(RpcConnection rpc) {
        return rpc.isClosed() ? ProbeReply.closed(closedReason(rpc)) : ProbeReply.timeout();
    }

    private static String closedReason(RpcConnection rpc) {
        String r = rpc.closedReason();
        return r == null ? "send failed" : r;
    }
}
