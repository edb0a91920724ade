package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP stdio server (newline-delimited JSON-RPC) with one root cause that many inputs reach,
 * chosen by argument 0:
 * <ul>
 *   <li>{@code deaf-after-invalid}: like the Java MCP SDK's stdio transport, the first frame that
 *       is not JSON ends its reader: it stays alive but never reads stdin again (blank lines are skipped);</li>
 *   <li>{@code deaf-on-long-line}: stops reading stdin (and stays alive) as soon as a line grows past
 *       {@value #LONG_LINE} bytes, so a client writing a longer frame blocks once the pipe is full;</li>
 *   <li>{@code drop-invalid}: like the TypeScript MCP SDK, a message that is not strictly valid
 *       JSON-RPC ({@code jsonrpc} other than {@code "2.0"}, an id that is not a string or integer, a
 *       method that is not a string, or no JSON at all) is silently ignored; valid requests are answered;</li>
 *   <li>{@code crash-on}: any request to {@code resources/read}, {@code prompts/get} or
 *       {@code completion/complete} prints the same Java stack trace and exits with code 1;</li>
 *   <li>{@code internal}: every {@code tools/call} of its three tools answers -32603 with a message
 *       whose numbers, quoted value and path vary with the tool and the arguments (not with time).</li>
 * </ul>
 * Otherwise it answers initialize, ping, tools/list (three tools taking one string) and tools/call.
 * Single-threaded.
 */
public final class RootCauseServer {
    public static final int LONG_LINE = 8192;
    private static final Set<String> CRASHING = Set.of("resources/read", "prompts/get", "completion/complete");

    private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    private final String mode;

    private RootCauseServer(String mode) {
        this.mode = mode;
    }

    public static void main(String[] args) throws Exception {
        new RootCauseServer(args[0]).serve();
    }

    private void serve() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = next(in)) != null) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode message;
            try {
                message = Json.parse(line);
            } catch (JacksonException e) {
                if (mode.equals("deaf-after-invalid")) {
                    System.err.println("stdin reader stopped: " + e.getOriginalMessage());
                    Thread.sleep(Long.MAX_VALUE);
                }
                if (!mode.equals("drop-invalid")) {
                    send(Rpc.error(null, -32700, "Parse error"));
                }
                continue;
            }
            onMessage(message);
        }
    }

    /** The next line; in {@code deaf-on-long-line} mode, never returns once a line is too long. */
    private String next(BufferedReader in) throws Exception {
        if (!mode.equals("deaf-on-long-line")) {
            return in.readLine();
        }
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != -1; c = in.read()) {
            if (c == '\n') {
                return line.toString();
            }
            line.append((char) c);
            if (line.length() > LONG_LINE) {
                System.err.println("line too long; reader stopped");
                Thread.sleep(Long.MAX_VALUE);
            }
        }
        return line.length() == 0 ? null : line.toString();
    }

    private void onMessage(JsonNode message) {
        boolean strict = message.isObject() && "2.0".equals(message.path("jsonrpc").asString(""))
                && message.path("method").isString()
                && (!message.has("id") || message.get("id").isString() || message.get("id").isIntegralNumber());
        if (!strict) {
            if (!mode.equals("drop-invalid")) {
                send(Rpc.error(Rpc.validId(message.get("id")), -32600, "Invalid Request"));
            }
            return;
        }
        JsonNode id = message.get("id");
        if (id == null) {
            return;
        }
        String method = message.get("method").asString();
        JsonNode params = message.path("params");
        if (mode.equals("crash-on") && CRASHING.contains(method)) {
            System.err.println("Exception in thread \"main\" java.lang.IllegalStateException: no handler state\n"
                    + "\tat com.example.mcp.Dispatcher.lookup(Dispatcher.java:88)\n"
                    + "\tat com.example.mcp.Dispatcher.dispatch(Dispatcher.java:41)\n"
                    + "\tat com.example.mcp.Server.main(Server.java:17)");
            System.exit(1);
        }
        send(switch (method) {
            case "initialize" -> Rpc.result(id, Rpc.initializeResult(
                    params.path("protocolVersion").asString("2025-11-25"), "root-cause-" + mode));
            case "ping" -> Rpc.result(id, Json.object());
            case "tools/list" -> Rpc.result(id, tools());
            case "tools/call" -> call(id, params);
            default -> Rpc.error(id, -32601, "Method not found");
        });
    }

    private ObjectNode call(JsonNode id, JsonNode params) {
        if (!params.path("name").isString()) {
            return Rpc.error(id, -32602, "name must be a string");
        }
        String name = params.get("name").asString();
        if (mode.equals("internal")) {
            String args = params.path("arguments").toString();
            return Rpc.error(id, -32603, "Internal error: request " + (args.length() * 31 + name.length())
                    + " failed for '" + args.substring(0, Math.min(12, args.length())) + "' at /srv/app/handlers/"
                    + name + ".js:" + (name.length() * 7) + " (trace " + Integer.toHexString(args.hashCode() | 0x10000000)
                    + ")");
        }
        return Rpc.result(id, Rpc.toolText("ok", false));
    }

    private static ObjectNode tools() {
        ObjectNode r = Json.object();
        var list = r.putArray("tools");
        for (String name : new String[] {"lookup", "store", "transform"}) {
            ObjectNode tool = list.addObject().put("name", name).put("description", "Does " + name + ".");
            ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
            schema.putObject("properties").putObject("text").put("type", "string");
            schema.putArray("required").add("text");
        }
        return r;
    }

    private void send(JsonNode message) {
        out.print(Json.write(message));
        out.print('\n');
        out.flush();
    }
}
