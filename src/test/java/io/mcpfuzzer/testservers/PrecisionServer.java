package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A correct MCP server that looks suspicious to a naive fuzzer, for the precision test: it writes a
 * log line under {@code --root} for every request (so a read-only tool "changes files" on every
 * call), its tools echo input ({@link PrecisionTools}), and it does not support batching (a batch gets
 * one -32600, as the 2025-06-18 spec allows). Framing is {@link StrictStdioServer}'s and every
 * method but {@code tools/*} is served by {@link CleanMethods}. With {@code --planted} it adds two
 * tools with one real bug each.
 *
 * <p>Arguments: {@code --root DIR} (required; the log goes to {@code DIR/logs/server.log}) and
 * {@code --planted}. Single-threaded.
 */
public final class PrecisionServer extends StrictStdioServer {
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
        new PrecisionServer(root.toAbsolutePath().normalize(), planted).serve(System.in);
    }

    @Override
    protected void onBatch(ArrayNode batch) {
        send(Rpc.error(null, -32600, "Batches are not supported"));
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode p) throws InterruptedException {
        log(method, p.path("name").asString(""));
        switch (method) {
            case "tools/list" -> {
                if (p.has("cursor")) {
                    return Rpc.error(id, -32602, "Invalid cursor");
                }
                ObjectNode r = Json.object();
                r.set("tools", tools.list());
                return Rpc.result(id, r);
            }
            case "tools/call" -> {
                JsonNode args = p.has("arguments") ? p.get("arguments") : Json.object();
                if (!p.path("name").isString() || !args.isObject()) {
                    return Rpc.error(id, -32602, "name must be a string and arguments an object");
                }
                return tools.call(id, p.get("name").asString(), args);
            }
            default -> {
                return methods.handle(method, id, p);
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
