package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server whose tools hand out handles and take them back, as file and session servers do:
 * {@code open} answers a fresh random-looking handle ({@code hdl_} and 16 hex digits, derived from a
 * counter, so the same calls get the same handles), {@code read(handle)} answers for an open handle
 * and rejects an unknown one with an invalid-params error ("not found"), {@code close(handle)} closes
 * an open handle. Without arguments it has a planted use-after-close: {@code read} of a closed handle
 * dies with an uncaught exception (stack trace on stderr, exit 1). With {@code --clean} that read is a
 * proper invalid-params error. Listing order is {@code open, read, close}.
 */
public final class HandlesServer extends MiniServer {
    private enum State { OPEN, CLOSED }

    private final boolean clean;
    private final Map<String, State> handles = new HashMap<>();
    private int opened;

    private HandlesServer(boolean clean) {
        this.clean = clean;
    }

    public static void main(String[] args) throws Exception {
        new HandlesServer(List.of(args).contains("--clean")).serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            ObjectNode r = Json.object();
            ArrayNode tools = r.putArray("tools");
            ObjectNode open = tool(tools, "open", "Opens a new buffer and returns its handle");
            open.putObject("properties").putObject("mode").put("type", "string")
                    .putArray("enum").add("r").add("rw");
            ObjectNode read = tool(tools, "read", "Reads from an open buffer");
            ObjectNode props = read.putObject("properties");
            props.putObject("handle").put("type", "string").put("description", "Handle returned by open");
            props.putObject("length").put("type", "integer").put("minimum", 1).put("maximum", 4096);
            read.putArray("required").add("handle");
            ObjectNode close = tool(tools, "close", "Closes a buffer");
            close.putObject("properties").putObject("handle").put("type", "string")
                    .put("description", "Handle returned by open");
            close.putArray("required").add("handle");
            return result(id, r);
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        JsonNode args = params.path("arguments");
        String handle = args.path("handle").asString("");
        return switch (params.path("name").asString("")) {
            case "open" -> {
                String h = "hdl_" + hex(++opened);
                handles.put(h, State.OPEN);
                yield result(id, text("Opened handle " + h + " (mode " + args.path("mode").asString("r") + ")"));
            }
            case "read" -> {
                State s = handles.get(handle);
                if (s == State.CLOSED) {
                    if (!clean) {
                        System.err.println("Exception in thread \"main\" java.lang.NullPointerException: buffer of "
                                + "closed handle\n\tat buffers.Buffer.read(Buffer.java:88)\n\tat buffers.Server.read"
                                + "(Server.java:41)");
                        System.err.flush();
                        System.exit(1);
                    }
                    yield error(id, -32602, "Invalid params: handle does not exist (it was closed)");
                }
                yield s == null ? error(id, -32602, "Invalid params: handle not found")
                        : result(id, text("read " + args.path("length").asInt(16) + " bytes: lorem ipsum"));
            }
            case "close" -> {
                if (handles.get(handle) != State.OPEN) {
                    yield error(id, -32602, "Invalid params: handle not found");
                }
                handles.put(handle, State.CLOSED);
                yield result(id, text("closed"));
            }
            default -> error(id, -32602, "Unknown tool");
        };
    }

    private static ObjectNode tool(ArrayNode tools, String name, String description) {
        ObjectNode schema = tools.addObject().put("name", name).put("description", description)
                .putObject("inputSchema").put("type", "object");
        schema.put("additionalProperties", false);
        return schema;
    }

    /** 16 hex digits that look random, derived from the counter. */
    private static String hex(int counter) throws Exception {
        byte[] d = MessageDigest.getInstance("SHA-256").digest(("buffer-" + counter).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(d, 0, 8);
    }
}
