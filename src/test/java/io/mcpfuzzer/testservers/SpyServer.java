package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server that records everything it receives: each raw line (bytes as read, before any decoding)
 * is appended to the log file given as {@code --log FILE}, then answered like a small file-system
 * server would. It advertises tools with path, URL and command parameters (with annotations, so the
 * security audit probes them), {@code file:}, network and custom-scheme resources and templates (with
 * subscribe), and prompts with path and URL arguments.
 *
 * <p>{@code write_file} really writes: a relative path resolves against {@code --workdir W} (its
 * stand-in for a working directory), so a path that was not confined shows up as a new file in W. To
 * stay harmless even when a test fails, it writes only under {@code --base B} (a test's temporary
 * directory) and otherwise only answers. Nothing else touches the disk; nothing is executed or
 * fetched. Single-threaded.
 */
public final class SpyServer {
    private final OutputStream log;
    private final Path workdir;
    private final Path base;
    private final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    private SpyServer(OutputStream log, Path workdir, Path base) {
        this.log = log;
        this.workdir = workdir;
        this.base = base;
    }

    public static void main(String[] args) throws Exception {
        Path logFile = null;
        Path workdir = null;
        Path base = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--log" -> logFile = Path.of(args[i + 1]);
                case "--workdir" -> workdir = Path.of(args[i + 1]);
                case "--base" -> base = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        try (OutputStream log = Files.newOutputStream(logFile, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            new SpyServer(log, workdir.toAbsolutePath().normalize(), base.toAbsolutePath().normalize()).serve();
        }
    }

    private void serve() throws IOException {
        ByteLines lines = new ByteLines(System.in);
        byte[] raw;
        while ((raw = lines.next()) != null) {
            log.write(raw);
            log.write('\n');
            log.flush();
            JsonNode msg;
            try {
                msg = Json.parse(new String(raw, StandardCharsets.UTF_8));
            } catch (JacksonException e) {
                send(Rpc.error(null, -32700, "Parse error"));
                continue;
            }
            if (!msg.isObject() || !msg.has("method") || !msg.has("id")) {
                continue;
            }
            JsonNode id = msg.get("id");
            try {
                send(answer(msg.path("method").asString(""), id, msg.path("params")));
            } catch (RuntimeException e) {
                send(Rpc.error(id, -32602, "Invalid params"));
            }
        }
    }

    private ObjectNode answer(String method, JsonNode id, JsonNode params) {
        return switch (method) {
            case "initialize" -> Rpc.result(id, initialize(params));
            case "ping", "resources/subscribe", "resources/unsubscribe" -> Rpc.result(id, Json.object());
            case "tools/list" -> Rpc.result(id, tools());
            case "tools/call" -> Rpc.result(id, call(params.path("name").asString(""), params.path("arguments")));
            case "resources/list" -> Rpc.result(id, resources());
            case "resources/templates/list" -> Rpc.result(id, templates());
            case "resources/read" -> Rpc.result(id, read(params.path("uri").asString("")));
            case "prompts/list" -> Rpc.result(id, prompts());
            case "prompts/get" -> Rpc.result(id, prompt(params.path("name").asString("")));
            default -> Rpc.error(id, -32601, "Method not found");
        };
    }

    private static ObjectNode initialize(JsonNode params) {
        ObjectNode r = Json.object();
        r.put("protocolVersion", params.path("protocolVersion").asString("2025-11-25"));
        ObjectNode caps = r.putObject("capabilities");
        caps.putObject("tools");
        caps.putObject("resources").put("subscribe", true);
        caps.putObject("prompts");
        r.putObject("serverInfo").put("name", "spy").put("version", "1");
        return r;
    }

    private ObjectNode call(String name, JsonNode args) {
        String text = switch (name) {
            case "write_file" -> write(args.path("path").asString(""), args.path("content").asString(""));
            case "read_file" -> "would read " + args.path("path").asString("");
            case "fetch_url" -> "would fetch " + args.path("url").asString("").length() + " chars";
            case "run_command" -> "would run " + args.path("command").asString("").length() + " chars";
            case "save_note" -> "saved " + args.path("title").asString("").length();
            case "archive" -> "would archive " + args.path("target").asString("").length() + " chars";
            default -> null;
        };
        if (text == null) {
            throw new IllegalArgumentException("unknown tool");
        }
        return text(text);
    }

    /** Writes under the base only (see the class comment); answers what it did. */
    private String write(String path, String content) {
        Path target;
        try {
            target = workdir.resolve(path).normalize();
        } catch (InvalidPathException e) {
            return "bad path";
        }
        if (!target.startsWith(base) || target.equals(base)) {
            return "refused: outside the test's directory";
        }
        try {
            Files.createDirectories(target.getParent());
            Files.writeString(target, content.length() > 1000 ? content.substring(0, 1000) : content);
            return "wrote " + content.length() + " chars";
        } catch (IOException | RuntimeException e) {
            return "cannot write: " + e.getClass().getSimpleName();
        }
    }

    private static ObjectNode tools() {
        ObjectNode r = Json.object();
        ArrayNode tools = r.putArray("tools");
        ObjectNode write = tool(tools, "write_file", "Writes a file", "path", "content");
        write.putObject("annotations").put("destructiveHint", false).put("readOnlyHint", false);
        ObjectNode read = tool(tools, "read_file", "Reads a file", "path");
        read.putObject("annotations").put("readOnlyHint", true);
        ObjectNode fetch = tool(tools, "fetch_url", "Fetches a URL", "url");
        ((ObjectNode) fetch.at("/inputSchema/properties/url")).put("format", "uri");
        tool(tools, "run_command", "Runs a shell command", "command", "cwd");
        ObjectNode note = tool(tools, "save_note", "Saves a note", "title", "body");
        note.putObject("annotations").put("idempotentHint", true);
        ObjectNode archive = tool(tools, "archive", "Archives into a target given as a path", "target");
        ((ObjectNode) archive.at("/inputSchema/properties/target")).put("format", "path");
        return r;
    }

    private static ObjectNode tool(ArrayNode tools, String name, String description, String... props) {
        ObjectNode tool = tools.addObject();
        tool.put("name", name);
        tool.put("description", description);
        ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = schema.putArray("required");
        for (String p : props) {
            properties.putObject(p).put("type", "string");
            required.add(p);
        }
        return tool;
    }

    private static ObjectNode resources() {
        ObjectNode r = Json.object();
        ArrayNode list = r.putArray("resources");
        list.addObject().put("uri", "file:///srv/data/report.txt").put("name", "report");
        list.addObject().put("uri", "https://example.com/remote.txt").put("name", "remote");
        list.addObject().put("uri", "test://static/1").put("name", "static");
        return r;
    }

    private static ObjectNode templates() {
        ObjectNode r = Json.object();
        ArrayNode list = r.putArray("resourceTemplates");
        list.addObject().put("uriTemplate", "file:///srv/data/{name}").put("name", "data");
        list.addObject().put("uriTemplate", "https://api.example.com/items/{id}").put("name", "items");
        list.addObject().put("uriTemplate", "notes://{id}").put("name", "notes");
        return r;
    }

    private static ObjectNode read(String uri) {
        ObjectNode r = Json.object();
        r.putArray("contents").addObject().put("uri", uri).put("mimeType", "text/plain")
                .put("text", "contents of a resource");
        return r;
    }

    private static ObjectNode prompts() {
        ObjectNode r = Json.object();
        ArrayNode list = r.putArray("prompts");
        ObjectNode summarize = list.addObject().put("name", "summarize_file");
        ArrayNode args = summarize.putArray("arguments");
        args.addObject().put("name", "path").put("required", true);
        args.addObject().put("name", "style").put("required", false);
        ObjectNode page = list.addObject().put("name", "fetch_page");
        page.putArray("arguments").addObject().put("name", "url").put("required", true);
        return r;
    }

    private static ObjectNode prompt(String name) {
        ObjectNode r = Json.object();
        r.put("description", name);
        r.putArray("messages").addObject().put("role", "user").putObject("content").put("type", "text")
                .put("text", "a prompt");
        return r;
    }

    private static ObjectNode text(String text) {
        ObjectNode r = Json.object();
        r.putArray("content").addObject().put("type", "text").put("text", text);
        return r;
    }

    private void send(JsonNode message) {
        out.println(Json.write(message));
        out.flush();
    }
}
