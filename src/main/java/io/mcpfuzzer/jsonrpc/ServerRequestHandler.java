package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds the response to a request the server sent us. Pure; thread-safe.
 * Unknown methods get JSON-RPC error -32601 (method not found).
 */
public final class ServerRequestHandler {
    private final ClientAnswers answers;

    public ServerRequestHandler(ClientAnswers answers) {
        this.answers = answers;
    }

    /** The full response object (with the request's id) for a server request. */
    public ObjectNode respond(JsonNode request) {
        String method = request.path("method").asString("");
        JsonNode params = request.get("params");
        ObjectNode response = Json.object();
        response.put("jsonrpc", "2.0");
        response.set("id", request.get("id"));
        switch (method) {
            case "ping" -> response.set("result", Json.object());
            case "roots/list" -> response.set("result", answers.rootsResult());
            case "sampling/createMessage" -> response.set("result", answers.samplingResult());
            case "elicitation/create" -> response.set("result", answers.elicitationResult(params));
            default -> {
                ObjectNode error = response.putObject("error");
                error.put("code", -32601);
                error.put("message", "Method not found: " + method);
            }
        }
        return response;
    }
}
