package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The project's own model of client-to-server MCP messages per revision, and a builder of valid
 * messages (checked against the official schemas in tests). Stateless and thread-safe; randomness
 * comes only from the caller's {@link SplittableRandom}, which is not thread-safe.
 */
public final class McpModel {
    /**
     * Methods that only a server sends to a client (sampling, roots, elicitation). Sending them to a
     * server is a negative test: a conforming server answers "method not found".
     */
    public static final List<String> SERVER_TO_CLIENT_METHODS = List.of("sampling/createMessage", "roots/list",
            "elicitation/create");

    private McpModel() {}

    /** The client-to-server requests and notifications defined by {@code version}, in enum order. */
    public static List<MessageType> clientMessages(McpVersion version) {
        List<MessageType> out = new ArrayList<>();
        for (MessageType t : MessageType.values()) {
            if (t.existsIn(version)) {
                out.add(t);
            }
        }
        return List.copyOf(out);
    }

    /** The client-to-server requests (not notifications) defined by {@code version}. */
    public static List<MessageType> clientRequests(McpVersion version) {
        return clientMessages(version).stream().filter(t -> !t.isNotification()).toList();
    }

    /**
     * A valid message of {@code type} for {@code version}, as a JSON object.
     *
     * @param id    the request id (a string or integer node); ignored, and may be null, for notifications
     * @param hints server names to target; never null (use {@link ModelHints#none()})
     * @throws IllegalArgumentException if the type does not exist in that revision, or a request has no id
     */
    public static ObjectNode validMessage(MessageType type, McpVersion version, JsonNode id, ModelHints hints,
            SplittableRandom rnd) {
        Objects.requireNonNull(hints, "hints");
        if (!type.existsIn(version)) {
            throw new IllegalArgumentException(type.method() + " does not exist in " + version);
        }
        ObjectNode message = Json.object().put("jsonrpc", "2.0");
        if (!type.isNotification()) {
            if (id == null || !(id.isString() || id.isIntegralNumber())) {
                throw new IllegalArgumentException("a request needs a string or integer id");
            }
            message.set("id", id);
        }
        message.put("method", type.method());
        ObjectNode params = ValidParams.build(type, version, hints, rnd);
        if (params != null) {
            message.set("params", params);
        }
        return message;
    }

    /** Convenience: a valid message with {@link ModelHints#none()}, serialised as one compact line. */
    public static String validFrame(MessageType type, McpVersion version, JsonNode id, SplittableRandom rnd) {
        return Json.write(validMessage(type, version, id, ModelHints.none(), rnd));
    }
}
