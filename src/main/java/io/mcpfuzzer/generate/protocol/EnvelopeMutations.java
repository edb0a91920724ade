package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.common.Json;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.BooleanNode;
import tools.jackson.databind.node.DoubleNode;
import tools.jackson.databind.node.BigIntegerNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.LongNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/** Mutations of the JSON-RPC envelope ({@code id}, {@code jsonrpc}, {@code method}, extra members), tree level. */
final class EnvelopeMutations {
    private static final List<String> UNKNOWN_METHODS = List.of("tools/delete", "admin/shutdown", "rpc.discover",
            "custom/method", "resources/write", "debug/eval", "");
    private static final List<String> SERVER_TO_CLIENT_NOTIFICATIONS = List.of("notifications/message",
            "notifications/tools/list_changed", "notifications/resources/updated");

    private EnvelopeMutations() {}

    /** The id node a request strategy puts on the wire ({@code fresh} is a normal unique integer id). */
    static JsonNode mutatedId(Strategy strategy, long fresh, SplittableRandom rnd) {
        return switch (strategy) {
            case ID_STRING -> StringNode.valueOf("fz-" + Long.toHexString(fresh));
            case ID_ZERO -> IntNode.valueOf(0);
            case ID_NEGATIVE -> LongNode.valueOf(-fresh);
            case ID_FLOAT -> DoubleNode.valueOf(fresh + 0.5);
            case ID_HUGE -> BigIntegerNode.valueOf(BigInteger.TEN.pow(30).add(BigInteger.valueOf(fresh)));
            case ID_NULL -> NullNode.getInstance();
            case ID_OBJECT -> Json.object().put("id", fresh);
            case ID_ARRAY -> Json.array().add(fresh);
            case ID_BOOL -> BooleanNode.valueOf(rnd.nextBoolean());
            default -> LongNode.valueOf(fresh);
        };
    }

    static void jsonrpc(Strategy strategy, ObjectNode message) {
        switch (strategy) {
            case JSONRPC_MISSING -> message.remove("jsonrpc");
            case JSONRPC_1_0 -> message.put("jsonrpc", "1.0");
            case JSONRPC_NUMBER -> message.put("jsonrpc", 2.0);
            case JSONRPC_NULL -> message.putNull("jsonrpc");
            default -> throw new IllegalArgumentException("not a jsonrpc strategy: " + strategy);
        }
    }

    static void method(Strategy strategy, MessageType type, ObjectNode message, SplittableRandom rnd) {
        String m = type.method();
        switch (strategy) {
            case METHOD_UNKNOWN -> message.put("method", type.isNotification()
                    ? "notifications/fuzz_unknown_" + rnd.nextInt(100) : ValidParams.pick(UNKNOWN_METHODS, rnd));
            case METHOD_CASE -> message.put("method", rnd.nextBoolean() ? m.toUpperCase(Locale.ROOT) : capitalise(m));
            case METHOD_TRAILING_SLASH -> message.put("method", rnd.nextInt(3) == 0 ? "/" + m : m + "/");
            case METHOD_UNICODE -> message.put("method", unicode(m, rnd));
            case METHOD_NOT_STRING -> {
                switch (rnd.nextInt(4)) {
                    case 0 -> message.put("method", 42);
                    case 1 -> message.put("method", true);
                    case 2 -> message.putNull("method");
                    default -> message.set("method", Json.array().add(m));
                }
            }
            case METHOD_MISSING -> message.remove("method");
            case METHOD_SERVER_TO_CLIENT -> message.put("method", ValidParams.pick(
                    type.isNotification() ? SERVER_TO_CLIENT_NOTIFICATIONS : McpModel.SERVER_TO_CLIENT_METHODS, rnd));
            default -> throw new IllegalArgumentException("not a method strategy: " + strategy);
        }
    }

    static void extraFields(ObjectNode message, SplittableRandom rnd) {
        message.put("extra", "field");
        if (rnd.nextBoolean()) {
            message.putObject("__proto__").put("polluted", true);
        }
        if (rnd.nextBoolean()) {
            message.putObject("constructor").putObject("prototype").put("polluted", true);
        }
        if (rnd.nextBoolean()) {
            message.put("jsonrpc2", "2.0");
        }
    }

    static void responseMembers(ObjectNode message, SplittableRandom rnd) {
        message.putObject("result");
        if (rnd.nextBoolean()) {
            message.putObject("error").put("code", -32603).put("message", "injected");
        }
    }

    private static String capitalise(String method) {
        StringBuilder sb = new StringBuilder(method.length());
        boolean start = true;
        for (char c : method.toCharArray()) {
            sb.append(start ? Character.toUpperCase(c) : c);
            start = c == '/' || c == '_';
        }
        return sb.toString();
    }

    /** Homoglyph, zero-width, full-width or combining-mark variants of a method name (never the name itself). */
    private static String unicode(String method, SplittableRandom rnd) {
        String variant = switch (rnd.nextInt(5)) {
            case 0 -> method.replace('o', '\u043e').replace('a', '\u0430').replace('e', '\u0435');
            case 1 -> method + "\u200b";
            case 2 -> method.replace('/', '\uff0f');
            case 3 -> "\ufeff" + method;
            default -> method.replaceFirst("([a-z])", "$1\u0301");
        };
        return variant.equals(method) ? method + "\u200b" : variant;
    }
}
