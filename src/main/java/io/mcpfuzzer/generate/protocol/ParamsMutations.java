package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/** Mutations of the {@code params} member of an otherwise valid message (tree level). */
final class ParamsMutations {
    static final List<String> HOSTILE_STRINGS = List.of("../../../../../../etc/passwd", "file:///etc/passwd",
            "' OR '1'='1", "$(id)", "`id`", "null\u0000byte", "{{7*7}}", "${jndi:ldap://127.0.0.1/a}",
            "<script>alert(1)</script>", "%s%s%s%n", "\u202egnp.exe", "C:\\Windows\\win.ini", "\r\nX-Injected: 1");

    private ParamsMutations() {}

    static void apply(Strategy strategy, MessageType type, ObjectNode message, SplittableRandom rnd) {
        JsonNode params = message.get("params");
        switch (strategy) {
            case PARAMS_WRONG_TYPES -> message.set("params", wrongTypes(params, rnd));
            case PARAMS_ARRAY -> message.set("params", asArray(params));
            case PARAMS_MISSING -> message.remove("params");
            case PARAMS_NULL -> message.putNull("params");
            case PARAMS_SCALAR -> message.set("params", rnd.nextBoolean() ? StringNode.valueOf("params")
                    : IntNode.valueOf(rnd.nextInt(1000)));
            case PARAMS_MISSING_REQUIRED -> dropRequired(type, objectParams(message), rnd);
            case PARAMS_HOSTILE_VALUES -> hostile(objectParams(message), rnd);
            default -> throw new IllegalArgumentException("not a params strategy: " + strategy);
        }
    }

    private static ObjectNode objectParams(ObjectNode message) {
        JsonNode params = message.get("params");
        if (params instanceof ObjectNode obj) {
            return obj;
        }
        return message.putObject("params");
    }

    /** Every leaf gets a value of another JSON type; an absent or empty params gets a mistyped {@code _meta}. */
    private static JsonNode wrongTypes(JsonNode params, SplittableRandom rnd) {
        if (!(params instanceof ObjectNode obj) || obj.isEmpty()) {
            return Json.object().put("_meta", "not-an-object");
        }
        ObjectNode out = Json.object();
        for (Map.Entry<String, JsonNode> e : obj.properties()) {
            out.set(e.getKey(), otherType(e.getValue(), rnd));
        }
        return out;
    }

    private static JsonNode otherType(JsonNode value, SplittableRandom rnd) {
        if (value.isString()) {
            return rnd.nextBoolean() ? IntNode.valueOf(rnd.nextInt(100)) : Json.array().add(value.asString());
        }
        if (value.isNumber()) {
            return StringNode.valueOf(value.asString());
        }
        if (value.isBoolean()) {
            return StringNode.valueOf(value.asString());
        }
        if (value.isObject()) {
            return rnd.nextBoolean() ? StringNode.valueOf("{}") : Json.array().add(value);
        }
        if (value.isArray()) {
            return Json.object().set("items", value);
        }
        return BooleanNode.TRUE;
    }

    private static JsonNode asArray(JsonNode params) {
        ArrayNode array = Json.array();
        if (params instanceof ObjectNode obj) {
            for (Map.Entry<String, JsonNode> e : obj.properties()) {
                array.add(e.getValue());
            }
        }
        return array;
    }

    private static void dropRequired(MessageType type, ObjectNode params, SplittableRandom rnd) {
        String[] required = RequiredParams.of(type);
        if (rnd.nextBoolean()) {
            for (String name : required) {
                params.remove(name);
            }
        } else {
            params.remove(required[rnd.nextInt(required.length)]);
        }
    }

    /** Replaces string leaves (recursively, bounded) with hostile strings; adds one if there is none. */
    private static void hostile(ObjectNode params, SplittableRandom rnd) {
        List<ObjectNode> owners = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        collectStrings(params, owners, keys, 0);
        if (owners.isEmpty()) {
            params.putObject("_meta").put("progressToken", ValidParams.pick(HOSTILE_STRINGS, rnd));
            return;
        }
        for (int i = 0; i < owners.size(); i++) {
            owners.get(i).put(keys.get(i), ValidParams.pick(HOSTILE_STRINGS, rnd));
        }
    }

    private static void collectStrings(ObjectNode node, List<ObjectNode> owners, List<String> keys, int depth) {
        if (depth > 8) {
            return;
        }
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (e.getValue().isString() && !e.getKey().equals("type")) {
                owners.add(node);
                keys.add(e.getKey());
            } else if (e.getValue() instanceof ObjectNode child) {
                collectStrings(child, owners, keys, depth + 1);
            }
        }
    }
}
