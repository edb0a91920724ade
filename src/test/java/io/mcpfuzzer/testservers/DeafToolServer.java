package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stdio MCP server whose tools take one string {@code text}: {@code snap} never answers (as a browser tool
 * waiting for a browser that is not installed), while the server keeps answering pings and {@code echo}, which
 * answers every call. With an argument N, the deaf tools are {@code snap0} to {@code snapN-1}, listed before
 * {@code echo}. Single-threaded; the deaf tools' requests are read and dropped.
 */
public final class DeafToolServer extends MiniServer {
    private final String[] names;

    private DeafToolServer(String[] names) {
        this.names = names;
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            new DeafToolServer(new String[] {"snap", "echo"}).serve();
            return;
        }
        int deaf = Integer.parseInt(args[0]);
        String[] names = new String[deaf + 1];
        for (int i = 0; i < deaf; i++) {
            names[i] = "snap" + i;
        }
        names[deaf] = "echo";
        new DeafToolServer(names).serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            var tools = r.putArray("tools");
            for (String name : names) {
                ObjectNode schema = tools.addObject().put("name", name).put("description", "Takes a text.")
                        .putObject("inputSchema").put("type", "object");
                schema.putObject("properties").putObject("text").put("type", "string");
            }
            return result(id, r);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        if (params.path("name").asString("").startsWith("snap")) {
            return null; // never answered
        }
        return result(id, text("echo " + params.path("arguments").path("text").asString("")));
    }
}
