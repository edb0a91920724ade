package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture for latency outliers that do not reproduce. Tool {@code warm_up} takes 1.5 s on its first call
 * after the server starts (a cache it fills once) and answers at once afterwards, whatever the input; with
 * the argument {@code slow-without-text}, every call without a {@code text} argument also takes 1.5 s
 * (an outlier that does reproduce).
 */
public final class ColdStartServer extends MiniServer {
    private final boolean slowWithoutText;
    private boolean warm;

    private ColdStartServer(boolean slowWithoutText) {
        this.slowWithoutText = slowWithoutText;
    }

    public static void main(String[] args) throws Exception {
        new ColdStartServer(args.length > 0 && args[0].equals("slow-without-text")).serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            ObjectNode tool = r.putArray("tools").addObject();
            tool.put("name", "warm_up");
            tool.put("description", "Echoes a text.");
            ObjectNode schema = tool.putObject("inputSchema");
            schema.put("type", "object");
            schema.putObject("properties").putObject("text").put("type", "string");
            return result(id, r);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        if (!warm || (slowWithoutText && !params.path("arguments").has("text"))) {
            Thread.sleep(1_500);
        }
        warm = true;
        return result(id, text("ok"));
    }
}
