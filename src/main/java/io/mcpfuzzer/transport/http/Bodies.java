package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.common.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Bounded reading of HTTP bodies and the small judgements made about them. Stateless. */
final class Bodies {
    /** Characters of a body shown in a problem detail. */
    static final int EXCERPT_CHARS = 1024;
    /** Bytes read from an error body (enough to recognise a JSON-RPC error). */
    static final int ERROR_BODY_BYTES = 256 * 1024;

    private Bodies() {}

    /** What a bounded read saw: the bytes, or that the cap was passed after {@code bytesSeen} bytes. */
    record Read(byte[] bytes, boolean oversized, long bytesSeen) {
        String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * Reads up to {@code cap} bytes; stops at {@code cap + 1} and reports oversized (the rest is left
     * unread; the caller closes the stream, which aborts the connection).
     */
    static Read read(InputStream in, long cap) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        long total = 0;
        int n;
        while ((n = in.read(buf)) != -1) {
            total += n;
            if (total > cap) {
                return new Read(new byte[0], true, total);
            }
            out.write(buf, 0, n);
        }
        return new Read(out.toByteArray(), false, total);
    }

    /** A short printable excerpt: control characters become {@code ?}, long text is cut with a count. */
    static String excerpt(String text) {
        String head = text.length() > EXCERPT_CHARS ? text.substring(0, EXCERPT_CHARS) : text;
        StringBuilder out = new StringBuilder(head.length() + 32);
        for (int i = 0; i < head.length(); i++) {
            char c = head.charAt(i);
            out.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        if (text.length() > EXCERPT_CHARS) {
            out.append("... [truncated ").append(text.length() - EXCERPT_CHARS).append(" chars]");
        }
        return out.toString();
    }

    /** True when the text is a JSON-RPC error response object (or a non-empty array of them). */
    static boolean isJsonRpcError(String text) {
        String t = text.strip();
        if (t.isEmpty() || (t.charAt(0) != '{' && t.charAt(0) != '[') || !t.contains("\"error\"")) {
            return false;
        }
        try {
            JsonNode node = Json.parse(t);
            if (node.isArray()) {
                if (node.isEmpty()) {
                    return false;
                }
                for (JsonNode item : node) {
                    if (!isErrorObject(item)) {
                        return false;
                    }
                }
                return true;
            }
            return isErrorObject(node);
        } catch (JacksonException e) {
            return false;
        }
    }

    private static boolean isErrorObject(JsonNode node) {
        return node.isObject() && node.has("error") && node.get("error").isObject() && !node.has("method");
    }

    /** True when the first non-blank character opens a JSON object or array. */
    static boolean looksLikeJson(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c == '{' || c == '[';
            }
        }
        return false;
    }
}
