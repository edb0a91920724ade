package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Classification of one inbound frame (JSON-RPC 2.0 section 4-6). Never throws: garbage is a kind.
 *
 * @param kind what the frame is
 * @param node parsed JSON, or null when not JSON
 * @param raw  the frame text
 * @param problem why the frame is invalid JSON-RPC, or null
 */
public record InboundMessage(Kind kind, JsonNode node, String raw, String problem) {

    /** Frame kinds. */
    public enum Kind { RESPONSE, REQUEST, NOTIFICATION, BATCH, INVALID, NOT_JSON }

    public static InboundMessage classify(String raw) {
        JsonNode node;
        try {
            node = Json.parse(raw);
        } catch (JacksonException e) {
            return new InboundMessage(Kind.NOT_JSON, null, raw, "not JSON: " + firstLine(e.getOriginalMessage()));
        }
        if (node == null || node.isMissingNode()) {
            return new InboundMessage(Kind.NOT_JSON, null, raw, "empty frame");
        }
        if (node.isArray()) {
            return new InboundMessage(Kind.BATCH, node, raw, null);
        }
        if (!node.isObject()) {
            return new InboundMessage(Kind.INVALID, node, raw, "top-level JSON is not an object");
        }
        JsonNode version = node.get("jsonrpc");
        String versionProblem = version == null || !version.isString() || !"2.0".equals(version.asString())
                ? "missing or wrong \"jsonrpc\" member (must be \"2.0\")" : null;
        boolean hasMethod = node.has("method");
        boolean hasId = node.has("id");
        if (hasMethod) {
            if (!node.get("method").isString()) {
                return new InboundMessage(Kind.INVALID, node, raw, "\"method\" is not a string");
            }
            Kind kind = hasId ? Kind.REQUEST : Kind.NOTIFICATION;
            return new InboundMessage(versionProblem == null ? kind : Kind.INVALID, node, raw, versionProblem);
        }
        boolean hasResult = node.has("result");
        boolean hasError = node.has("error");
        if (hasResult == hasError) {
            return new InboundMessage(Kind.INVALID, node, raw,
                    hasResult ? "response has both result and error" : "neither method, result nor error");
        }
        if (!hasId) {
            return new InboundMessage(Kind.INVALID, node, raw, "response without id");
        }
        if (hasError) {
            JsonNode error = node.get("error");
            if (!error.isObject() || !error.has("code") || !error.get("code").isIntegralNumber()
                    || !error.has("message") || !error.get("message").isString()) {
                return new InboundMessage(Kind.RESPONSE, node, raw,
                        "error object lacks an integer code or a string message");
            }
        }
        return new InboundMessage(Kind.RESPONSE, node, raw, versionProblem);
    }

    public JsonNode id() {
        return node == null ? null : node.get("id");
    }

    public String method() {
        JsonNode m = node == null ? null : node.get("method");
        return m == null ? null : m.asString();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
