package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import tools.jackson.databind.node.ObjectNode;

/** Replies built by hand for oracle tests: a JSON-RPC error, or a tool result with one text item (1 ms). */
final class Replies {
    private Replies() {}

    static Reply error(int code, String message) {
        ObjectNode msg = Json.object().put("jsonrpc", "2.0").put("id", 1);
        msg.putObject("error").put("code", code).put("message", message);
        return new Reply(Reply.Status.ERROR, msg, Json.write(msg), 1_000_000L, null);
    }

    static Reply text(String text, boolean isError) {
        ObjectNode msg = Json.object().put("jsonrpc", "2.0").put("id", 1);
        ObjectNode result = msg.putObject("result");
        result.putArray("content").addObject().put("type", "text").put("text", text);
        result.put("isError", isError);
        return new Reply(Reply.Status.RESULT, msg, Json.write(msg), 1_000_000L, null);
    }
}
