package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.LongNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Makes protocol cases whose frame text is exactly what is sent (defect B4 of the Python tool: its
 * mutated envelopes never reached the wire). Realistic cases are valid messages from {@link McpModel};
 * aggressive cases apply one {@link Strategy} to a valid message. Deterministic: the same random
 * state gives the same frames. Immutable and thread-safe; the {@link SplittableRandom} passed in is
 * not, so give each thread its own (for example {@code rnd.split()}).
 */
public final class ProtocolMutator {
    private static final long ID_BASE = 1_000_000L;
    private static final long ID_SPAN = 1L << 50;

    private final McpVersion version;
    private final ModelHints hints;
    private final MutatorOptions options;

    public ProtocolMutator(McpVersion version, ModelHints hints, MutatorOptions options) {
        this.version = Objects.requireNonNull(version, "version");
        this.hints = Objects.requireNonNull(hints, "hints");
        this.options = Objects.requireNonNull(options, "options");
    }

    /** The strategies applicable to {@code type} in the given phase, in enum order. */
    public static List<Strategy> strategiesFor(MessageType type, Phase phase) {
        if (phase == Phase.REALISTIC) {
            return List.of(Strategy.VALID);
        }
        return Arrays.stream(Strategy.values()).filter(s -> s != Strategy.VALID && s.appliesTo(type)).toList();
    }

    /** One case: a valid message (realistic) or a uniformly chosen aggressive strategy. */
    public ProtocolCase next(MessageType type, Phase phase, SplittableRandom rnd) {
        List<Strategy> choices = strategiesFor(type, phase);
        return make(type, phase, choices.get(rnd.nextInt(choices.size())), rnd);
    }

    /**
     * One case built with an explicit strategy.
     *
     * @throws IllegalArgumentException if the strategy does not apply to the type, or the type does not
     *                                  exist in this mutator's revision
     */
    public ProtocolCase make(MessageType type, Strategy strategy, SplittableRandom rnd) {
        return make(type, strategy == Strategy.VALID ? Phase.REALISTIC : Phase.AGGRESSIVE, strategy, rnd);
    }

    private ProtocolCase make(MessageType type, Phase phase, Strategy strategy, SplittableRandom rnd) {
        if (!strategy.appliesTo(type)) {
            throw new IllegalArgumentException(strategy.label() + " does not apply to " + type.method());
        }
        long fresh = freshId(rnd);
        JsonNode baseId = type.isNotification() ? null
                : rnd.nextBoolean() ? LongNode.valueOf(fresh) : StringNode.valueOf("fz-" + Long.toHexString(fresh));
        ObjectNode message = McpModel.validMessage(type, version, baseId, hints, rnd);
        return switch (strategy) {
            case VALID, PARAMS_WRONG_TYPES, PARAMS_ARRAY, PARAMS_MISSING, PARAMS_NULL, PARAMS_SCALAR,
                    PARAMS_MISSING_REQUIRED, PARAMS_HOSTILE_VALUES, EXTRA_TOP_LEVEL_FIELDS, RESPONSE_MEMBERS,
                    JSONRPC_MISSING, JSONRPC_1_0, JSONRPC_NUMBER, JSONRPC_NULL, METHOD_UNKNOWN, METHOD_CASE,
                    METHOD_TRAILING_SLASH, METHOD_UNICODE, METHOD_NOT_STRING, METHOD_MISSING,
                    METHOD_SERVER_TO_CLIENT -> single(type, phase, strategy, treeMutation(type, strategy, message, rnd));
            case ID_STRING, ID_ZERO, ID_NEGATIVE, ID_FLOAT, ID_HUGE, ID_NULL, ID_OBJECT, ID_ARRAY, ID_BOOL -> {
                message.set("id", EnvelopeMutations.mutatedId(strategy, fresh, rnd));
                yield single(type, phase, strategy, reorder(message));
            }
            case REQUEST_WITHOUT_ID -> {
                message.remove("id");
                yield single(type, phase, strategy, message);
            }
            case NOTIFICATION_WITH_ID -> {
                message.set("id", LongNode.valueOf(fresh));
                yield single(type, phase, strategy, reorder(message));
            }
            case ID_DUPLICATE_KEY -> duplicateIdKey(type, strategy, message, fresh);
            case BATCH_EMPTY, BATCH_SINGLE, BATCH_MIXED, BATCH_DUPLICATE_IDS ->
                    batch(type, strategy, message, fresh, rnd);
            case DEEP_NESTING -> deep(type, strategy, message, rnd);
            case OVERSIZED -> oversized(type, strategy, message, rnd);
        };
    }

    private ObjectNode treeMutation(MessageType type, Strategy strategy, ObjectNode message, SplittableRandom rnd) {
        switch (strategy) {
            case VALID -> { }
            case JSONRPC_MISSING, JSONRPC_1_0, JSONRPC_NUMBER, JSONRPC_NULL -> EnvelopeMutations.jsonrpc(strategy, message);
            case EXTRA_TOP_LEVEL_FIELDS -> EnvelopeMutations.extraFields(message, rnd);
            case RESPONSE_MEMBERS -> EnvelopeMutations.responseMembers(message, rnd);
            case METHOD_UNKNOWN, METHOD_CASE, METHOD_TRAILING_SLASH, METHOD_UNICODE, METHOD_NOT_STRING, METHOD_MISSING,
                    METHOD_SERVER_TO_CLIENT -> EnvelopeMutations.method(strategy, type, message, rnd);
            default -> ParamsMutations.apply(strategy, type, message, rnd);
        }
        return message;
    }

    private ProtocolCase single(MessageType type, Phase phase, Strategy strategy, ObjectNode message) {
        return withText(type, phase, strategy, message, Json.write(message));
    }

    private ProtocolCase duplicateIdKey(MessageType type, Strategy strategy, ObjectNode message, long fresh) {
        JsonNode first = message.get("id");
        JsonNode second = LongNode.valueOf(fresh + 1);
        String text = RawJson.appendMember(Json.write(message), "id", Json.write(second));
        return new ProtocolCase(type, Phase.AGGRESSIVE, strategy, version, text, true, second,
                List.of(first, second), false);
    }

    private ProtocolCase batch(MessageType type, Strategy strategy, ObjectNode message, long fresh,
            SplittableRandom rnd) {
        ArrayNode array = Json.array();
        switch (strategy) {
            case BATCH_EMPTY -> { }
            case BATCH_SINGLE -> array.add(message);
            case BATCH_MIXED -> {
                array.add(message);
                array.add(McpModel.validMessage(MessageType.PING, version, LongNode.valueOf(fresh + 1), hints, rnd));
                array.add(McpModel.validMessage(MessageType.ROOTS_LIST_CHANGED, version, null, hints, rnd));
                array.add(Json.object().put("foo", "bar"));
                array.add(1);
            }
            default -> {
                JsonNode shared = message.has("id") ? message.get("id") : LongNode.valueOf(fresh);
                array.add(message);
                if (!message.has("id")) {
                    array.add(McpModel.validMessage(MessageType.PING, version, shared, hints, rnd));
                }
                array.add(McpModel.validMessage(MessageType.PING, version, shared, hints, rnd));
            }
        }
        List<JsonNode> ids = new ArrayList<>();
        for (JsonNode element : array) {
            if (element.isObject() && element.has("id")) {
                ids.add(element.get("id"));
            }
        }
        boolean expects = array.isEmpty() || !ids.isEmpty() || strategy == Strategy.BATCH_MIXED;
        return new ProtocolCase(type, Phase.AGGRESSIVE, strategy, version, Json.write(array), expects,
                ids.isEmpty() ? null : ids.get(0), ids, false);
    }

    private ProtocolCase deep(MessageType type, Strategy strategy, ObjectNode message, SplittableRandom rnd) {
        String nested = RawJson.nested(options.nestingDepth(), rnd.nextBoolean());
        JsonNode params = message.remove("params");
        String paramsText = params instanceof ObjectNode ? Json.write(params) : "{}";
        String key = type == MessageType.CALL_TOOL ? "arguments" : "nested";
        if (type == MessageType.CALL_TOOL && params instanceof ObjectNode obj && obj.get("arguments") instanceof ObjectNode args) {
            obj.remove("arguments");
            paramsText = Json.write(obj);
            nested = RawJson.appendMember(Json.write(args), "nested", nested);
        }
        String text = RawJson.appendMember(Json.write(message), "params", RawJson.appendMember(paramsText, key, nested));
        return withText(type, Phase.AGGRESSIVE, strategy, message, text);
    }

    private ProtocolCase oversized(MessageType type, Strategy strategy, ObjectNode message, SplittableRandom rnd) {
        ObjectNode params = message.get("params") instanceof ObjectNode obj ? obj : message.putObject("params");
        char fill = "AZaz09".charAt(rnd.nextInt(6));
        String padding = String.valueOf(fill).repeat(options.oversizedBytes());
        if (type == MessageType.CALL_TOOL) {
            ObjectNode args = params.get("arguments") instanceof ObjectNode a ? a : params.putObject("arguments");
            args.put("padding", padding);
        } else {
            ObjectNode meta = params.get("_meta") instanceof ObjectNode m ? m : params.putObject("_meta");
            meta.put("padding", padding);
        }
        return withText(type, Phase.AGGRESSIVE, strategy, message, Json.write(message));
    }

    /**
     * A single-object case. Without an id and with a string method the frame is a notification (no
     * answer); with an id, or without a usable method (an Invalid Request), JSON-RPC requires an answer.
     */
    private ProtocolCase withText(MessageType type, Phase phase, Strategy strategy, ObjectNode message,
            String text) {
        JsonNode id = message.get("id");
        boolean hasMethod = message.path("method").isString();
        boolean notification = id == null && hasMethod;
        return new ProtocolCase(type, phase, strategy, version, text, !notification, id,
                id == null ? List.of() : List.of(id), notification);
    }

    /** Puts {@code jsonrpc, id, method, params} first again after an id was added or replaced. */
    private static ObjectNode reorder(ObjectNode message) {
        ObjectNode out = Json.object();
        for (String key : List.of("jsonrpc", "id", "method", "params")) {
            if (message.has(key)) {
                out.set(key, message.get(key));
            }
        }
        message.properties().forEach(e -> {
            if (!out.has(e.getKey())) {
                out.set(e.getKey(), e.getValue());
            }
        });
        return out;
    }

    private static long freshId(SplittableRandom rnd) {
        return ID_BASE + rnd.nextLong(ID_SPAN);
    }
}
