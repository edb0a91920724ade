package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The id of a response frame that was too long to keep, read from its first and last bytes: an id that is
 * the top-level object's first member ({@code {"id":7,...}} or {@code {"jsonrpc":"2.0","id":7,...}}, as
 * most Java and Python servers write it) or its last member ({@code ...,"id":7}}, as the TypeScript SDK
 * writes it). A string id longer than the kept bytes, or an id in the middle of the object, is not found.
 * Stateless; the patterns are linear (no nested quantifiers) over input of a few hundred characters.
 */
final class OversizedFrameId {
    private static final String VALUE = "(-?\\d{1,19}|\"(?:[^\"\\\\]|\\\\.){0,200}\")";
    private static final Pattern FIRST = Pattern.compile(
            "^\\s*\\{\\s*(?:\"jsonrpc\"\\s*:\\s*\"[^\"]{0,20}\"\\s*,\\s*)?\"id\"\\s*:\\s*" + VALUE + "\\s*[,}]");
    private static final Pattern LAST = Pattern.compile(",\\s*\"id\"\\s*:\\s*" + VALUE + "\\s*}\\s*$");

    private OversizedFrameId() {}

    /** The id, or null when neither end of the frame shows one. */
    static JsonNode of(String head, String tail) {
        JsonNode id = match(FIRST, head);
        return id != null ? id : match(LAST, tail);
    }

    private static JsonNode match(Pattern pattern, String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        Matcher m = pattern.matcher(text);
        if (!m.find()) {
            return null;
        }
        try {
            return Json.parse(m.group(1));
        } catch (RuntimeException e) {
            return null; // a malformed escape: no id
        }
    }
}
