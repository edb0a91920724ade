package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.common.Json;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The few MCP requests the auth audit sends over Streamable HTTP, with or without a bearer token:
 * {@code initialize}, {@code notifications/initialized}, {@code tools/list}, and the session's DELETE.
 * Answers are JSON or a (bounded) SSE body whose {@code data:} lines carry the JSON-RPC answer.
 * Stateless apart from the {@link AuthHttp} it uses; thread-safe.
 */
final class AuthMcpCalls {
    static final String VERSION = "2025-11-25";
    private static final int MAX_NAMES = 20;

    /**
     * @param answer  the HTTP answer
     * @param message the JSON-RPC answer found in it, or null
     */
    record Call(AuthHttp.Answer answer, JsonNode message) {
        int status() {
            return answer.status();
        }

        boolean hasResult() {
            return message != null && message.has("result");
        }

        String session() {
            return answer.header("Mcp-Session-Id");
        }
    }

    private final AuthHttp http;
    private final URI endpoint;

    AuthMcpCalls(AuthHttp http, URI endpoint) {
        this.http = http;
        this.endpoint = endpoint;
    }

    Call initialize(String token) {
        ObjectNode params = Json.object();
        params.put("protocolVersion", VERSION);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "mcp-fuzzer").put("version", "auth-audit");
        return request("initialize", params, token, null);
    }

    /** notifications/initialized then tools/list in the session (null: none). */
    Call listTools(String token, String session) {
        if (session != null) {
            ObjectNode n = Json.object().put("jsonrpc", "2.0").put("method", "notifications/initialized");
            http.postJson(endpoint, Json.write(n), headers(token, session));
        }
        return request("tools/list", Json.object(), token, session);
    }

    /** Best-effort DELETE of a session the server opened (its answer does not matter). */
    void close(String token, String session) {
        if (session == null) {
            return;
        }
        http.delete(endpoint, headers(token, session));
    }

    /** Names of the tools in a tools/list answer (at most 20) and their count. */
    static Map<String, Object> tools(JsonNode message) {
        List<String> names = new ArrayList<>();
        int count = 0;
        for (JsonNode t : message.path("result").path("tools")) {
            count++;
            if (names.size() < MAX_NAMES) {
                names.add(AuthorizationDriver.snippet(t.path("name").asString("")));
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("tool_count", count);
        out.put("tool_names", names);
        return out;
    }

    private Call request(String method, ObjectNode params, String token, String session) {
        ObjectNode msg = Json.object().put("jsonrpc", "2.0").put("id", "mcp-fuzzer-auth-audit").put("method", method);
        msg.set("params", params);
        AuthHttp.Answer a = http.postJson(endpoint, Json.write(msg), headers(token, session));
        return new Call(a, a.ok() ? message(a) : null);
    }

    private static Map<String, String> headers(String token, String session) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("MCP-Protocol-Version", VERSION);
        if (token != null) {
            h.put("Authorization", "Bearer " + token);
        }
        if (session != null) {
            h.put("Mcp-Session-Id", session);
        }
        return h;
    }

    private static JsonNode message(AuthHttp.Answer a) {
        String type = a.header("Content-Type");
        if (type != null && type.toLowerCase(java.util.Locale.ROOT).contains("text/event-stream")) {
            for (String line : a.body().split("\n", 10_000)) {
                String l = line.strip();
                if (l.startsWith("data:")) {
                    JsonNode n = parse(l.substring(5).strip());
                    if (n != null && (n.has("result") || n.has("error"))) {
                        return n;
                    }
                }
            }
            return null;
        }
        return parse(a.body());
    }

    private static JsonNode parse(String text) {
        try {
            JsonNode n = Json.parse(text);
            return n != null && n.isObject() ? n : null;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
