package io.mcpfuzzer.bench;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Messages;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A trivial MCP server over stdio (newline-delimited JSON-RPC) used as the throughput target:
 * {@code initialize}, {@code ping}, {@code tools/list} with one tool {@code echo(text: string)},
 * and {@code tools/call} answering the text. Single-threaded: one request is answered before the
 * next line is read, and every answer is flushed at once. Ends at EOF on stdin.
 *
 * <p>It does not check that {@code initialize} came first, so a bare client may call tools
 * directly. Before reading stdin it answers {@value #SELF_WARMUP} synthetic calls internally so its
 * JIT is warm: every incarnation (the campaign's and the bare loop's) then answers equally fast.
 */
public final class EchoServer {
    /** Synthetic calls answered (and discarded) at start-up to warm the JIT. */
    static final int SELF_WARMUP = 20_000;

    private final OutputStream out = new BufferedOutputStream(System.out, 64 * 1024);

    public static void main(String[] args) throws IOException {
        warmUp();
        new EchoServer().serve();
    }

    private static void warmUp() {
        long bytes = 0;
        for (int i = 0; i < SELF_WARMUP; i++) {
            String line = "{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\",\"params\":"
                    + "{\"name\":\"echo\",\"arguments\":{\"text\":\"warm-" + i + "\"}}}";
            bytes += Json.write(answer(line)).getBytes(StandardCharsets.UTF_8).length;
        }
        if (bytes == 0) {
            throw new IllegalStateException("warm-up produced nothing");
        }
    }

    private void serve() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 64 * 1024);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            ObjectNode answer = answer(line);
            if (answer != null) {
                out.write(Json.write(answer).getBytes(StandardCharsets.UTF_8));
                out.write('\n');
                out.flush();
            }
        }
    }

    /** The response for one frame, or null for notifications and responses. */
    private static ObjectNode answer(String line) {
        JsonNode msg;
        try {
            msg = Json.parse(line);
        } catch (JacksonException e) {
            return error(null, -32700, "Parse error");
        }
        if (msg == null || !msg.isObject() || !msg.has("method")) {
            return null;
        }
        JsonNode id = msg.get("id");
        if (id == null) {
            return null;
        }
        JsonNode params = msg.path("params");
        return switch (msg.get("method").asString("")) {
            case "initialize" -> result(id, initialize(params));
            case "ping" -> result(id, Json.object());
            case "tools/list" -> result(id, tools());
            case "tools/call" -> call(id, params);
            default -> error(id, -32601, "Method not found");
        };
    }

    private static ObjectNode initialize(JsonNode params) {
        ObjectNode r = Json.object();
        r.put("protocolVersion", params.path("protocolVersion").asString("2025-06-18"));
        r.putObject("capabilities").putObject("tools");
        r.putObject("serverInfo").put("name", "bench-echo").put("version", "1");
        return r;
    }

    private static ObjectNode tools() {
        ObjectNode r = Json.object();
        ObjectNode tool = r.putArray("tools").addObject();
        tool.put("name", "echo");
        tool.put("description", "Answers the text it is given.");
        ObjectNode schema = tool.putObject("inputSchema");
        schema.put("type", "object");
        schema.putObject("properties").putObject("text").put("type", "string");
        schema.putArray("required").add("text");
        return r;
    }

    private static ObjectNode call(JsonNode id, JsonNode params) {
        if (!"echo".equals(params.path("name").asString(""))) {
            return error(id, -32602, "Unknown tool");
        }
        JsonNode text = params.path("arguments").path("text");
        ObjectNode r = Json.object();
        r.putArray("content").addObject().put("type", "text").put("text", text.isString() ? text.asString()
                : text.toString());
        return result(id, r);
    }

    private static ObjectNode result(JsonNode id, JsonNode result) {
        return Messages.result(id, result);
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        return Messages.error(id, code, message);
    }
}
