package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A correct MCP server that looks suspicious to a naive fuzzer, for the precision test: it writes a
 * log line under {@code --root} for every request (so a read-only tool "changes files" on every
 * call), its tools echo input ({@link PrecisionTools}), and it does not support batching (a batch gets
 * one -32600, as the 2025-06-18 spec allows). Framing follows {@link CleanProtocolServer} and every
 * method but {@code tools/*} is served by {@link CleanMethods}. With {@code --planted} it adds two
 * tools with one real bug each.
 *
 * <p>Arguments: {@code --root DIR} (required; the log goes to {@code DIR/logs/server.log}) and
 * {@code --planted}. Single-threaded.
 */
public final class PrecisionServer {
    private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    private final CleanMethods methods;
    private final PrecisionTools tools;
    private final Path log;

    private PrecisionServer(Path root, boolean planted) {
        this.methods = new CleanMethods(root);
        this.tools = new PrecisionTools(planted);
        this.log = root.resolve("logs").resolve("server.log");
    }

    public static void main(String[] args) throws Exception {
        Path root = null;
        boolean planted = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--root") && i + 1 < args.length) {
                root = Path.of(args[++i]);
            } else if (args[i].equals("--planted")) {
                planted = true;
            }
        }
        if (root == null) {
            throw new IllegalArgumentException("--root DIR is required");
        }
        Files.createDirectories(root.resolve("logs"));
        PrecisionServer server = new PrecisionServer(root.toAbsolutePath().normalize(), planted);
        ByteLines lines = new ByteLines(System.in);
        for (byte[] line = lines.next(); line != null; line = lines.next()) {
            server.onFrame(line);
        }
    }

    private void onFrame(byte[] bytes) throws InterruptedException {
        String text = ByteLines.strictUtf8(bytes);
        if (text != null && text.isBlank()) {
            return;
        }
        JsonNode message;
        try {
            if (text == null) {
                throw new IllegalArgumentException("not UTF-8");
            }
            message = Json.parse(text);
        } catch (JacksonException | IllegalArgumentException e) {
            ByteLines.send(out, Rpc.error(null, -32700, "Parse error"));
            return;
        }
        if (message.isArray()) {
            ByteLines.send(out, Rpc.error(null, -32600, "Batches are not supported"));
            return;
        }
        JsonNode answer = onMessage(message);
        if (answer != null) {
            ByteLines.send(out, answer);
        }
    }

    private ObjectNode onMessage(JsonNode message) throws InterruptedException {
        if (!message.isObject()) {
            return Rpc.error(null, -32600, "Invalid Request");
        }
        JsonNode id = message.get("id");
        boolean hasMethod = message.path("method").isString();
        if (id == null) {
            return hasMethod ? null : Rpc.error(null, -32600, "Invalid Request");
        }
        JsonNode validId = Rpc.validId(id);
        if (validId == null || !hasMethod || !"2.0".equals(message.path("jsonrpc").asString(""))
                || !message.path("jsonrpc").isString() || message.has("result") || message.has("error")) {
            return Rpc.error(validId, -32600, "Invalid Request");
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isObject()) {
            return Rpc.error(validId, -32602, "params must be an object");
        }
        JsonNode p = params == null ? Json.object() : params;
        String method = message.get("method").asString();
        log(method, p.path("name").asString(""));
        switch (method) {
            case "tools/list" -> {
                if (p.has("cursor")) {
                    return Rpc.error(validId, -32602, "Invalid cursor");
                }
                ObjectNode r = Json.object();
                r.set("tools", tools.list());
                return Rpc.result(validId, r);
            }
            case "tools/call" -> {
                JsonNode args = p.has("arguments") ? p.get("arguments") : Json.object();
                if (!p.path("name").isString() || !args.isObject()) {
                    return Rpc.error(validId, -32602, "name must be a string and arguments an object");
                }
                return tools.call(validId, p.get("name").asString(), args);
            }
            default -> {
                return methods.handle(method, validId, p);
            }
        }
    }

    /** One line per request: time, method and tool name (never the arguments). */
    private void log(String method, String tool) {
        String line = method + " " + tool;
        String safe = (line.length() > 200 ? line.substring(0, 200) : line).replaceAll("[^A-Za-z0-9_/ .-]", "?");
        try {
            Files.writeString(log, Instant.now() + " " + safe + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
