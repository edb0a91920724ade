package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server whose {@code tools/list} never ends: every page holds one tool and a fresh
 * {@code nextCursor}, and each page after the first is answered after {@code args[0]} ms (default
 * 300), well inside a client's step timeout. Discovery must stop on its own time budget.
 */
public final class SlowPagesServer extends MiniServer {
    private final long delayMs;

    private SlowPagesServer(long delayMs) {
        this.delayMs = delayMs;
    }

    public static void main(String[] args) throws Exception {
        new SlowPagesServer(args.length > 0 ? Long.parseLong(args[0]) : 300).serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (!method.equals("tools/list")) {
            return error(id, -32601, "Method not found");
        }
        String cursor = params.path("cursor").asString("p0");
        int page = Integer.parseInt(cursor.substring(1));
        if (page > 0) {
            Thread.sleep(delayMs);
        }
        ObjectNode result = Json.object();
        ObjectNode tool = result.putArray("tools").addObject();
        tool.put("name", "tool_" + page);
        tool.putObject("inputSchema").put("type", "object");
        result.put("nextCursor", "p" + (page + 1));
        return result(id, result);
    }
}
