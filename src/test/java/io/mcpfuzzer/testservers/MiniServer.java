package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Messages;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tiny line-based MCP server skeleton for test fixtures: handles initialize, ping and
 * notifications, and hands every other request to {@link #handle}. Single-threaded unless the
 * handler spawns threads; answers are written with {@link #send}.
 */
public abstract class MiniServer {
    protected final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    /** Answer for a request (return null to answer later or never). */
    protected abstract ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception;

    protected JsonNode capabilities() {
        ObjectNode caps = Json.object();
        caps.putObject("tools");
        return caps;
    }

    public final void serve() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode msg;
            try {
                msg = Json.parse(line);
            } catch (JacksonException e) {
                send(error(null, -32700, "Parse error"));
                continue;
            }
            if (!msg.isObject() || !msg.has("method") || !msg.has("id")) {
                continue;
            }
            String method = msg.get("method").asString("");
            JsonNode id = msg.get("id");
            JsonNode params = msg.path("params");
            if (method.equals("initialize")) {
                ObjectNode r = Json.object();
                r.put("protocolVersion", params.path("protocolVersion").asString("2025-11-25"));
                r.set("capabilities", capabilities());
                r.putObject("serverInfo").put("name", getClass().getSimpleName()).put("version", "1");
                send(result(id, r));
            } else if (method.equals("ping")) {
                send(result(id, Json.object()));
            } else {
                ObjectNode answer = handle(method, id, params);
                if (answer != null) {
                    send(answer);
                }
            }
        }
    }

    protected synchronized void send(JsonNode message) {
        out.println(Json.write(message));
        out.flush();
    }

    protected static ObjectNode result(JsonNode id, JsonNode result) {
        return Messages.result(id, result);
    }

    protected static ObjectNode error(JsonNode id, int code, String message) {
        return Messages.error(id, code, message);
    }

    protected static ObjectNode text(String text) {
        ObjectNode r = Json.object();
        r.putArray("content").addObject().put("type", "text").put("text", text);
        return r;
    }
}
