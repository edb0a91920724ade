package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server that says in its errors which values it accepts, as {@code @bytebase/dbhub --demo} does,
 * and accepts nothing else. Listing order {@code search_objects, list_columns}:
 * <ul>
 *   <li>{@code search_objects(object_type*, schema*, pattern, limit)} answers a tool error whose text
 *       is dbhub's JSON, {@code {"success": false, "error": "Schema 'x' does not exist. Available
 *       schemas: main", "code": "SCHEMA_NOT_FOUND"}}, unless {@code schema} is {@code main};</li>
 *   <li>{@code list_columns(schemaName*)} answers a JSON-RPC invalid-params error that names no
 *       valid value ({@code Schema 'x' not found}) unless {@code schemaName} is {@code main}: only a
 *       hint from the tool before it can get it past.</li>
 * </ul>
 * Deterministic: the same calls get the same answers.
 */
public final class SchemaHintsServer extends MiniServer {
    private static final String TOOLS = """
            {"tools": [
              {"name": "search_objects", "description": "Searches database objects by pattern",
               "inputSchema": {"type": "object", "required": ["object_type", "schema"], "properties": {
                 "object_type": {"type": "string", "enum": ["table", "view"]},
                 "schema": {"type": "string", "description": "Schema to search in"},
                 "pattern": {"type": "string", "description": "Name pattern"},
                 "limit": {"type": "integer", "minimum": 1, "maximum": 100}}}},
              {"name": "list_columns", "description": "Lists the columns of a schema's tables",
               "inputSchema": {"type": "object", "required": ["schemaName"], "properties": {
                 "schemaName": {"type": "string", "maxLength": 64}}}}
            ]}""";

    public static void main(String[] args) throws Exception {
        new SchemaHintsServer().serve();
    }

    @Override
    protected ObjectNode handle(String method, JsonNode id, JsonNode params) {
        if (!method.equals("tools/call")) {
            return method.equals("tools/list") ? result(id, Json.parse(TOOLS)) : error(id, -32601, "Method not found");
        }
        JsonNode args = params.path("arguments");
        return switch (params.path("name").asString("")) {
            case "search_objects" -> search(id, args.path("schema").asString(""));
            case "list_columns" -> args.path("schemaName").asString("").equals("main")
                    ? result(id, text("users.id, users.name, orders.id"))
                    : error(id, -32602, "Schema '" + args.path("schemaName").asString("") + "' not found");
            default -> error(id, -32602, "Unknown tool");
        };
    }

    /** dbhub's answers: its JSON as the text of a tool error, unless the schema is {@code main}. */
    private static ObjectNode search(JsonNode id, String schema) {
        if (schema.equals("main")) {
            return result(id, text("{\"success\": true, \"objects\": [\"users\", \"orders\"]}"));
        }
        ObjectNode answer = Json.object().put("success", false)
                .put("error", "Schema '" + schema + "' does not exist. Available schemas: main")
                .put("code", "SCHEMA_NOT_FOUND");
        return result(id, text(Json.write(answer)).put("isError", true));
    }
}
