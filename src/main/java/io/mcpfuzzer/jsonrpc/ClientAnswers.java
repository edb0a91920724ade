package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How the client answers requests a server sends it (MCP spec: ping, roots/list,
 * sampling/createMessage, elicitation/create). Immutable.
 *
 * @param roots            {@code file://} URIs returned by {@code roots/list}
 * @param samplingResult   canned {@code CreateMessageResult}
 * @param elicitationResult canned {@code ElicitResult}, or null to accept with the schema's defaults
 */
public record ClientAnswers(List<String> roots, JsonNode samplingResult, JsonNode elicitationResult) {

    public ClientAnswers {
        roots = roots == null ? List.of() : List.copyOf(roots);
    }

    /** Defaults: no roots, a short canned text for sampling, accept-with-defaults for elicitation. */
    public static ClientAnswers defaults() {
        ObjectNode sampling = Json.object();
        sampling.put("role", "assistant");
        sampling.putObject("content").put("type", "text").put("text", "mcp-fuzzer canned sampling answer");
        sampling.put("model", "mcp-fuzzer");
        sampling.put("stopReason", "endTurn");
        return new ClientAnswers(List.of(), sampling, null);
    }

    public ClientAnswers withRoots(List<String> newRoots) {
        return new ClientAnswers(newRoots, samplingResult, elicitationResult);
    }

    /** The {@code roots/list} result. */
    public JsonNode rootsResult() {
        ObjectNode result = Json.object();
        ArrayNode list = result.putArray("roots");
        for (String uri : roots) {
            ObjectNode root = list.addObject();
            root.put("uri", uri);
            String name = uri.replaceFirst("/+$", "");
            root.put("name", name.substring(name.lastIndexOf('/') + 1));
        }
        return result;
    }

    /**
     * The {@code elicitation/create} result: the canned one, or {@code accept} with each property's
     * {@code default} from the requested schema (SEP-1034 client defaults).
     */
    public JsonNode elicitationResult(JsonNode params) {
        if (elicitationResult != null) {
            return elicitationResult;
        }
        ObjectNode result = Json.object();
        result.put("action", "accept");
        ObjectNode content = result.putObject("content");
        JsonNode props = params == null ? null : params.path("requestedSchema").path("properties");
        if (props != null && props.isObject()) {
            for (var entry : props.properties()) {
                JsonNode def = entry.getValue().get("default");
                if (def != null) {
                    content.set(entry.getKey(), def);
                }
            }
        }
        return result;
    }
}
