package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The strict JSON-RPC framing the conforming fixtures share ({@link CleanProtocolServer},
 * {@link PrecisionServer}): newline-delimited frames on stdio; a blank frame is skipped; a frame
 * that is not valid UTF-8 JSON gets -32700; a message that is neither a request nor a notification
 * gets -32600 (with its id when that is usable), non-object params -32602; notifications are never
 * answered. What a batch gets and how a request is served is the subclass's choice. Error messages
 * never echo the input. Single-threaded.
 */
abstract class StrictStdioServer {
    /** Where answers go (stdout, UTF-8); written only through {@link #send}. */
    private final PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);

    /** Serves frames from {@code in} until it ends. */
    final void serve(InputStream in) throws IOException, InterruptedException {
        ByteLines lines = new ByteLines(in);
        for (byte[] line = lines.next(); line != null; line = lines.next()) {
            onFrame(line);
        }
    }

    /** Answers one request: {@code id} is a valid id, {@code params} an object (empty when absent). */
    protected abstract ObjectNode handle(String method, JsonNode id, JsonNode params) throws InterruptedException;

    /** Answers a batch (a JSON array, possibly empty). */
    protected abstract void onBatch(ArrayNode batch) throws InterruptedException;

    /** Writes one message as one line. */
    protected final void send(JsonNode message) {
        ByteLines.send(out, message);
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
            send(Rpc.error(null, -32700, "Parse error"));
            return;
        }
        if (message.isArray()) {
            onBatch((ArrayNode) message);
            return;
        }
        JsonNode answer = onMessage(message);
        if (answer != null) {
            send(answer);
        }
    }

    /** The answer to one message, or null for a notification. */
    protected final ObjectNode onMessage(JsonNode message) throws InterruptedException {
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
        return handle(message.get("method").asString(), validId, params == null ? Json.object() : params);
    }
}
