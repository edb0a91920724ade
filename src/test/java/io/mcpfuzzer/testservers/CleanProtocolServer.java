package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A strictly conforming MCP server over newline-delimited JSON-RPC on stdio, the control for
 * {@link PlantedProtocolServer}: same capabilities (tools, resources, prompts, logging,
 * completions), same surfaces, no bugs. Frames that are not valid UTF-8 JSON get -32700; messages
 * that are neither a request nor a notification get -32600 (with the id when it is usable);
 * notifications are never answered; batches are answered per element before 2025-06-18 and
 * rejected with one -32600 from then on; methods are checked by {@link CleanMethods}. Error
 * messages never echo the input. Argument 0: the served folder. Single-threaded.
 */
public final class CleanProtocolServer {
    private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    private final CleanMethods methods;

    private CleanProtocolServer(Path folder) {
        this.methods = new CleanMethods(folder);
    }

    public static void main(String[] args) throws Exception {
        CleanProtocolServer server = new CleanProtocolServer(Path.of(args[0]));
        ByteLines lines = new ByteLines(System.in);
        for (byte[] line = lines.next(); line != null; line = lines.next()) {
            server.onFrame(line);
        }
    }

    private void onFrame(byte[] bytes) {
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
            onBatch((ArrayNode) message);
            return;
        }
        JsonNode answer = onMessage(message);
        if (answer != null) {
            ByteLines.send(out, answer);
        }
    }

    private void onBatch(ArrayNode batch) {
        if (batch.isEmpty() || methods.version().compareTo("2025-06-18") >= 0) {
            ByteLines.send(out, Rpc.error(null, -32600, batch.isEmpty() ? "Empty batch" : "Batches are not supported"));
            return;
        }
        ArrayNode answers = Json.array();
        for (JsonNode element : batch) {
            JsonNode answer = onMessage(element);
            if (answer != null) {
                answers.add(answer);
            }
        }
        if (!answers.isEmpty()) {
            ByteLines.send(out, answers);
        }
    }

    /** The answer to one message, or null for a notification. */
    private ObjectNode onMessage(JsonNode message) {
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
        return methods.handle(message.get("method").asString(), validId, params == null ? Json.object() : params);
    }
}
