package io.mcpfuzzer.report;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How to send a finding's request again, with or without the fuzzer: the exact JSON-RPC line,
 * the lines a fresh session needs before it ({@code initialize}, {@code notifications/initialized}),
 * and a shell command replaying them ({@code printf ... | server-command} for stdio, {@code curl}
 * for streamable HTTP). Built from a redacted finding, and the shell command is redacted again
 * ({@link Redactor#redact(String)}), so no credential reaches it. Stateless and thread-safe.
 *
 * <p>A line longer than {@link #MAX_LINE} characters, or too deep to write, is not given. The request line of a tool, resource or prompt finding uses id {@value #REQUEST_ID}; the
 * {@code initialize} line id {@value #INIT_ID}. A protocol finding's line is the recorded message or
 * raw frame as sent. A finding with no single request (audits, aggregates) has no line.
 */
public final class Reproduction {
    /** Id of the {@code initialize} request in {@link #preamble}. */
    public static final int INIT_ID = 1;
    /** Id of a rebuilt tool, resource or prompt request line. */
    public static final int REQUEST_ID = 2;
    private static final String CUT_MARK = " more chars]";
    /** Longest line reported (characters); a longer input has no reproduction line. */
    public static final int MAX_LINE = 256 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(Reproduction.class);

    private Reproduction() {}

    /** The exact line for the finding's recorded input, or null when it has none (or it was cut). */
    public static String line(Finding f) {
        return line(f.kind(), f.target(), f.evidence(), "input");
    }

    /** The exact line for the finding's {@code minimal_input}, or null when it has none. */
    public static String minimalLine(Finding f) {
        return f.evidence().containsKey("minimal_input") ? line(f.kind(), f.target(), f.evidence(), "minimal_input")
                : null;
    }

    private static String line(String kind, String target, Map<String, Object> ev, String inputKey) {
        try {
            String line = build(kind, target, ev, inputKey);
            return line == null || line.length() > MAX_LINE ? null : line;
        } catch (JacksonException e) { // deeper than the JSON writer allows: the fuzzer could not have sent it either
            LOG.debug("no reproduction line for {} {}: {}", kind, target, e.getOriginalMessage());
            return null;
        }
    }

    private static String build(String kind, String target, Map<String, Object> ev, String inputKey) {
        String raw = text(ev.get("raw_input"));
        if ("input".equals(inputKey) && raw != null && !raw.isEmpty() && !raw.endsWith(CUT_MARK)
                && ("protocol".equals(kind) || "frame".equals(kind))) {
            return raw;
        }
        Object value = ev.get(inputKey);
        if (value == null) {
            return null;
        }
        JsonNode input = ReportJson.toTree(value);
        String strategy = text(ev.get("strategy")) == null ? "" : text(ev.get("strategy"));
        return switch (kind) {
            case "protocol" -> input.isObject() && input.has("method") ? Json.write(input) : null;
            // an audit finding of a tool call (response or canary check) carries the call's arguments
            case "tool", "audit" -> {
                if ("audit".equals(kind) && !ev.containsKey("payload_family") && !ev.containsKey("shrink_sends")) {
                    yield null;
                }
                ObjectNode params = Json.object();
                params.put("name", target);
                params.set("arguments", input);
                yield request(REQUEST_ID, "tools/call", params);
            }
            case "resource" -> request(REQUEST_ID, strategy.startsWith("subscribe") ? "resources/subscribe"
                    : "resources/read", input);
            case "prompt" -> request(REQUEST_ID, "prompts/get", input);
            default -> null;
        };
    }

    /** {@code initialize} (id {@value #INIT_ID}) and {@code notifications/initialized}, as compact lines. */
    public static List<String> preamble(String protocolVersion) {
        ObjectNode params = Json.object();
        params.put("protocolVersion", protocolVersion == null || protocolVersion.isBlank() ? "2025-11-25"
                : protocolVersion);
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "mcp-fuzzer-replay").put("version", "1");
        ObjectNode initialized = Json.object();
        initialized.put("jsonrpc", "2.0");
        initialized.put("method", "notifications/initialized");
        return List.of(request(INIT_ID, "initialize", params), Json.write(initialized));
    }

    /**
     * A shell command replaying {@code line} after the preamble without the fuzzer, or null when
     * that is not possible (an SSE target, a line with a newline, CR or NUL, no endpoint).
     *
     * @param transport {@code stdio}, {@code streamablehttp}, {@code http}, {@code https} or {@code sse}
     * @param endpoint  the (redacted) endpoint: the stdio command line, or the URL
     */
    public static String shell(String transport, String endpoint, String protocolVersion, String line) {
        if (line == null || endpoint == null || endpoint.isBlank() || line.indexOf('\n') >= 0
                || line.indexOf('\r') >= 0 || line.indexOf('\0') >= 0) {
            return null;
        }
        List<String> lines = new ArrayList<>(preamble(protocolVersion));
        lines.add(line);
        String command;
        if ("stdio".equals(transport)) {
            StringBuilder b = new StringBuilder("printf '%s\\n'");
            lines.forEach(l -> b.append(' ').append(quote(l)));
            command = b.append(" | ").append(endpoint).toString();
        } else if ("streamablehttp".equals(transport) || "http".equals(transport) || "https".equals(transport)) {
            String post = "curl -sS -X POST " + quote(endpoint) + " -H 'Content-Type: application/json'"
                    + " -H 'Accept: application/json, text/event-stream'";
            command = "SID=$(" + post + " -D - -o /dev/null --data-binary " + quote(lines.get(0))
                    + " | sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: *//p' | tr -d '\\r'); "
                    + post + " -H \"Mcp-Session-Id: $SID\" --data-binary " + quote(lines.get(1)) + "; "
                    + post + " -H \"Mcp-Session-Id: $SID\" --data-binary " + quote(line);
        } else {
            return null;
        }
        return Redactor.standard().redact(command);
    }

    /** An evidence value as text: a string, or a JSON string node (as after redaction); else null. */
    public static String text(Object value) {
        if (value instanceof String s) {
            return s;
        }
        return value instanceof JsonNode n && n.isString() ? n.asString() : null;
    }

    /** POSIX single-quoting: safe for any text without NUL. */
    public static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    private static String request(int id, String method, JsonNode params) {
        ObjectNode node = Json.object();
        node.put("jsonrpc", "2.0");
        node.put("id", id);
        node.put("method", method);
        if (params != null) {
            node.set("params", params);
        }
        return Json.write(node);
    }
}
