package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * A deliberately tiny JSON-RPC client for tests and the benchmark, playing the part of the lead's layer:
 * matches responses by id and answers server requests (sampling, roots, elicitation, ping) by calling
 * {@code send} from the listener thread. Frames are hand-written JSON text.
 */
final class MiniRpc {
    final RecordingListener listener = new RecordingListener();
    final List<String> serverRequests = new CopyOnWriteArrayList<>();
    private final Map<String, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Transport transport;

    MiniRpc(Transport transport) throws TransportException {
        this.transport = transport;
        listener.hook = this::route;
        transport.start(listener);
    }

    private void route(String frame) {
        JsonNode node;
        try {
            node = Json.parse(frame);
        } catch (RuntimeException e) {
            return;
        }
        for (JsonNode msg : node.isArray() ? node : List.of(node)) {
            if (msg.has("method") && msg.has("id")) {
                answer(msg);
            } else if (msg.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asString());
                if (f != null) {
                    f.complete(msg);
                }
            }
        }
    }

    private void answer(JsonNode request) {
        String method = request.get("method").asString();
        serverRequests.add(method);
        String result = switch (method) {
            case "sampling/createMessage" -> "{\"role\":\"assistant\",\"content\":{\"type\":\"text\",\"text\":\"fuzzed-sample\"},"
                    + "\"model\":\"test-model\",\"stopReason\":\"endTurn\"}";
            case "roots/list" -> "{\"roots\":[]}";
            case "elicitation/create" -> "{\"action\":\"decline\"}";
            case "ping" -> "{}";
            default -> null;
        };
        String id = Json.write(request.get("id"));
        String frame = result == null
                ? "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,\"message\":\"not supported\"}}"
                : "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}";
        try {
            transport.send(frame);
        } catch (TransportException e) {
            listener.problems.add("answer failed: " + e.getMessage());
        }
    }

    /** Sends a request and waits for its response object (result or error). */
    JsonNode call(String method, String paramsJson, Duration timeout) throws Exception {
        long id = ids.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        pending.put(Long.toString(id), f);
        transport.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + paramsJson + "}");
        return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    void notify(String method) throws TransportException {
        transport.send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"}");
    }

    /** initialize with sampling/roots/elicitation capabilities, then notifications/initialized. */
    JsonNode initialize(Duration timeout) throws Exception {
        JsonNode init = call("initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"sampling\":{},"
                + "\"roots\":{\"listChanged\":true},\"elicitation\":{}},\"clientInfo\":{\"name\":\"mcp-fuzzer-test\","
                + "\"version\":\"0\"}}", timeout);
        String version = init.path("result").path("protocolVersion").asString();
        if (transport instanceof StreamableHttpTransport s && !version.isEmpty()) {
            s.setProtocolVersion(version);
        }
        notify("notifications/initialized");
        return init;
    }
}
