package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.InboundMessage;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;

/**
 * Measures, once per session, whether a server answers requests in the order it read them, which
 * {@link AnswerBarrier} relies on. Only a stdio server can (one byte stream each way; over HTTP
 * every POST is answered on its own). Sends {@value #PAIRS} pairs back to back, a request and a
 * {@code ping}: an unknown method, {@code tools/list}, an unknown method again. A pair whose first
 * answer arrives after the ping's is out of order (the ping goes out as a frame of its own with a string id, so
 * both answers are read in the order the reader received them, never by whether the first is there once
 * the ping is answered); a pair whose first request is never answered
 * (within one more ping) says nothing. In order: at least one pair in order and none out of order.
 * A ping left unanswered or a closed connection ends the probe with {@link Result#NO_ANSWER}.
 *
 * <p>Costs about {@value #PAIRS} round trips; bounded by {@code deadline} per answer awaited.
 */
final class AnswerOrder {
    static final int PAIRS = 3;
    private static final List<String> FIRSTS = List.of("mcpfuzzer/order-probe", "tools/list", "mcpfuzzer/order-probe");

    private AnswerOrder() {}

    /** What the probe found. */
    enum Result {
        /** Every pair that said something was in order. */
        IN_ORDER,
        /** A pair was out of order, nothing was learnt, or the transport is not stdio. */
        NOT_IN_ORDER,
        /** A ping got no answer within the deadline, or the connection closed. */
        NO_ANSWER
    }

    /** Probes the session's server (see the class comment). */
    static Result probe(SessionExchange ex, Duration deadline) {
        RpcConnection rpc = ex.session().rpc();
        if (!(rpc.transport() instanceof StdioTransport)) {
            return Result.NOT_IN_ORDER;
        }
        ex.drainUnsolicited();
        int ordered = 0;
        for (int i = 0; i < PAIRS; i++) {
            String idText = "mcpfuzzer-order-" + i;
            JsonNode id = StringNode.valueOf(idText);
            String frame = "{\"jsonrpc\":\"2.0\",\"id\":\"" + idText + "\",\"method\":\"" + FIRSTS.get(i) + "\"}";
            if (!rpc.sendFrame(frame)) {
                return Result.NO_ANSWER;
            }
            Seen first = pingAfter(ex, rpc, "mcpfuzzer-order-ping-" + i, id, deadline);
            if (first == Seen.NO_PING) {
                return Result.NO_ANSWER;
            }
            if (first == Seen.BEFORE_PING) {
                ordered++;
                continue;
            }
            Seen confirm = pingAfter(ex, rpc, "mcpfuzzer-order-confirm-" + i, id, deadline);
            if (confirm == Seen.NO_PING) {
                return Result.NO_ANSWER;
            }
            if (confirm == Seen.BEFORE_PING) {
                return Result.NOT_IN_ORDER; // answered after a later ping
            }
        }
        ex.drainUnsolicited();
        return ordered > 0 ? Result.IN_ORDER : Result.NOT_IN_ORDER;
    }

    /** Whether the awaited answer came before the ping's answer, not before it, or the ping got none. */
    private enum Seen { BEFORE_PING, NOT_BEFORE_PING, NO_PING }

    /**
     * Sends a ping with {@code pingIdText} and reads the session's unrouted frames in the order they arrived
     * until its answer: whether the answer to {@code awaited} was among them.
     */
    private static Seen pingAfter(SessionExchange ex, RpcConnection rpc, String pingIdText, JsonNode awaited,
            Duration deadline) {
        JsonNode pingId = StringNode.valueOf(pingIdText);
        if (!rpc.sendFrame("{\"jsonrpc\":\"2.0\",\"id\":\"" + pingIdText + "\",\"method\":\"ping\"}")) {
            return Seen.NO_PING;
        }
        long end = System.nanoTime() + deadline.toNanos();
        boolean seen = false;
        while (true) {
            long left = end - System.nanoTime();
            if (left <= 0 || Thread.currentThread().isInterrupted()) {
                return Seen.NO_PING;
            }
            InboundMessage m = ex.nextInbound(Duration.ofNanos(Math.min(left, 50_000_000L)));
            if (m == null) {
                if (rpc.isClosed()) {
                    return Seen.NO_PING;
                }
                continue;
            }
            if (SessionExchange.matches(m, pingId)) {
                return seen ? Seen.BEFORE_PING : Seen.NOT_BEFORE_PING;
            }
            if (SessionExchange.matches(m, awaited)) {
                seen = true;
            } else {
                ex.keepUnsolicited(m);
            }
        }
    }
}
