package io.mcpfuzzer.generate;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Finds the ids in one successful tool answer (a {@code tools/call} result), for {@link IdPool}:
 * <ul>
 *   <li>in JSON ({@code structuredContent}, and text blocks that are a JSON object or array): the
 *       value of every field named like an id ({@link IdNames#kindOf}: {@code id}, {@code fileId},
 *       {@code handle}, ...), a string or an integer, of that kind; and every UUID-shaped string of
 *       any other field, of kind {@code uuid};</li>
 *   <li>in plain text: a token right after an id word ({@code "opened handle h-7f3a"},
 *       {@code "session_id: 42"}, {@code "id=abc1"}; the token must hold a digit), of that word's
 *       kind; and every UUID-shaped token, of kind {@code uuid}.</li>
 * </ul>
 * An error answer ({@code isError: true}) gives nothing; the caller never passes a JSON-RPC error.
 * Bounded: {@value #MAX_NODES} JSON nodes, {@value #MAX_TEXT} characters of text per block,
 * {@value #MAX_FOUND} ids per answer. Everything the server sends is hostile: the text scan is a
 * hand scanner (linear), JSON text is parsed only up to {@value #MAX_TEXT} characters. Stateless.
 */
public final class IdHarvester {
    static final int MAX_NODES = 5_000;
    static final int MAX_TEXT = 64 * 1024;
    static final int MAX_FOUND = 16;
    private static final int MAX_DEPTH = 32;
    private static final int MAX_BLOCKS = 32;

    private IdHarvester() {}

    /** One id found: its kind and value (a JSON string or integer). */
    public record Found(String kind, JsonNode value) {}

    /**
     * The ids in a tool result, in answer order, without duplicates.
     *
     * @param result   the {@code result} of a {@code tools/call} answer; null gives nothing
     * @param excluded values not to take (what the fuzzer itself sent, so its own values never pass
     *                 for the server's); not null
     */
    public static List<Found> harvest(JsonNode result, Predicate<String> excluded) {
        List<Found> out = new ArrayList<>();
        if (result == null || !result.isObject() || result.path("isError").asBoolean(false)) {
            return out;
        }
        int[] budget = {MAX_NODES};
        walk(result.get("structuredContent"), null, 0, budget, excluded, out);
        int blocks = 0;
        for (JsonNode block : result.path("content")) {
            if (++blocks > MAX_BLOCKS || out.size() >= MAX_FOUND) {
                break;
            }
            JsonNode t = block.get("text");
            if (t == null || !t.isString()) {
                continue;
            }
            String text = t.asString();
            String cut = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
            String trimmed = cut.strip();
            JsonNode parsed = null;
            if (text.length() <= MAX_TEXT && (trimmed.startsWith("{") || trimmed.startsWith("["))) {
                try {
                    parsed = Json.parse(trimmed);
                } catch (JacksonException e) {
                    parsed = null; // not JSON after all: scanned as text below
                }
            }
            if (parsed != null) {
                walk(parsed, null, 0, budget, excluded, out);
            } else {
                scanText(cut, excluded, out);
            }
        }
        return out;
    }

    private static void walk(JsonNode node, String fieldKind, int depth, int[] budget, Predicate<String> excluded,
            List<Found> out) {
        if (node == null || depth > MAX_DEPTH || out.size() >= MAX_FOUND || --budget[0] < 0) {
            return;
        }
        if (node.isObject()) {
            for (var e : node.properties()) {
                walk(e.getValue(), IdNames.kindOf(e.getKey()), depth + 1, budget, excluded, out);
                if (out.size() >= MAX_FOUND || budget[0] < 0) {
                    return;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                walk(item, fieldKind, depth + 1, budget, excluded, out);
                if (out.size() >= MAX_FOUND || budget[0] < 0) {
                    return;
                }
            }
        } else if (node.isString()) {
            String s = node.asString();
            if (fieldKind != null && IdNames.plausibleValue(s)) {
                add(fieldKind, node, excluded, out);
            } else if (IdNames.uuidShaped(s)) {
                add("uuid", node, excluded, out);
            }
        } else if (fieldKind != null && node.isIntegralNumber() && node.canConvertToLong()) {
            add(fieldKind, node, excluded, out);
        }
    }

    /** Tokens are runs of letters, digits, {@code _} and {@code -}; separators between an id word and its value may be {@code : = # is}. */
    private static void scanText(String text, Predicate<String> excluded, List<Found> out) {
        String pendingKind = null;
        int i = 0;
        int n = text.length();
        while (i < n && out.size() < MAX_FOUND) {
            char c = text.charAt(i);
            if (!tokenChar(c)) {
                if (pendingKind != null && !Character.isWhitespace(c) && c != ':' && c != '=' && c != '#'
                        && c != '"' && c != '\'' && c != '`') {
                    pendingKind = null; // "handle, then ..." is no handle value
                }
                i++;
                continue;
            }
            int start = i;
            while (i < n && tokenChar(text.charAt(i))) {
                i++;
            }
            String token = text.substring(start, i);
            if (IdNames.uuidShaped(token)) {
                add(pendingKind != null ? pendingKind : "uuid", JsonNodeFactory.instance.stringNode(token),
                        excluded, out);
                pendingKind = null;
                continue;
            }
            if (pendingKind != null && hasDigit(token) && IdNames.plausibleValue(token)) {
                add(pendingKind, JsonNodeFactory.instance.stringNode(token), excluded, out);
                pendingKind = null;
                continue;
            }
            if (pendingKind != null && token.equalsIgnoreCase("is")) {
                continue;
            }
            pendingKind = IdNames.kindOf(token);
        }
    }

    private static void add(String kind, JsonNode value, Predicate<String> excluded, List<Found> out) {
        String text = value.asString("");
        if (excluded.test(text)) {
            return;
        }
        Found f = new Found(kind, value);
        if (!out.contains(f) && out.size() < MAX_FOUND) {
            out.add(f);
        }
    }

    private static boolean tokenChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-');
    }

    private static boolean hasDigit(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isDigit(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }
}
