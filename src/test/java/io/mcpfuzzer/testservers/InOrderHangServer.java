package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.InputStream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A single-threaded MCP stdio server that reads its requests in order and goes deaf on one kind of
 * input: its one tool, {@code find}, stops the server for good (it answers nothing again, but keeps
 * reading and discarding its input, so a client's writes never block) when its {@code key} argument
 * is a string holding a character other than a letter, digit, space, {@code .}, {@code ,}, {@code -}
 * or {@code _}. Every other call is answered: {@code found <key>} for a string key, an Invalid Params
 * error otherwise. Requests that arrived behind a hanging one are never read by the handler, so a
 * client that blames them blames inputs that do not hang.
 */
public final class InOrderHangServer extends MiniServer {
    public static void main(String[] args) throws Exception {
        new InOrderHangServer().serve();
    }

    /** Whether {@code find} with these arguments makes the server deaf. */
    public static boolean hangs(JsonNode arguments) {
        JsonNode key = arguments == null ? null : arguments.path("key");
        return key != null && key.isString() && !key.asString().matches("[\\p{L}\\p{N} .,_-]*");
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            ObjectNode tool = r.putArray("tools").addObject().put("name", "find").put("description", "Finds a key.");
            ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
            schema.putObject("properties").putObject("key").put("type", "string");
            schema.putArray("required").add("key");
            return result(id, r);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        JsonNode args = params.path("arguments");
        if (hangs(args)) {
            drainForever(System.in);
        }
        if (!args.path("key").isString()) {
            return error(id, -32602, "Invalid params: key must be a string");
        }
        return result(id, text("found " + args.path("key").asString()));
    }

    private static void drainForever(InputStream in) throws InterruptedException {
        Thread drain = new Thread(() -> {
            byte[] buf = new byte[8192];
            try {
                while (in.read(buf) >= 0) {
                    // deaf: read and discarded
                }
            } catch (IOException e) {
                // input closed: nothing left to discard
            }
        }, "drain");
        drain.setDaemon(true);
        drain.start();
        Thread.sleep(Long.MAX_VALUE);
    }
}
