package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * An MCP server over newline-delimited JSON-RPC on stdio with planted protocol bugs. It declares
 * tools, resources, prompts, logging and completions and otherwise answers sensibly. Planted:
 * <ol>
 *   <li>a raw NUL byte anywhere in a frame makes it exit with code 3 (frames {@code nul-byte},
 *       {@code nul-prefix}, {@code utf16-encoded});</li>
 *   <li>a frame nested deeper than {@value #DEAF_DEPTH} brackets makes it deaf: it keeps running and
 *       reading, but never answers again (frame {@code unclosed-nesting}, deep-nesting cases);</li>
 *   <li>a batch holding anything but pings makes it deaf (the spec guard's batch of pings is safe);</li>
 *   <li>the notification {@code notifications/roots/list_changed} makes it exit with code 2;</li>
 *   <li>the notification {@code notifications/progress} makes it deaf;</li>
 *   <li>{@code resources/unsubscribe} makes it deaf;</li>
 *   <li>{@code completion/complete} requests are silently dropped while everything else is answered;</li>
 *   <li>{@code resources/read} checks the URI prefix before normalising, so
 *       {@code file://<folder>/../outside.txt} returns a file outside the served folder;</li>
 *   <li>{@code prompts/get} with a non-string argument value dies of an uncaught ClassCastException.</li>
 * </ol>
 * Argument 0: the served folder (holds {@code readme.txt}). Single-threaded.
 */
public final class PlantedProtocolServer {
    /** A resource read by prefix: any URI that starts so gets its contents, which escapes nothing. */
    public static final String STATUS_URI = "status://rate-limit";

    static final int DEAF_DEPTH = 256;
    private static final List<String> VERSIONS = List.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");

    private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    private final Path folder;
    private final String folderUri;
    private boolean deaf;

    private PlantedProtocolServer(Path folder) {
        this.folder = folder.toAbsolutePath().normalize();
        String uri = this.folder.toUri().toString();
        this.folderUri = uri.endsWith("/") ? uri : uri + "/";
    }

    public static void main(String[] args) throws Exception {
        PlantedProtocolServer server = new PlantedProtocolServer(Path.of(args[0]));
        ByteLines lines = new ByteLines(System.in);
        for (byte[] line = lines.next(); line != null; line = lines.next()) {
            server.onFrame(line);
        }
    }

    private void onFrame(byte[] bytes) {
        if (deaf) {
            return;
        }
        if (ByteLines.contains(bytes, (byte) 0)) {
            System.err.println("fatal: NUL byte in frame");
            System.exit(3);
        }
        if (ByteLines.depth(bytes) > DEAF_DEPTH) {
            deaf = true;
            return;
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return;
        }
        JsonNode message;
        try {
            message = Json.parse(text);
        } catch (JacksonException e) {
            ByteLines.send(out, Rpc.error(null, -32700, "Parse error"));
            return;
        }
        if (message.isArray()) {
            for (JsonNode element : message) {
                if (!"ping".equals(element.path("method").asString(""))) {
                    deaf = true;
                    return;
                }
            }
            ByteLines.send(out, Rpc.error(null, -32600, "Batches are not supported"));
            return;
        }
        if (!message.isObject() || !message.path("method").isString()) {
            ByteLines.send(out, Rpc.error(Rpc.validId(message.get("id")), -32600, "Invalid Request"));
            return;
        }
        String method = message.get("method").asString();
        if (method.equals("notifications/roots/list_changed")) {
            System.err.println("fatal: roots changed");
            System.exit(2);
        }
        if (method.equals("notifications/progress")) {
            deaf = true;
            return;
        }
        JsonNode id = message.get("id");
        if (id == null) {
            return;
        }
        ObjectNode answer = handle(method, id, message.path("params"));
        if (answer != null) {
            ByteLines.send(out, answer);
        }
    }

    private ObjectNode handle(String method, JsonNode id, JsonNode params) {
        switch (method) {
            case "initialize":
                String asked = params.path("protocolVersion").asString("");
                return Rpc.result(id, Rpc.initializeResult(VERSIONS.contains(asked) ? asked : "2025-11-25",
                        "planted-protocol"));
            case "ping", "logging/setLevel":
                return Rpc.result(id, Json.object());
            case "tools/list":
                return Rpc.result(id, Rpc.addTool());
            case "tools/call":
                if (!params.path("name").isString()) {
                    return Rpc.error(id, -32602, "name must be a string");
                }
                return Rpc.result(id, Rpc.toolText("ok", false));
            case "resources/list":
                ObjectNode list = Json.object();
                ArrayNode listed = list.putArray("resources");
                listed.addObject().put("uri", folderUri + "readme.txt").put("name", "readme");
                listed.addObject().put("uri", STATUS_URI).put("name", "status");
                return Rpc.result(id, list);
            case "resources/templates/list":
                ObjectNode templates = Json.object();
                templates.putArray("resourceTemplates");
                return Rpc.result(id, templates);
            case "resources/read":
                return read(id, params.path("uri").asString(""));
            case "resources/unsubscribe":
                deaf = true;
                return null;
            case "prompts/list":
                return Rpc.result(id, Rpc.summarizePrompt());
            case "prompts/get":
                return prompt(id, params);
            case "completion/complete":
                return null;
            default:
                return Rpc.error(id, -32601, "Method not found");
        }
    }

    /** Planted: the prefix is checked on the raw URI, then the path is resolved (with its dot segments). */
    private ObjectNode read(JsonNode id, String uri) {
        if (uri.startsWith(STATUS_URI)) { // not planted: whatever follows, its own status (mcp-linear's rate-limit)
            return Rpc.result(id, Rpc.textContents(uri, "{\"blocked\": false}"));
        }
        if (!uri.startsWith(folderUri)) {
            return Rpc.error(id, -32002, "Resource not found");
        }
        try {
            Path path = Path.of(URI.create(uri));
            String content = Files.readString(path, StandardCharsets.UTF_8);
            return Rpc.result(id, Rpc.textContents(uri, content));
        } catch (Exception e) {
            return Rpc.error(id, -32002, "Resource not found");
        }
    }

    /** Planted: every argument value is cast to a string node, so a number kills the server. */
    private ObjectNode prompt(JsonNode id, JsonNode params) {
        StringBuilder text = new StringBuilder("Summarize");
        for (Map.Entry<String, JsonNode> e : params.path("arguments").properties()) {
            StringNode value = (StringNode) e.getValue();
            text.append(' ').append(value.asString().length());
        }
        return Rpc.result(id, Rpc.promptMessages(text.toString()));
    }
}
