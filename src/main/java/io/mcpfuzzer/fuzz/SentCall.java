package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.Outbound;
import io.mcpfuzzer.jsonrpc.Reply;
import tools.jackson.databind.JsonNode;

/**
 * Makes a run's record say what the server really got: when the safety choke point rewrote the
 * request, the recorded input becomes the rewritten one and the strategy gains {@code +confined}.
 * Pure; thread-safe.
 */
final class SentCall {
    private static final int RAW_SHOWN = 4096;

    private SentCall() {}

    /**
     * The call as sent; the same call when the request went out as generated or was blocked.
     * Idempotent (a retried call is marked once).
     */
    static RunEngine.Call asSent(RunEngine.Call call, Reply reply) {
        Outbound o = reply.outbound();
        if (o == null || !o.rewritten()) {
            return call;
        }
        JsonNode message = o.message();
        JsonNode params = message.get("params");
        JsonNode input;
        String raw = call.rawInput();
        switch (call.kind()) {
            case "tool" -> input = params == null || params.get("arguments") == null ? call.input() : params.get("arguments");
            case "resource", "prompt" -> input = params == null ? call.input() : params;
            default -> {
                input = message;
                raw = raw == null || o.frame().length() > RAW_SHOWN ? null : o.frame();
            }
        }
        String strategy = call.strategy() == null ? "confined"
                : call.strategy().endsWith("confined") ? call.strategy() : call.strategy() + "+confined";
        Boolean valid = Boolean.FALSE.equals(call.valid()) && "tool".equals(call.kind())
                && rewroteTheFault(call.strategy(), call.input(), input) ? null : call.valid();
        return new RunEngine.Call(call.kind(), call.target(), call.run(), call.phase(), input, raw, valid,
                strategy, call.send(), call.liveness(), call.inputBytes());
    }

    /**
     * Whether the gate rewrote the very value that made the input invalid, the one the strategy's pointer names
     * ({@code string.empty@/paths/0}): git-mcp-server got the fs root for an empty path, a valid input, and its
     * success was judged {@code accepted_malformed}. Its validity is then unknown; a fault elsewhere stays.
     */
    static boolean rewroteTheFault(String strategy, JsonNode generated, JsonNode sent) {
        int at = strategy == null ? -1 : strategy.indexOf("@/");
        if (at < 0 || generated == null || sent == null) {
            return false;
        }
        String pointer = strategy.substring(at + 1);
        int plus = pointer.indexOf('+');
        pointer = plus < 0 ? pointer : pointer.substring(0, plus);
        try {
            return !generated.at(pointer).equals(sent.at(pointer));
        } catch (IllegalArgumentException e) {
            return false; // not a JSON pointer
        }
    }
}
