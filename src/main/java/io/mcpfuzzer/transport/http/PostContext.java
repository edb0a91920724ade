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
            JsonNode root = parse(body);
            if (root != null && root.isObject() && root.has("method") && root.has("id")
                    && (root.get("id").isString() || root.get("id").isNumber())) {
                requestId = root.get("id");
            }
        }
        return requestId;
    }

    /**
     * True when something waits for an answer to this frame: a request with an id, or a batch. A notification,
     * a response or raw bytes await none, so an error status for them must not fail a pending request.
     */
    boolean awaitsAnswer() {
        for (byte b : body) {
            if (b == '[') {
                return true;
            }
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                break;
            }
        }
        return requestId() != null;
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
