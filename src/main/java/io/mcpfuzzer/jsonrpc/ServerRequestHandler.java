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
        JsonNode id = request.get("id");
        return switch (method) {
            case "ping" -> Messages.result(id, Json.object());
            case "roots/list" -> Messages.result(id, answers.rootsResult());
            case "sampling/createMessage" -> Messages.result(id, answers.samplingResult());
            case "elicitation/create" -> Messages.result(id, answers.elicitationResult(params));
            default -> Messages.error(id, -32601, "Method not found: " + method);
        };
    }
}
