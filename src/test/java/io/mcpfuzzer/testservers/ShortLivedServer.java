package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture of a server that exits on its own soon after it starts, whatever it is sent, and says nothing
 * on stderr (as @benborla29/mcp-server-mysql 2.0.9 does 0.85 s after its start when no database answers).
 * Argument: the lifetime in milliseconds (default 1500); it exits with status 3. Tool {@code lookup}
 * answers after 100 ms. With the argument {@code crash-on-call} instead, it lives until it is sent a
 * {@code tools/call}, then exits with status 3 (a crash its input causes: left alone, it stays up).
 */
public final class ShortLivedServer extends MiniServer {
    private final boolean crashOnCall;

    private ShortLivedServer(boolean crashOnCall) {
        this.crashOnCall = crashOnCall;
    }

    public static void main(String[] args) throws Exception {
        boolean onInput = args.length > 0 && args[0].equals("crash-on-call");
        if (!onInput) {
            long lifetime = args.length > 0 ? Long.parseLong(args[0]) : 1_500;
            Thread exit = new Thread(() -> {
                try {
                    Thread.sleep(lifetime);
                } catch (InterruptedException e) {
                    return;
                }
                Runtime.getRuntime().halt(3);
            });
            exit.setDaemon(true);
            exit.start();
        }
        new ShortLivedServer(onInput).serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            ObjectNode listing = Json.object();
            ObjectNode tool = listing.putArray("tools").addObject();
            tool.put("name", "lookup");
            tool.put("description", "Looks a key up.");
            ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
            schema.putObject("properties").putObject("key").put("type", "string");
            return result(id, listing);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        if (crashOnCall) {
            Runtime.getRuntime().halt(3);
        }
        Thread.sleep(100);
        return result(id, text("found"));
    }
}
