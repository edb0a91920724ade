package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stdio MCP server with two tools taking one string {@code text}: {@code snap} never answers (as a browser tool
 * waiting for a browser that is not installed), while the server keeps answering pings and {@code echo}, which
 * answers every call. Single-threaded; {@code snap}'s requests are read and dropped.
 */
public final class DeafToolServer extends MiniServer {
    public static void main(String[] args) throws Exception {
        new DeafToolServer().serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            var tools = r.putArray("tools");
            for (String name : new String[] {"snap", "echo"}) {
                ObjectNode schema = tools.addObject().put("name", name).put("description", "Takes a text.")
                        .putObject("inputSchema").put("type", "object");
                schema.putObject("properties").putObject("text").put("type", "string");
            }
            return result(id, r);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        if (params.path("name").asString("").equals("snap")) {
            return null; // never answered
        }
        return result(id, text("echo " + params.path("arguments").path("text").asString("")));
    }
}
