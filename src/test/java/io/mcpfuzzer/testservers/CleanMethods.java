package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The request methods of {@link CleanProtocolServer}, each validating its params (-32602 when they
 * are wrong, -32601 for methods it does not serve, -32002 for resources it does not list). Serves
 * exactly one resource ({@code readme.txt} of the folder) and reads nothing from disk. Not thread-safe.
 */
final class CleanMethods {
    private static final List<String> VERSIONS = List.of("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");
    private static final Set<String> LEVELS = Set.of("debug", "info", "notice", "warning", "error", "critical", "alert",
            "emergency");
    private static final List<String> TOPICS = List.of("security", "testing", "performance");
    private static final String README = "This folder is served by the clean protocol fixture.";

    private final String readmeUri;
    private String version = "2025-11-25";

    CleanMethods(Path folder) {
        this.readmeUri = folder.toAbsolutePath().normalize().resolve("readme.txt").toUri().toString();
    }

    String version() {
        return version;
    }

    ObjectNode handle(String method, JsonNode id, JsonNode params) {
        return switch (method) {
            case "initialize" -> initialize(id, params);
            case "ping" -> Rpc.result(id, Json.object());
            case "tools/list" -> listing(id, params, Rpc.addTool());
            case "tools/call" -> callTool(id, params);
            case "resources/list" -> listing(id, params, resources());
            case "resources/templates/list" -> listing(id, params, templates());
            case "resources/read" -> read(id, params);
            case "prompts/list" -> listing(id, params, Rpc.summarizePrompt());
            case "prompts/get" -> prompt(id, params);
            case "logging/setLevel" -> LEVELS.contains(params.path("level").asString(null))
                    && params.path("level").isString() ? Rpc.result(id, Json.object())
                    : Rpc.error(id, -32602, "level must be a log level name");
            case "completion/complete" -> complete(id, params);
            default -> Rpc.error(id, -32601, "Method not found");
        };
    }

    private ObjectNode initialize(JsonNode id, JsonNode params) {
        if (!params.path("protocolVersion").isString() || !params.path("capabilities").isObject()
                || !params.path("clientInfo").path("name").isString()) {
            return Rpc.error(id, -32602, "initialize needs protocolVersion, capabilities and clientInfo");
        }
        String asked = params.get("protocolVersion").asString();
        version = VERSIONS.contains(asked) ? asked : VERSIONS.get(VERSIONS.size() - 1);
        return Rpc.result(id, Rpc.initializeResult(version, "clean-protocol"));
    }

    /** No list is paginated, so every cursor is invalid. */
    private static ObjectNode listing(JsonNode id, JsonNode params, ObjectNode result) {
        return params.has("cursor") ? Rpc.error(id, -32602, "Invalid cursor") : Rpc.result(id, result);
    }

    private static ObjectNode callTool(JsonNode id, JsonNode params) {
        JsonNode args = params.has("arguments") ? params.get("arguments") : Json.object();
        if (!params.path("name").isString() || !args.isObject()) {
            return Rpc.error(id, -32602, "name must be a string and arguments an object");
        }
        if (!params.get("name").asString().equals("add")) {
            return Rpc.error(id, -32602, "Unknown tool");
        }
        JsonNode a = args.get("a");
        JsonNode b = args.get("b");
        if (args.size() != 2 || a == null || b == null || !a.isIntegralNumber() || !b.isIntegralNumber()) {
            return Rpc.result(id, Rpc.toolText("Invalid arguments: a and b must be integers", true));
        }
        BigInteger sum = a.bigIntegerValue().add(b.bigIntegerValue());
        return Rpc.result(id, Rpc.toolText(sum.toString(), false));
    }

    private ObjectNode resources() {
        ObjectNode r = Json.object();
        r.putArray("resources").addObject().put("uri", readmeUri).put("name", "readme").put("mimeType", "text/plain");
        return r;
    }

    private static ObjectNode templates() {
        ObjectNode r = Json.object();
        r.putArray("resourceTemplates");
        return r;
    }

    private ObjectNode read(JsonNode id, JsonNode params) {
        if (!params.path("uri").isString()) {
            return Rpc.error(id, -32602, "uri must be a string");
        }
        if (!params.get("uri").asString().equals(readmeUri)) {
            return Rpc.error(id, -32002, "Resource not found");
        }
        return Rpc.result(id, Rpc.textContents(readmeUri, README));
    }

    private static ObjectNode prompt(JsonNode id, JsonNode params) {
        JsonNode args = params.has("arguments") ? params.get("arguments") : Json.object();
        if (!params.path("name").isString() || !args.isObject()) {
            return Rpc.error(id, -32602, "name must be a string and arguments an object");
        }
        if (!params.get("name").asString().equals("summarize")) {
            return Rpc.error(id, -32602, "Unknown prompt");
        }
        for (Map.Entry<String, JsonNode> e : args.properties()) {
            if (!Set.of("topic", "style").contains(e.getKey()) || !e.getValue().isString()) {
                return Rpc.error(id, -32602, "arguments are topic and style, both strings");
            }
        }
        if (!args.has("topic")) {
            return Rpc.error(id, -32602, "missing required argument topic");
        }
        String style = args.path("style").asString("short");
        return Rpc.result(id, Rpc.promptMessages("Write a " + (style.equals("long") ? "long" : "short")
                + " summary of the topic below.\n\n" + args.get("topic").asString()));
    }

    private static ObjectNode complete(JsonNode id, JsonNode params) {
        JsonNode ref = params.path("ref");
        JsonNode argument = params.path("argument");
        boolean refOk = ref.isObject() && (("ref/prompt".equals(ref.path("type").asString(null)) && ref.path("name").isString())
                || ("ref/resource".equals(ref.path("type").asString(null)) && ref.path("uri").isString()));
        if (!refOk || !argument.path("name").isString() || !argument.path("value").isString()
                || (params.has("context") && !params.get("context").isObject())) {
            return Rpc.error(id, -32602, "completion needs a ref and an argument with string name and value");
        }
        String prefix = argument.get("value").asString();
        ObjectNode r = Json.object();
        ObjectNode completion = r.putObject("completion");
        var values = completion.putArray("values");
        if (ref.path("type").asString("").equals("ref/prompt") && argument.get("name").asString().equals("topic")) {
            TOPICS.stream().filter(t -> t.startsWith(prefix)).forEach(values::add);
        }
        completion.put("total", values.size()).put("hasMore", false);
        return Rpc.result(id, r);
    }
}
