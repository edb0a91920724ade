package io.mcpfuzzer.e2e;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stateless Streamable HTTP MCP server (JSON answers only, no sessions, GET is 405) on 127.0.0.1 that is
 * correct in initialize and resources/list but deliberately broken where both the conformance suite and our
 * spec guard must object: ping answers an error, tools/list lists a tool without inputSchema, prompts/list
 * lists a prompt without name, and logging (declared) does not serve logging/setLevel. Runs in the test JVM.
 */
final class FlawedHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "flawed-mcp-http");
        t.setDaemon(true);
        return t;
    });

    FlawedHttpServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(executor);
        server.createContext("/mcp", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            byte[] body = ex.getRequestBody().readNBytes(1 << 20);
            if (!"POST".equals(ex.getRequestMethod())) {
                ex.sendResponseHeaders(405, -1);
                return;
            }
            JsonNode message;
            try {
                message = Json.parse(new String(body, StandardCharsets.UTF_8));
            } catch (RuntimeException e) {
                send(ex, 400, error(null, -32700, "Parse error"));
                return;
            }
            if (!message.isObject() || !message.has("id") || !message.has("method")) {
                if (message.isObject() && message.has("method")) {
                    ex.sendResponseHeaders(202, -1);
                } else {
                    send(ex, 400, error(null, -32600, "Invalid Request"));
                }
                return;
            }
            send(ex, 200, answer(message.get("id"), message.path("method").asString()));
        }
    }

    private static ObjectNode answer(JsonNode id, String method) {
        ObjectNode result = Json.object();
        switch (method) {
            case "initialize" -> {
                result.put("protocolVersion", "2025-11-25");
                ObjectNode caps = result.putObject("capabilities");
                caps.putObject("tools");
                caps.putObject("prompts");
                caps.putObject("resources");
                caps.putObject("logging");
                result.putObject("serverInfo").put("name", "flawed").put("version", "1.0.0");
            }
            case "ping" -> {
                return error(id, -32603, "ping is broken");
            }
            case "tools/list" -> result.putArray("tools").addObject().put("name", "no-schema")
                    .put("description", "a tool without inputSchema");
            case "prompts/list" -> result.putArray("prompts").addObject().put("description", "a prompt without name");
            case "resources/list" -> result.putArray("resources").addObject().put("uri", "file:///a.txt")
                    .put("name", "a.txt").put("description", "a resource").put("mimeType", "text/plain");
            case "resources/templates/list" -> result.putArray("resourceTemplates");
            default -> {
                return error(id, -32601, "Method not found");
            }
        }
        ObjectNode response = Json.object().put("jsonrpc", "2.0");
        response.set("id", id);
        response.set("result", result);
        return response;
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode response = Json.object().put("jsonrpc", "2.0");
        response.set("id", id);
        response.putObject("error").put("code", code).put("message", message);
        return response;
    }

    private static void send(HttpExchange ex, int status, JsonNode json) throws IOException {
        byte[] bytes = Json.write(json).getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
