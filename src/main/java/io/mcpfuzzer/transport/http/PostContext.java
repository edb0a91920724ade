package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What the Streamable HTTP transport remembers about one POSTed frame: whether a session id was sent,
 * the JSON-RPC request id (only looked at to decide whether a dropped SSE stream must be resumed), and
 * whether the answer to it was seen. The transport stays ignorant of JSON-RPC otherwise.
 */
final class PostContext {
    private static final int MAX_SNIFF_BYTES = 64 * 1024;

    final byte[] body;
    final boolean hadSession;
    private JsonNode requestId;
    private boolean parsed;
    private volatile boolean answered;

    PostContext(byte[] body, boolean hadSession) {
        this.body = body;
        this.hadSession = hadSession;
    }

    /** The {@code id} of a request frame ({@code method} and {@code id} present), else null. Parsed once. */
    synchronized JsonNode requestId() {
        if (!parsed) {
            parsed = true;
            requestId = requestIdOf(parse(body));
        }
        return requestId;
    }

    /** The {@code id} of a request object ({@code method} and a string or number {@code id}), else null. */
    private static JsonNode requestIdOf(JsonNode n) {
        return n != null && n.isObject() && n.has("method") && n.has("id") && (n.get("id").isString()
                || n.get("id").isNumber()) ? n.get("id") : null;
    }

    /**
     * The ids of the requests this frame carries: its own (see {@link #requestId()}), or those of a batch's
     * requests; empty for a notification, a response or raw bytes, for which nothing waits.
     */
    java.util.List<JsonNode> requestIds() {
        JsonNode own = requestId();
        if (own != null) {
            return java.util.List.of(own);
        }
        java.util.List<JsonNode> ids = new java.util.ArrayList<>();
        JsonNode root = body.length > 0 && firstNonSpace() == '[' ? parse(body) : null;
        if (root != null && root.isArray()) {
            for (JsonNode e : root) {
                JsonNode id = requestIdOf(e);
                if (id != null) {
                    ids.add(id);
                }
            }
        }
        return ids;
    }

    private byte firstNonSpace() {
        for (byte b : body) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b;
            }
        }
        return 0;
    }

    /** True when the frame is the {@code notifications/initialized} notification. */
    boolean isInitializedNotification() {
        if (body.length > MAX_SNIFF_BYTES) {
            return false;
        }
        String text = new String(body, StandardCharsets.UTF_8);
        if (!text.contains("notifications/initialized")) {
            return false;
        }
        JsonNode root = parse(body);
        return root != null && root.isObject() && root.has("method")
                && "notifications/initialized".equals(root.get("method").asString()) && !root.has("id");
    }

    /** Notes an inbound payload; marks the request answered when the payload is the response to it. */
    void observe(String payload) {
        JsonNode id = requestId();
        if (id == null || answered || !(payload.contains("\"result\"") || payload.contains("\"error\""))) {
            return;
        }
        try {
            JsonNode node = Json.parse(payload);
            if (node.isObject() && !node.has("method") && id.equals(node.get("id"))) {
                answered = true;
            }
        } catch (JacksonException e) {
            // not JSON: not the answer
        }
    }

    boolean answered() {
        return answered;
    }

    private static JsonNode parse(byte[] bytes) {
        if (bytes.length > MAX_SNIFF_BYTES * 16) {
            return null;
        }
        try {
            return Json.parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (JacksonException e) {
            return null;
        }
    }
}
