package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Output-contract checks for tools that declare {@code outputSchema} (MCP 2025-06-18 and later,
 * "Structured Content" / "Output Schema"): an unusable schema (MCPF-CONTRACT-004), a successful result
 * without {@code structuredContent} (001), {@code structuredContent} that does not validate (002), and
 * text content that is not the serialised structured content (003: LOW when a JSON text block differs,
 * INFO when no text block carries the JSON the spec says SHOULD be there: one finding per server, listing
 * the tools). Results with
 * {@code isError: true} are exempt. Stateless and thread-safe.
 */
public final class OutputContract {
    /** Longest text block parsed as JSON for the consistency check. */
    public static final int MAX_TEXT_PARSE = 1 << 20;

    private OutputContract() {}

    /**
     * @param tool       the tool definition from {@code tools/list}
     * @param callResult the {@code result} object of the {@code tools/call} answer
     */
    public static List<Finding> check(JsonNode tool, JsonNode callResult) {
        List<Finding> out = new ArrayList<>();
        if (tool == null || callResult == null || !callResult.isObject()) {
            return out;
        }
        JsonNode schema = tool.get("outputSchema");
        if (schema == null || schema.isNull()) {
            return out;
        }
        String name = MetadataAudit.target(Surface.TOOL, tool);
        if (!schema.isObject() || !"object".equals(schema.path("type").asString(""))) {
            out.add(AuditCheck.BAD_OUTPUT_SCHEMA.finding(name, "outputSchema of '" + Snippet.excerpt(name, 80)
                    + "' is not an object schema (type must be \"object\").", Map.of("schema_type",
                    Snippet.excerpt(schema.has("type") ? Json.write(schema.get("type")) : "", 80)), "type"));
            if (!schema.isObject()) {
                return out;
            }
        }
        if (callResult.path("isError").asBoolean(false)) {
            return out;
        }
        JsonNode structured = callResult.get("structuredContent");
        if (structured == null || structured.isNull()) {
            out.add(AuditCheck.MISSING_STRUCTURED.finding(name, null, Map.of("result_keys",
                    List.copyOf(callResult.propertyNames())), "missing"));
            return out;
        }
        SchemaCheck.Result r = SchemaCheck.validate(schema, structured);
        if (r.unusable() != null) {
            out.add(AuditCheck.BAD_OUTPUT_SCHEMA.finding(name, null, Map.of("error", r.unusable()), "compile"));
            return out;
        }
        if (!r.errors().isEmpty() || !structured.isObject()) {
            Map<String, Object> ev = new LinkedHashMap<>();
            ev.put("dialect", r.dialect());
            ev.put("errors", structured.isObject() ? r.errors() : List.of("structuredContent is not an object"));
            ev.put("structured_excerpt", Snippet.excerpt(Json.write(structured), Snippet.MAX_EXCERPT));
            out.add(AuditCheck.INVALID_STRUCTURED.finding(name, null, ev, "invalid"));
        }
        consistency(name, structured, callResult.get("content"), out);
        return out;
    }

    private static void consistency(String name, JsonNode structured, JsonNode content, List<Finding> out) {
        boolean sawJson = false;
        String differing = null;
        String expected = null; // the canonical structuredContent, made once the first JSON text turns up
        if (content != null && content.isArray()) {
            for (JsonNode block : content) {
                if (!"text".equals(block.path("type").asString("")) || !block.path("text").isString()) {
                    continue;
                }
                String text = block.path("text").stringValue().strip();
                if (text.length() > MAX_TEXT_PARSE || !(text.startsWith("{") || text.startsWith("["))) {
                    continue;
                }
                try {
                    JsonNode parsed = Json.parse(text);
                    sawJson = true;
                    // git-mcp-server writes "branches": null in the text where structuredContent leaves it out
                    if (expected == null) {
                        expected = CanonicalJson.write(CanonicalJson.withoutNullMembers(structured));
                    }
                    if (CanonicalJson.write(CanonicalJson.withoutNullMembers(parsed)).equals(expected)) {
                        return;
                    }
                    differing = text;
                } catch (JacksonException notJson) {
                    // an ordinary text block
                }
            }
        }
        Map<String, Object> ev = new LinkedHashMap<>();
        if (sawJson) {
            ev.put("text_excerpt", Snippet.excerpt(differing, Snippet.MAX_EXCERPT));
            ev.put("structured_excerpt", Snippet.excerpt(Json.write(structured), Snippet.MAX_EXCERPT));
            out.add(AuditCheck.TEXT_INCONSISTENT.finding(name, "Text content of '" + Snippet.excerpt(name, 80)
                    + "' carries JSON that differs from structuredContent.", ev, "differs"));
        } else {
            ev.put("note", "no text block carries the serialised structuredContent (SHOULD, for older clients)");
            // a practice of the server, not of one tool: one finding that lists the tools
            out.add(AuditCheck.TEXT_INCONSISTENT.cause(Severity.INFO, name, null, ev, "absent"));
        }
    }
}
