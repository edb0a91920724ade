package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Json;
import java.util.List;
import java.util.Locale;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Whether a {@code tools/call} result that is not flagged {@code isError} says in its own text that the
 * call failed: its first content block is a text that is a small JSON object with a non-empty
 * {@code error} or {@code errors} member ({@code {"error":"Missing required argument: channel_id"}}, as
 * server-slack answers), or that opens with an error word ({@code Error: ...}, {@code Invalid ...},
 * {@code Missing required ...}, {@code Failed ...}). A result with {@code structuredContent} is an answer.
 * Only consulted for schema-invalid inputs, where such a text is the server's refusal. Stateless.
 */
final class ErrorShapedText {
    /** Longest text parsed as JSON. */
    static final int MAX_PARSE = 64 * 1024;
    /** Most members of a JSON error object ({@code error}, {@code message}, {@code code}). */
    static final int MAX_MEMBERS = 3;
    private static final List<String> OPENERS = List.of("error", "invalid", "missing required", "failed", "exception");
    private static final int EXCERPT = 300;

    private ErrorShapedText() {}

    /** The error text (at most {@value #EXCERPT} characters), or null when the result reads as an answer. */
    static String find(JsonNode result) {
        if (result == null || !result.isObject()) {
            return null;
        }
        JsonNode structured = result.get("structuredContent");
        JsonNode content = result.get("content");
        if ((structured != null && !structured.isNull()) || content == null || !content.isArray() || content.isEmpty()) {
            return null;
        }
        JsonNode first = content.get(0);
        if (!"text".equals(first.path("type").asString("")) || !first.path("text").isString()) {
            return null;
        }
        String text = first.path("text").stringValue().strip();
        boolean refusal = text.startsWith("{") ? errorObject(text) : opensWithErrorWord(text);
        return refusal ? (text.length() > EXCERPT ? text.substring(0, EXCERPT) : text) : null;
    }

    private static boolean errorObject(String text) {
        if (text.length() > MAX_PARSE) {
            return false;
        }
        JsonNode parsed;
        try {
            parsed = Json.parse(text);
        } catch (JacksonException notJson) {
            return false;
        }
        if (!parsed.isObject() || parsed.size() > MAX_MEMBERS) {
            return false;
        }
        for (String key : List.of("error", "errors")) {
            JsonNode v = parsed.get(key);
            if (v != null && (v.isString() ? !v.stringValue().isBlank() : v.isContainer() ? !v.isEmpty()
                    : v.isBoolean() && v.booleanValue())) {
                return true;
            }
        }
        return false;
    }

    private static boolean opensWithErrorWord(String text) {
        String head = text.substring(0, Math.min(40, text.length())).toLowerCase(Locale.ROOT);
        for (String opener : OPENERS) {
            if (head.startsWith(opener)
                    && (head.length() == opener.length() || !Character.isLetter(head.charAt(opener.length())))) {
                return true;
            }
        }
        return false;
    }
}
