package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The id of a response frame that was too long to keep, read from its first and last bytes. The frame must
 * be a response: its top-level object starts with its {@code result} or {@code error} member (after an
 * optional {@code jsonrpc}) and ends with its id ({@code {"result":...,"jsonrpc":"2.0","id":7}}, as the
 * TypeScript SDK writes it), or starts with its id followed by its {@code result} or {@code error}
 * ({@code {"jsonrpc":"2.0","id":7,"result":...}}, as most Java and Python servers write it). A server's own
 * request (with {@code method}; its ids are the server's, not ours), a string id longer than the kept bytes
 * or an id in the middle of the object gives none. Stateless; the patterns are linear (no nested
 * quantifiers) over input of a few hundred characters.
 */
final class OversizedFrameId {
    private static final String VALUE = "(-?\\d{1,19}|\"(?:[^\"\\\\]|\\\\.){0,200}\")";
    private static final String JSONRPC = "(?:\"jsonrpc\"\\s*:\\s*\"[^\"]{0,20}\"\\s*,\\s*)?";
    private static final String ANSWER = "\"(?:result|error)\"\\s*:";
    private static final Pattern ID_FIRST = Pattern.compile(
            "^\\s*\\{\\s*" + JSONRPC + "\"id\"\\s*:\\s*" + VALUE + "\\s*,\\s*" + ANSWER);
    private static final Pattern ANSWER_FIRST = Pattern.compile("^\\s*\\{\\s*" + JSONRPC + ANSWER);
    private static final Pattern ID_LAST = Pattern.compile(",\\s*\"id\"\\s*:\\s*" + VALUE + "\\s*}\\s*$");

    private OversizedFrameId() {}

    /** The id, or null when the two ends do not show a response's id. */
    static JsonNode of(String head, String tail) {
        JsonNode id = match(ID_FIRST, head);
        if (id != null || head == null || !ANSWER_FIRST.matcher(head).find()) {
            return id;
        }
        return match(ID_LAST, tail);
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
