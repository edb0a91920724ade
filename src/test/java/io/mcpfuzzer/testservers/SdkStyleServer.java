package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Newline-delimited JSON-RPC on stdio with the TypeScript MCP SDK's idea of a valid message (the
 * framing {@link BarrierServer} and {@link RootCauseServer} share): {@code jsonrpc} exactly
 * {@code "2.0"}, a string method, an id that is absent, a string or an integer. A frame that is not
 * JSON gets -32700 and an invalid message -32600, or, with {@code dropInvalid} (like the SDK), nothing
 * at all. Blank lines are skipped, notifications never answered, requests go to {@link #onRequest}.
 * Lines are read on one thread; {@link #send} may be called from any thread (writes are serialized).
 */
abstract class SdkStyleServer {
    private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    private final boolean dropInvalid;

    protected SdkStyleServer(boolean dropInvalid) {
        this.dropInvalid = dropInvalid;
    }

    /** Serves stdin until it ends. */
    final void serve() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = next(in)) != null) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode message;
            try {
                message = Json.parse(line);
            } catch (JacksonException e) {
                onUnparsable(e);
                if (!dropInvalid) {
                    send(Rpc.error(null, -32700, "Parse error"));
                }
                continue;
            }
            onMessage(message);
        }
    }

    /** The next line, or null at end of input; a subclass may read differently (and never return). */
    protected String next(BufferedReader in) throws Exception {
        return in.readLine();
    }

    /** Called for a frame that is not JSON, before it is answered or dropped; may never return. */
    protected void onUnparsable(JacksonException e) throws InterruptedException {
    }

    /** Serves one valid request; {@code params} is a missing node when absent. */
    protected abstract void onRequest(JsonNode id, String method, JsonNode params);

    /** Writes one message as one line and flushes; safe from any thread. */
    protected final synchronized void send(JsonNode message) {
        ByteLines.send(out, message);
    }

    private void onMessage(JsonNode message) {
        boolean strict = message.isObject() && "2.0".equals(message.path("jsonrpc").asString(""))
                && message.path("method").isString()
                && (!message.has("id") || message.get("id").isString() || message.get("id").isIntegralNumber());
        if (!strict) {
            if (!dropInvalid) {
                send(Rpc.error(Rpc.validId(message.get("id")), -32600, "Invalid Request"));
            }
            return;
        }
        JsonNode id = message.get("id");
        if (id != null) {
            onRequest(id, message.get("method").asString(), message.path("params"));
        }
    }

    /** A tools/list result of tools that each take one required string {@code text}. */
    static ObjectNode textTools(String... names) {
        ObjectNode r = Json.object();
        var list = r.putArray("tools");
        for (String name : names) {
            ObjectNode tool = list.addObject().put("name", name).put("description", "Does " + name + ".");
            ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
            schema.putObject("properties").putObject("text").put("type", "string");
            schema.putArray("required").add("text");
        }
        return r;
    }
}
