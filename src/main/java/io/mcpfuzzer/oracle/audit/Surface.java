package io.mcpfuzzer.oracle.audit;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Kind of listed item whose definition the audit reads: which fields are shown to a human (visible),
 * which field identifies the item, and which fields are schemas.
 */
public enum Surface {
    TOOL("tool", List.of("name", "title", "description", "annotations"), List.of("inputSchema", "outputSchema")),
    RESOURCE("resource", List.of("uri", "uriTemplate", "name", "title", "description", "mimeType"), List.of()),
    PROMPT("prompt", List.of("name", "title", "description", "arguments"), List.of());

    private final String wire;
    private final List<String> visibleFields;
    private final List<String> schemaFields;

    Surface(String wire, List<String> visibleFields, List<String> schemaFields) {
        this.wire = wire;
        this.visibleFields = visibleFields;
        this.schemaFields = schemaFields;
    }

    /** Lower-case name written into evidence ({@code tool}, {@code resource}, {@code prompt}). */
    public String wire() {
        return wire;
    }

    public List<String> visibleFields() {
        return visibleFields;
    }

    public List<String> schemaFields() {
        return schemaFields;
    }

    /** Identity of an item: the name for tools and prompts, the URI (or template) for resources; "" if absent. */
    public String identity(JsonNode item) {
        if (item == null || !item.isObject()) {
            return "";
        }
        if (this == RESOURCE) {
            String uri = text(item, "uri");
            return uri.isEmpty() ? text(item, "uriTemplate") : uri;
        }
        return text(item, "name");
    }

    private static String text(JsonNode item, String field) {
        JsonNode v = item.get(field);
        return v != null && v.isString() ? v.stringValue() : "";
    }
}
