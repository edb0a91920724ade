package io.mcpfuzzer.generate;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.NameTokens;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The values a server names in an <em>error</em> answer to a tool call as the ones it accepts
 * ({@link HintScanner}: "Schema 'x' does not exist. Available schemas: main" gives {@code schema:
 * [main]}), for {@link HintPool}. Error answers are: a result with {@code isError: true} (its text
 * blocks and {@code structuredContent}), a JSON-RPC error ({@code message} and {@code data}), and a
 * result whose first text block reads as an error (it opens with {@code Error}, {@code Failed},
 * {@code Invalid}, {@code Unknown}, ..., or is a JSON object with an {@code error}/{@code errors}
 * member or {@code "success": false} near its start). A text that is a JSON object or array is
 * parsed and its strings are scanned one by one; a member named {@code available_*},
 * {@code valid_*}, {@code supported_*}, ... holding strings is a hint for the rest of its name.
 *
 * <p>A list without a noun of its own ("Valid values are: a, b", "Did you mean 'foo'?") is for the
 * input parameter whose value the text echoes nearest to it (within {@value #ECHO_WINDOW}
 * characters: "Unknown region 'x'. Valid values: ..." is for the parameter that was sent {@code x}),
 * else for the word before {@code must be}; else it is dropped. A value the call's input holds
 * (any string of it, case ignored) is never taken: an echo of the fuzzer's own value is no hint.
 *
 * <p>Bounded: {@value #MAX_TEXT} characters scanned per answer (all texts together) and as many parsed
 * as JSON (a JSON text beyond that is scanned as plain text, cut; a parsed text's strings count once,
 * when scanned), {@value #MAX_HINTS} hints per answer, {@value #MAX_NODES} JSON
 * nodes, the scanner's bounds per hint. Everything the server sends is hostile: no backtracking, no
 * recursion deeper than {@value #MAX_DEPTH}. Stateless.
 */
public final class ErrorHints {
    static final int MAX_TEXT = 16 * 1024;
    static final int MAX_HINTS = 8;
    static final int ECHO_WINDOW = 200;
    private static final int MAX_NODES = 2_000;
    private static final int MAX_DEPTH = 16;
    private static final int MAX_BLOCKS = 32;
    private static final int MAX_ECHO_PARAMS = 16;
    private static final int MAX_INPUT_STRINGS = 1_000;
    private static final int SHAPE_PREFIX = 256;
    private static final List<String> OPENINGS = List.of("error", "failed", "invalid", "unknown", "not found",
            "no such", "cannot", "could not", "exception", "missing", "unsupported");

    private ErrorHints() {}

    /** The hints in a {@code tools/call} result (none unless it is an error answer); never null. */
    public static List<ErrorHint> fromResult(JsonNode result, JsonNode input) {
        if (result == null || !result.isObject()) {
            return List.of();
        }
        JsonNode content = result.path("content");
        boolean error = result.path("isError").asBoolean(false)
                || content.path(0).path("text").isString() && errorShaped(content.path(0).path("text").asString());
        if (!error) {
            return List.of();
        }
        Harvest h = new Harvest(input);
        int blocks = 0;
        for (JsonNode block : content) {
            if (++blocks > MAX_BLOCKS || h.full()) {
                break;
            }
            if (block.path("text").isString()) {
                h.text(block.get("text").asString());
            }
        }
        h.walk(result.get("structuredContent"), 0);
        return h.out;
    }

    /** The hints in a JSON-RPC {@code error} object answering a {@code tools/call}; never null. */
    public static List<ErrorHint> fromError(JsonNode error, JsonNode input) {
        if (error == null || !error.isObject()) {
            return List.of();
        }
        Harvest h = new Harvest(input);
        if (error.path("message").isString()) {
            h.text(error.get("message").asString());
        }
        JsonNode data = error.get("data");
        if (data != null && data.isString()) {
            h.text(data.asString());
        } else {
            h.walk(data, 0);
        }
        return h.out;
    }

    /** True for a text that opens like an error, or a JSON object that says so near its start. */
    static boolean errorShaped(String text) {
        String head = text.substring(0, Math.min(text.length(), SHAPE_PREFIX)).strip().toLowerCase(Locale.ROOT);
        if (head.startsWith("{")) {
            String packed = head.replace(" ", "");
            return packed.contains("\"error\":\"") || packed.contains("\"error\":{") || packed.contains("\"errors\":[")
                    || packed.contains("\"success\":false") || packed.contains("\"ok\":false");
        }
        for (String o : OPENINGS) {
            if (head.startsWith(o)) {
                return true;
            }
        }
        return false;
    }

    /** One answer's harvest: the budget left, what the input holds, the hints found. Confined to one call. */
    private static final class Harvest {
        final List<ErrorHint> out = new ArrayList<>();
        final JsonNode input;
        /** The input's strings, lower case; collected on the first hint only (most error answers hold none). */
        Set<String> sent;
        List<Map.Entry<String, String>> echoable;
        int chars = MAX_TEXT;
        /** Characters of JSON text left to parse: apart from {@link #chars}, which its strings use when scanned. */
        int parse = MAX_TEXT;
        int nodes = MAX_NODES;

        Harvest(JsonNode input) {
            this.input = input;
        }

        /** The input's top-level string parameters that an answer may echo (at most {@value #MAX_ECHO_PARAMS}). */
        List<Map.Entry<String, String>> echoable() {
            if (echoable == null) {
                echoable = new ArrayList<>();
                if (input != null && input.isObject()) {
                    for (var e : input.properties()) {
                        String v = e.getValue().isString() ? e.getValue().asString() : "";
                        if (echoable.size() < MAX_ECHO_PARAMS && v.length() >= 2 && v.length() <= HintScanner.MAX_VALUE_CHARS) {
                            echoable.add(Map.entry(e.getKey(), v));
                        }
                    }
                }
            }
            return echoable;
        }

        boolean full() {
            return out.size() >= MAX_HINTS || chars <= 0;
        }

        void text(String text) {
            if (full()) {
                return;
            }
            String trimmed = text.strip();
            if ((trimmed.startsWith("{") || trimmed.startsWith("[")) && text.length() <= Math.min(chars, parse)) {
                try {
                    JsonNode parsed = Json.parse(trimmed);
                    parse -= text.length(); // its strings count against chars as they are scanned, once
                    walk(parsed, 0);
                    return;
                } catch (JacksonException notJson) {
                    // scanned as text below
                }
            }
            scan(text);
        }

        void scan(String text) {
            String cut = text.length() > chars ? text.substring(0, chars) : text;
            chars -= cut.length();
            for (HintScanner.Raw raw : HintScanner.scan(cut)) {
                String noun = raw.noun() != null ? raw.noun() : echoedParameter(cut, raw.at());
                if (noun == null && raw.subject() != null) {
                    noun = HintNouns.key(raw.subject());
                }
                keep(noun, raw.values());
            }
        }

        void walk(JsonNode node, int depth) {
            if (node == null || depth > MAX_DEPTH || full() || --nodes < 0) {
                return;
            }
            if (node.isString()) {
                scan(node.asString());
            } else if (node.isArray()) {
                for (JsonNode item : node) {
                    walk(item, depth + 1);
                    if (full() || nodes < 0) {
                        return;
                    }
                }
            } else if (node.isObject()) {
                for (var e : node.properties()) {
                    if (!listed(e.getKey(), e.getValue())) {
                        walk(e.getValue(), depth + 1);
                    }
                    if (full() || nodes < 0) {
                        return;
                    }
                }
            }
        }

        /** A member such as {@code "available_schemas": ["main"]}: true when taken as a hint. */
        boolean listed(String key, JsonNode value) {
            List<String> t = NameTokens.of(key);
            if (t.size() < 2 || !HintScanner.OPENERS.contains(t.get(0)) || !(value.isArray() || value.isString())) {
                return false;
            }
            String noun = HintNouns.key(String.join(" ", t.subList(1, t.size())));
            if (HintNouns.generic(noun)) {
                return false;
            }
            List<String> values = new ArrayList<>();
            for (JsonNode v : value.isArray() ? value : List.of(value)) {
                nodes--;
                if (values.size() >= HintScanner.MAX_VALUES || nodes < 0) {
                    break;
                }
                if (v.isString() && HintList.plausible(v.asString()) && !values.contains(v.asString())) {
                    values.add(v.asString());
                }
            }
            keep(noun, values);
            return true;
        }

        /**
         * The input parameter whose value occurs nearest to {@code at} within {@value #ECHO_WINDOW} characters, as
         * a whole (not inside a longer word: {@code en} is not echoed by "enabled"), or null.
         */
        String echoedParameter(String text, int at) {
            int from = Math.max(0, at - ECHO_WINDOW);
            String window = text.substring(from, Math.min(text.length(), at + ECHO_WINDOW));
            int local = at - from;
            String best = null;
            int bestDistance = Integer.MAX_VALUE;
            for (Map.Entry<String, String> e : echoable()) {
                int d = wholeDistance(window, e.getValue(), local);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = e.getKey();
                }
            }
            String key = HintNouns.key(best);
            return HintNouns.generic(key) ? null : key;
        }

        /**
         * The distance from {@code local} to the nearest occurrence of {@code value} in {@code window} that no
         * letter or digit adjoins, or {@link Integer#MAX_VALUE}. Each search starts after the last match, so
         * the work is that of one pass over the window.
         */
        private static int wholeDistance(String window, String value, int local) {
            int best = Integer.MAX_VALUE;
            for (int i = window.indexOf(value); i >= 0; i = window.indexOf(value, i + 1)) {
                int end = i + value.length();
                if ((i == 0 || !Character.isLetterOrDigit(window.charAt(i - 1)))
                        && (end == window.length() || !Character.isLetterOrDigit(window.charAt(end)))) {
                    best = Math.min(best, Math.abs(i - local));
                }
            }
            return best;
        }

        void keep(String noun, List<String> values) {
            if (noun == null || HintNouns.generic(noun) || out.size() >= MAX_HINTS) {
                return;
            }
            if (sent == null) {
                sent = new HashSet<>();
                strings(input, 0);
            }
            List<String> kept = new ArrayList<>();
            for (String v : values) {
                if (!sent.contains(v.strip().toLowerCase(Locale.ROOT)) && !hostile(v)) {
                    kept.add(v);
                }
            }
            if (!kept.isEmpty()) {
                out.add(new ErrorHint(noun, kept));
            }
        }

        /**
         * A value realistic runs must not carry, whoever named it: a traversal, a path from the root or home, or shell
         * syntax ("Available commands: rm -rf /, ls"; our own aggressive payload echoed back in other words). Realistic
         * inputs are the ones the safety layer expects to be benign.
         */
        private static boolean hostile(String value) {
            if (value.contains("..") || value.startsWith("/") || value.startsWith("~") || value.startsWith("\\")) {
                return true;
            }
            for (int i = 0; i < value.length(); i++) {
                if (";|&$`<>\n\r\0".indexOf(value.charAt(i)) >= 0) {
                    return true;
                }
            }
            return false;
        }

        private void strings(JsonNode node, int depth) {
            if (node == null || sent.size() >= MAX_INPUT_STRINGS || depth > 64) {
                return;
            }
            if ((node.isString() || node.isNumber()) && node.asString().length() <= HintScanner.MAX_VALUE_CHARS) {
                sent.add(node.asString().strip().toLowerCase(Locale.ROOT)); // a longer value is never a hint's
            } else if (node.isContainer()) {
                for (JsonNode child : node) {
                    strings(child, depth + 1);
                }
            }
        }
    }
}
