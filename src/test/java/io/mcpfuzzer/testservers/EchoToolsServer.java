package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Deterministic, well-behaved fixture: three tools with varied schemas (formatted strings, bounded
 * integers, nested objects, arrays and enums). Every call is answered with a short text that
 * depends only on the tool name and the arguments (a digest, never an echo of the input, so no
 * reflection finding), and nothing the client sends makes it crash or hang. Unknown methods get
 * -32601, unknown tools -32602. Single-threaded.
 */
public final class EchoToolsServer extends MiniServer {
    /** Tool with one unconstrained string parameter (for diversity tests). */
    public static final String SINGLE_STRING_TOOL = "note";

    public static void main(String[] args) throws Exception {
        new EchoToolsServer(args.length > 0 && args[0].equals("--single")).serve();
    }

    private final boolean single;

    private EchoToolsServer(boolean single) {
        this.single = single;
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        try {
            if (method.equals("tools/list")) {
                ObjectNode r = Json.object();
                ArrayNode tools = r.putArray("tools");
                if (single) {
                    tools.add(noteTool());
                } else {
                    tools.add(registerTool());
                    tools.add(computeTool());
                    tools.add(configureTool());
                }
                return result(id, r);
            }
            if (method.equals("tools/call")) {
                String name = params.path("name").asString("");
                if (!name.equals("register_user") && !name.equals("compute") && !name.equals("configure")
                        && !name.equals(SINGLE_STRING_TOOL)) {
                    return error(id, -32602, "Unknown tool");
                }
                JsonNode args = params.path("arguments");
                int keys = args.isObject() ? args.size() : -1;
                return result(id, text("ok " + name + " keys=" + keys + " digest=" + digest(Json.write(args))));
            }
            return error(id, -32601, "Method not found");
        } catch (RuntimeException e) {
            return error(id, -32602, "Invalid params");
        }
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            return "none";
        }
    }

    private static ObjectNode noteTool() {
        ObjectNode tool = tool(SINGLE_STRING_TOOL, "Stores a note");
        ObjectNode props = schemaOf(tool).putObject("properties");
        props.putObject("text").put("type", "string");
        schemaOf(tool).putArray("required").add("text");
        return tool;
    }

    private static ObjectNode registerTool() {
        ObjectNode tool = tool("register_user", "Registers a user account");
        ObjectNode schema = schemaOf(tool);
        ObjectNode props = schema.putObject("properties");
        props.putObject("email").put("type", "string").put("format", "email");
        props.putObject("website").put("type", "string").put("format", "uri");
        props.putObject("birthday").put("type", "string").put("format", "date");
        props.putObject("user_id").put("type", "string").put("format", "uuid");
        props.putObject("display_name").put("type", "string").put("minLength", 1).put("maxLength", 40);
        props.putObject("zip").put("type", "string").put("pattern", "^[0-9]{5}$");
        schema.putArray("required").add("email").add("display_name");
        schema.put("additionalProperties", false);
        return tool;
    }

    private static ObjectNode computeTool() {
        ObjectNode tool = tool("compute", "Computes a value");
        ObjectNode schema = schemaOf(tool);
        ObjectNode props = schema.putObject("properties");
        props.putObject("a").put("type", "integer").put("minimum", -100).put("maximum", 100);
        props.putObject("b").put("type", "integer").put("minimum", 0).put("maximum", 1000).put("multipleOf", 5);
        props.putObject("ratio").put("type", "number").put("exclusiveMinimum", 0).put("maximum", 1);
        props.putObject("count").put("type", "integer");
        props.putObject("precise").put("type", "boolean");
        schema.putArray("required").add("a").add("b");
        return tool;
    }

    private static ObjectNode configureTool() {
        ObjectNode tool = tool("configure", "Configures a job");
        ObjectNode schema = schemaOf(tool);
        ObjectNode props = schema.putObject("properties");
        props.putObject("mode").put("type", "string").putArray("enum").add("fast").add("slow").add("balanced");
        ObjectNode options = props.putObject("options").put("type", "object");
        ObjectNode optProps = options.putObject("properties");
        optProps.putObject("tags").put("type", "array").put("maxItems", 5).put("uniqueItems", true)
                .putObject("items").put("type", "string").put("maxLength", 12);
        ObjectNode limits = optProps.putObject("limits").put("type", "object");
        ObjectNode limitProps = limits.putObject("properties");
        limitProps.putObject("cpu").put("type", "integer").put("minimum", 1).put("maximum", 64);
        limitProps.putObject("memory_mb").put("type", "integer").put("minimum", 64);
        limits.putArray("required").add("cpu");
        optProps.putObject("levels").put("type", "array").putObject("items").put("type", "integer")
                .putArray("enum").add(1).add(2).add(3);
        schema.putArray("required").add("mode");
        return tool;
    }

    private static ObjectNode schemaOf(ObjectNode tool) {
        return (ObjectNode) tool.get("inputSchema");
    }

    private static ObjectNode tool(String name, String description) {
        ObjectNode tool = Json.object();
        tool.put("name", name);
        tool.put("description", description);
        tool.putObject("inputSchema").put("type", "object");
        return tool;
    }
}
