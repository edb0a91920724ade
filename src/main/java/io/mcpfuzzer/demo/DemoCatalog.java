package io.mcpfuzzer.demo;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The demo server's static answers: initialize result and tool list. */
final class DemoCatalog {
    private DemoCatalog() {}

    static ObjectNode initializeResult(String offered) {
        ObjectNode r = Json.object();
        r.put("protocolVersion", offered.isEmpty() ? "2025-11-25" : offered);
        r.putObject("capabilities").putObject("tools");
        r.putObject("serverInfo").put("name", "mcp-fuzzer-demo").put("version", "1.0.0");
        return r;
    }

    static ObjectNode toolsList() {
        ObjectNode r = Json.object();
        ArrayNode tools = r.putArray("tools");
        tools.add(tool("echo", "Echoes the text back.", "text", "string"));
        tools.add(tool("read_note", "Reads a note from the notes folder.", "path", "string"));
        tools.add(tool("lookup_user", "Looks up a user by id.", "id", "string"));
        ObjectNode search = tool("search", "Searches the catalogue.", "query", "string");
        ((ObjectNode) search.path("inputSchema").path("properties")).putObject("limit").put("type", "integer");
        tools.add(search);
        ObjectNode add = tool("add", "Adds two numbers.", "a", "number");
        ObjectNode schema = (ObjectNode) add.get("inputSchema");
        ((ObjectNode) schema.get("properties")).putObject("b").put("type", "number");
        ((ArrayNode) schema.get("required")).add("b");
        schema.put("additionalProperties", false);
        tools.add(add);
        return r;
    }

    private static ObjectNode tool(String name, String description, String param, String type) {
        ObjectNode t = Json.object();
        t.put("name", name);
        t.put("description", description);
        ObjectNode schema = t.putObject("inputSchema");
        schema.put("type", "object");
        schema.putObject("properties").putObject(param).put("type", type);
        schema.putArray("required").add(param);
        return t;
    }

    static JsonNode text(String text) {
        ObjectNode r = Json.object();
        r.putArray("content").addObject().put("type", "text").put("text", text);
        return r;
    }
}
