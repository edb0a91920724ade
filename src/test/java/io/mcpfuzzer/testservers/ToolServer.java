package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@link MiniServer} that serves tools only (the shape {@link PickyFilesServer} and
 * {@link StoreAndPathsServer} share): {@code tools/list} lists {@link #tools}, {@code tools/call}
 * goes to {@link #call}, any other method gets -32601. Single-threaded.
 */
abstract class ToolServer extends MiniServer {
    /** Adds the tool descriptions to {@code tools}. */
    protected abstract void tools(ArrayNode tools);

    /** The answer to a call of tool {@code name} ({@code args} is a missing node when absent). */
    protected abstract ObjectNode call(JsonNode id, String name, JsonNode args) throws Exception;

    @Override
    protected final ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            tools(r.putArray("tools"));
            return result(id, r);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        return call(id, params.path("name").asString(""), params.path("arguments"));
    }

    /** Adds a tool taking one required string {@code param}, or no arguments when {@code param} is null. */
    protected static void tool(ArrayNode tools, String name, String description, String param) {
        ObjectNode schema = tools.addObject().put("name", name).put("description", description)
                .putObject("inputSchema").put("type", "object");
        ObjectNode props = schema.putObject("properties");
        if (param != null) {
            props.putObject(param).put("type", "string");
            schema.putArray("required").add(param);
        }
    }

    /** A tool result with {@code isError: true} and one text item. */
    protected static ObjectNode toolError(String message) {
        ObjectNode r = text(message);
        r.put("isError", true);
        return r;
    }
}
