package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.BufferedReader;
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
 * Framing is {@link SdkStyleServer}'s. Single-threaded.
 */
public final class RootCauseServer extends SdkStyleServer {
    public static final int LONG_LINE = 8192;
    private static final Set<String> CRASHING = Set.of("resources/read", "prompts/get", "completion/complete");

    private final String mode;

    private RootCauseServer(String mode) {
        super(mode.equals("drop-invalid"));
        this.mode = mode;
    }

    public static void main(String[] args) throws Exception {
        new RootCauseServer(args[0]).serve();
    }

    /** In {@code deaf-after-invalid} mode, never returns. */
    @Override
    protected void onUnparsable(JacksonException e) throws InterruptedException {
        if (mode.equals("deaf-after-invalid")) {
            System.err.println("stdin reader stopped: " + e.getOriginalMessage());
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    /** The next line; in {@code deaf-on-long-line} mode, never returns once a line is too long. */
    @Override
    protected String next(BufferedReader in) throws Exception {
        if (!mode.equals("deaf-on-long-line")) {
            return super.next(in);
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

    @Override
    protected void onRequest(JsonNode id, String method, JsonNode params) {
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
            case "tools/list" -> Rpc.result(id, textTools("lookup", "store", "transform"));
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
}
