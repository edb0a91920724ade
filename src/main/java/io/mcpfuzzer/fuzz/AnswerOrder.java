package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;

/**
 * Measures, once per session, whether a server answers requests in the order it read them, which
 * {@link AnswerBarrier} relies on. Only a stdio server can (one byte stream each way; over HTTP
 * every POST is answered on its own). Sends {@value #PAIRS} pairs back to back, a request and a
 * {@code ping}: an unknown method, {@code tools/list}, an unknown method again. A pair whose first
 * answer arrives after the ping's is out of order; a pair whose first request is never answered
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
            if (!rpc.sendFrame(frame) || !pingAnswered(rpc, deadline)) {
                return Result.NO_ANSWER;
            }
            if (ex.pollAnswer(id) != null) {
                ordered++;
                continue;
            }
            boolean confirmed = pingAnswered(rpc, deadline);
            if (!confirmed) {
                return Result.NO_ANSWER;
            }
            if (ex.pollAnswer(id) != null) {
                return Result.NOT_IN_ORDER; // answered after a later ping
            }
        }
        ex.drainUnsolicited();
        return ordered > 0 ? Result.IN_ORDER : Result.NOT_IN_ORDER;
    }

    private static boolean pingAnswered(RpcConnection rpc, Duration deadline) {
        JsonNode pingId = rpc.nextId();
        CompletableFuture<io.mcpfuzzer.jsonrpc.Reply> ping = rpc.send(AnswerBarrier.pingFrame(pingId), pingId);
        return rpc.await(ping, pingId, deadline).answered();
    }
}
