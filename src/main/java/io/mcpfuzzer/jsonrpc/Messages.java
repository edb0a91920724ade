package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Builders of well-formed JSON-RPC 2.0 messages (spec sections 4 and 5). Pure; thread-safe. */
public final class Messages {
    private Messages() {}

    /** A request; {@code params} may be null (omitted). */
    public static ObjectNode request(JsonNode id, String method, JsonNode params) {
        ObjectNode m = notification(method, params);
        m.set("id", id);
        return m;
    }

    /** A notification (no id); {@code params} may be null (omitted). */
    public static ObjectNode notification(String method, JsonNode params) {
        ObjectNode m = Json.object();
        m.put("jsonrpc", "2.0");
        m.put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        return m;
    }

    /** A success response. */
    public static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode m = Json.object();
        m.put("jsonrpc", "2.0");
        m.set("id", id);
        m.set("result", result);
        return m;
    }

    /** An error response. */
    public static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode m = Json.object();
        m.put("jsonrpc", "2.0");
        m.set("id", id);
        m.putObject("error").put("code", code).put("message", message);
        return m;
    }
}
