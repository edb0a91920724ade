package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fixture with one planted bug per verdict, each triggered only by hostile or invalid input
 * (a value that is not a plain string of letters, digits, spaces and {@code .-_@:/}), plus
 * {@code clean_add}, a strictly validating control tool. Tools: crash_tool, hang_tool, drop_tool,
 * leak_tool, internal_tool, reflect_tool, oversized_tool, badframe_tool, slow_tool (every 5th call takes 1.5 s), random_tool,
 * memory_tool, noisy_tool (logs to stdout), accept_tool, clean_add.
 */
public final class PlantedBugsServer extends MiniServer {
    private final List<byte[]> retained = new ArrayList<>();
    private int slowCalls;

    public static void main(String[] args) throws Exception {
        new PlantedBugsServer().serve();
    }

    static boolean hostile(JsonNode args) {
        if (args == null || !args.isObject()) {
            return true;
        }
        for (var e : args.properties()) {
            JsonNode v = e.getValue();
            if (!v.isString() || !v.asString().matches("[\\p{Alnum} .\\-_@:/,+]{0,200}") || v.asString().contains("..")) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) throws Exception {
        if (method.equals("tools/list")) {
            return result(id, tools());
        }
        if (!method.equals("tools/call")) {
            return error(id, -32601, "Method not found");
        }
        String name = params.path("name").asString("");
        JsonNode args = params.path("arguments");
        boolean bad = hostile(args);
        switch (name) {
            case "crash_tool":
                if (bad) {
                    System.err.println("Traceback (most recent call last):\n  File \"/srv/planted/server.py\", line 42, in handle\n"
                            + "    run(args)\nValueError: planted crash");
                    System.exit(1);
                }
                return result(id, text("fine"));
            case "hang_tool":
                if (bad) {
                    while (true) {
                        Thread.sleep(1_000);
                    }
                }
                return result(id, text("fine"));
            case "drop_tool":
                return bad ? null : result(id, text("fine"));
            case "leak_tool":
                return bad ? error(id, -32000, "Traceback (most recent call last):\n  File \"/srv/planted/db.py\", line 7, in query\n"
                        + "sqlite3.OperationalError: near \"'\": syntax error") : result(id, text("fine"));
            case "internal_tool":
                return bad ? error(id, -32603, "Internal error") : result(id, text("fine"));
            case "reflect_tool":
                return result(id, text("You said: " + args.path("text").asString(args.toString())));
            case "oversized_tool":
                return bad ? result(id, text("x".repeat(3 * 1024 * 1024))) : result(id, text("fine"));
            case "badframe_tool":
                if (bad) {
                    ObjectNode m = result(id, text("fine"));
                    m.put("jsonrpc", "1.0");
                    return m;
                }
                return result(id, text("fine"));
            case "slow_tool":
                if (++slowCalls % 5 == 0) {
                    Thread.sleep(1_500);
                }
                return result(id, text("fine"));
            case "random_tool":
                return result(id, text("lucky number " + ThreadLocalRandom.current().nextInt(1_000_000)));
            case "memory_tool":
                retained.add(new byte[2 * 1024 * 1024]);
                retained.forEach(b -> b[ThreadLocalRandom.current().nextInt(b.length)] = 1);
                return result(id, text("stored " + retained.size()));
            case "noisy_tool":
                out.println("DEBUG noisy_tool called with " + args.size() + " argument(s)");
                return result(id, text("fine"));
            case "accept_tool":
                return result(id, text("accepted"));
            case "clean_add": {
                JsonNode a = args.path("a");
                JsonNode b = args.path("b");
                if (!args.isObject() || args.size() != 2 || !a.isNumber() || !b.isNumber()) {
                    return error(id, -32602, "Invalid params: a and b must be numbers");
                }
                return result(id, text(String.valueOf(a.asDouble() + b.asDouble())));
            }
            default:
                return error(id, -32602, "Unknown tool");
        }
    }

    private static ObjectNode tools() {
        ObjectNode r = Json.object();
        ArrayNode list = r.putArray("tools");
        for (String name : List.of("crash_tool", "hang_tool", "drop_tool", "leak_tool", "internal_tool", "reflect_tool",
                "oversized_tool", "badframe_tool", "slow_tool", "random_tool", "memory_tool", "noisy_tool")) {
            list.add(stringTool(name));
        }
        ObjectNode accept = list.addObject();
        accept.put("name", "accept_tool");
        accept.put("description", "Takes a count of at least 1.");
        ObjectNode schema = accept.putObject("inputSchema");
        schema.put("type", "object");
        schema.putObject("properties").putObject("count").put("type", "integer").put("minimum", 1);
        schema.putArray("required").add("count");
        schema.put("additionalProperties", false);
        ObjectNode add = list.addObject();
        add.put("name", "clean_add");
        add.put("description", "Adds two numbers.");
        ObjectNode addSchema = add.putObject("inputSchema");
        addSchema.put("type", "object");
        ObjectNode props = addSchema.putObject("properties");
        props.putObject("a").put("type", "number");
        props.putObject("b").put("type", "number");
        addSchema.putArray("required").add("a").add("b");
        addSchema.put("additionalProperties", false);
        return r;
    }

    private static ObjectNode stringTool(String name) {
        ObjectNode t = Json.object();
        t.put("name", name);
        t.put("description", "Planted tool " + name);
        ObjectNode schema = t.putObject("inputSchema");
        schema.put("type", "object");
        schema.putObject("properties").putObject("text").put("type", "string");
        schema.putArray("required").add("text");
        return t;
    }
}
