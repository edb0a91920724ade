package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A correct server whose answers look suspicious: it publishes its allowed folder
 * ({@code list_allowed_directories}), echoes the paths it was given in its errors (resolved under
 * that folder), stores entities and shows them again ({@code create_entities}, {@code read_graph}),
 * and rejects invalid values with an error quoting them. Two tools are really at fault, as controls:
 * {@code leaky_tool} leaks its own source path and {@code greet} splices its input into prose.
 * Single-threaded.
 */
public final class StoreAndPathsServer extends ToolServer {
    public static final String ROOT = "/srv/fixture-root/data";
    private final List<String> entities = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        new StoreAndPathsServer().serve();
    }

    @Override
    protected void tools(ArrayNode tools) {
        tool(tools, "list_allowed_directories", "Lists the directories this server may access", null);
        tool(tools, "read_file", "Reads a file under the allowed directories", "path");
        tool(tools, "create_entities", "Creates an entity in the knowledge graph", "name");
        tool(tools, "read_graph", "Returns the whole knowledge graph", null);
        tool(tools, "validate", "Checks a value", "value");
        tool(tools, "leaky_tool", "Looks something up", "q");
        tool(tools, "greet", "Greets someone", "name");
    }

    @Override
    protected ObjectNode call(JsonNode id, String name, JsonNode args) {
        return switch (name) {
            case "list_allowed_directories" -> result(id, text("Allowed directories:\n" + ROOT));
            case "read_file" -> result(id, toolError(readFile(args.path("path").asString(""))));
            case "create_entities" -> {
                String entity = args.path("name").asString("");
                entities.add(entity);
                ArrayNode created = Json.array();
                created.addObject().put("name", entity).put("entityType", "thing");
                yield result(id, text(Json.write(created)));
            }
            case "read_graph" -> {
                ArrayNode all = Json.array();
                entities.forEach(e -> all.addObject().put("name", e).put("entityType", "thing"));
                yield result(id, text(Json.write(Json.object().set("entities", all))));
            }
            case "validate" -> result(id, toolError("Invalid value: " + args.path("value").asString("")
                    + " (expected a number)"));
            case "leaky_tool" -> result(id, toolError("lookup failed\n    at lookup (/home/runner/leaky-app/src/"
                    + "server.js:41:7)\nconfig read from /home/runner/leaky-app/config/settings.json"));
            case "greet" -> result(id, text("Hello, " + args.path("name").asString("") + "! Welcome back."));
            default -> error(id, -32602, "Unknown tool");
        };
    }

    private static String readFile(String path) {
        if (path.startsWith("/")) {
            return "ENOENT: no such file or directory, open '" + path + "'";
        }
        String resolved = Path.of(ROOT).resolve(path).normalize().toString();
        return resolved.startsWith(ROOT) ? "ENOENT: no such file or directory, open '" + resolved + "'"
                : "Access denied - path outside allowed directories: " + resolved + " not in " + ROOT;
    }
}
