package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Json;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Whether a {@code tools/call} result that is not flagged {@code isError} is the server's refusal of the
 * input, written as a normal answer: its first content block is a text that is a small JSON object with a
 * non-empty {@code error} or {@code errors} member ({@code {"error":"Missing required argument:
 * channel_id"}}, as server-slack answers), or that opens with refusal wording: {@code Error:},
 * {@code Error executing ...}, {@code Exception:}, {@code Failed:}, {@code Failed to ...},
 * {@code Invalid ...}, {@code Missing required ...}. Not a refusal: a result with
 * {@code structuredContent}; a text the input itself carries (an echo); a text naming a runtime error
 * ({@code TypeError}, {@code Cannot read properties of undefined}, a Python traceback...), which is a
 * failure inside the tool, not a refusal of the input. A heuristic, consulted only for schema-invalid
 * inputs. Stateless.
 */
final class ErrorShapedText {
    /** Longest text parsed as JSON. */
    static final int MAX_PARSE = 64 * 1024;
    /** Most members of a JSON error object ({@code error}, {@code message}, {@code code}). */
    static final int MAX_MEMBERS = 3;
    /** Refusal wording at the start of a text; every word begins with e, f, i or m (see {@link #opensLikeRefusal}). */
    static final Pattern OPENING = Pattern.compile(
            "(?i)(?:error|exception|failed)\\s*:|error\\s+(?:executing|calling|running|processing|while)\\b"
                    + "|failed\\s+to\\b|invalid\\s+\\w|missing\\s+required\\b");
    private static final List<String> RUNTIME_ERRORS = List.of("typeerror", "referenceerror", "syntaxerror",
            "cannot read propert", "is not a function", "is not defined", "traceback (most recent call last)",
            "nullpointerexception", "panicked at");
    private static final int EXCERPT = 300;

    private ErrorShapedText() {}

    /**
     * The refusal's text (at most {@value #EXCERPT} characters), or null when the result reads as an answer.
     *
     * @param input the call's arguments (their text must not contain the refusal), or null
     */
    static String find(JsonNode result, JsonNode input) {
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
        boolean refusal = text.startsWith("{") ? errorObject(text) : opensLikeRefusal(text);
        if (!refusal || runtimeError(text) || echoed(text, input)) {
            return null;
        }
        return text.length() > EXCERPT ? text.substring(0, EXCERPT) : text;
    }

    /**
     * {@link #OPENING} at the start; its words begin with e, f, i or m ({@code (?i)} folds ASCII only), so
     * any other first character skips the matcher.
     */
    private static boolean opensLikeRefusal(String text) {
        return !text.isEmpty() && "eEfFiImM".indexOf(text.charAt(0)) >= 0 && OPENING.matcher(text).lookingAt();
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

    private static boolean runtimeError(String text) {
        String lower = text.substring(0, Math.min(text.length(), MAX_PARSE)).toLowerCase(Locale.ROOT);
        return RUNTIME_ERRORS.stream().anyMatch(lower::contains);
    }

    /** True when one of the input's strings carries the text's first 40 characters: an echo, not a refusal. */
    private static boolean echoed(String text, JsonNode input) {
        String head = text.substring(0, Math.min(40, text.length()));
        return Classifier.stringValues(input).stream().anyMatch(s -> s.contains(head));
    }
}
