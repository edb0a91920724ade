package io.mcpfuzzer.oracle.spec;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.mcp.McpVersion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * State of one guard run: the exchange, the negotiated revision, the results so far, the ids the
 * guard sent, and every reply seen (for the envelope checks that run last). Single-threaded.
 */
final class GuardContext {
    final SpecExchange exchange;
    final McpVersion version;
    final String negotiated;
    final Duration timeout;
    final List<CheckResult> results = new ArrayList<>();
    final List<ProbeReply> replies = new ArrayList<>();
    private final Set<String> sentIds = new HashSet<>();
    private int counter;
    /** Set when the server stopped answering ping; later checks are skipped. */
    boolean dead;
    /** The first unexpected exception of a check group, or null. */
    String internalError;

    GuardContext(SpecExchange exchange, McpVersion version, String negotiated, Duration timeout) {
        this.exchange = exchange;
        this.version = version;
        this.negotiated = negotiated;
        this.timeout = timeout;
    }

    JsonNode capabilities() {
        JsonNode init = exchange.initializeResult();
        JsonNode caps = init == null ? null : init.get("capabilities");
        return caps != null && caps.isObject() ? caps : Json.object();
    }

    boolean declares(String capability) {
        JsonNode c = capabilities().get(capability);
        return c != null && !c.isNull() && !(c.isBoolean() && !c.asBoolean());
    }

    /** A fresh string id the guard owns ({@code spec-guard-N}). */
    JsonNode freshId() {
        JsonNode id = StringNode.valueOf("spec-guard-" + (++counter));
        sentIds.add(id.asString());
        return id;
    }

    void remember(JsonNode id) {
        sentIds.add(idText(id));
    }

    boolean sentByGuard(JsonNode id) {
        return id != null && !id.isNull() && sentIds.contains(idText(id));
    }

    static String idText(JsonNode id) {
        return id == null ? "" : id.isString() ? id.asString() : io.mcpfuzzer.common.Json.write(id);
    }

    /** A request frame {@code {"jsonrpc":"2.0","id":id,"method":m,"params":p}} (params omitted when null). */
    static String frame(JsonNode id, String method, ObjectNode params) {
        ObjectNode m = Json.object().put("jsonrpc", "2.0");
        if (id != null) {
            m.set("id", id);
        }
        m.put("method", method);
        if (params != null) {
            m.set("params", params);
        }
        return Json.write(m);
    }

    /** Sends a request with a fresh guard id and records the reply. */
    ProbeReply call(String method, ObjectNode params) {
        JsonNode id = freshId();
        return send(frame(id, method, params), id);
    }

    ProbeReply send(String frame, JsonNode id) {
        if (id != null) {
            remember(id);
        }
        ProbeReply reply = exchange.request(frame, id, timeout);
        record(reply);
        return reply;
    }

    void record(ProbeReply reply) {
        if (reply.answered()) {
            replies.add(reply);
        }
    }

    /** Response-shaped frames among {@code frames} (objects with result or error and no method). */
    static List<JsonNode> responses(List<String> frames) {
        List<JsonNode> out = new ArrayList<>();
        for (String f : frames) {
            ProbeReply r = ProbeReply.answered(f);
            if (r.json() != null && r.json().isObject() && !r.json().has("method")
                    && (r.json().has("result") || r.json().has("error"))) {
                out.add(r.json());
            } else if (r.json() != null && r.json().isArray()) {
                out.add(r.json());
            }
        }
        return out;
    }

    void add(SpecCheck check, CheckStatus status, String message, Object... evidencePairs) {
        Map<String, Object> evidence = new LinkedHashMap<>();
        for (int i = 0; i + 1 < evidencePairs.length; i += 2) {
            Object value = evidencePairs[i + 1];
            if (value != null) {
                String text = value instanceof String s ? s : Json.write(value);
                evidence.put(String.valueOf(evidencePairs[i]), text.length() <= 500 ? text : text.substring(0, 500) + "...");
            }
        }
        evidence.put("version", negotiated);
        evidence.put("spec", check.url(version));
        results.add(new CheckResult(check, status, message, evidence));
    }

    boolean applies(SpecCheck check) {
        return check.appliesTo(version);
    }
}
