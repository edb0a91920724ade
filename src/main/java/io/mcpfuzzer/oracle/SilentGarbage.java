package io.mcpfuzzer.oracle;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Finds the marks of a computation that went wrong without failing in the text of a successful tool
 * answer: JavaScript's {@code NaN}, {@code undefined}, {@code [object Object]}, {@code Invalid Date},
 * and a bare {@code null} in prose ({@code "Hello, null!"}). Only the {@code text} content blocks are
 * read (structured content legitimately holds {@code null}), a block that is itself JSON is skipped for
 * {@code null}, and so is a JSON member's {@code null} inside prose, and a mark that occurs in the input's JSON text is not counted (the answer may be an
 * echo). At most {@value #MAX_TEXT} characters per block and {@value #MAX_BLOCKS} blocks are read.
 * Stateless and thread-safe.
 */
public final class SilentGarbage {
    public static final int MAX_TEXT = 20_000;
    public static final int MAX_BLOCKS = 50;

    private static final Pattern MARK = Pattern.compile("\\bNaN\\b|\\bundefined\\b|\\[object Object]|\\bInvalid Date\\b");
    private static final String[] TOKENS = {"NaN", "undefined", "[object Object]", "Invalid Date", "null"};
    /**
     * A bare {@code null}, not a JSON member's value: desktop-commander's get_config answers "Current configuration:"
     * and then a JSON object with {@code "orchestrator": null}, which is data, not garbage.
     */
    private static final Pattern NULL = Pattern.compile("(?<!\"\\s{0,2}:\\s{0,3})\\bnull\\b");

    private SilentGarbage() {}

    /**
     * The first garbage mark with some context ({@code "... is NaN ms"}), or null.
     *
     * @param result    the {@code result} of a {@code tools/call} answer (null yields null)
     * @param inputJson JSON text of the arguments sent, or null
     */
    public static String find(JsonNode result, String inputJson) {
        return find(result, inputJson, mark -> false);
    }

    /**
     * Like {@link #find(JsonNode, String)}, leaving out a mark that {@code sentEarlier} says the fuzzer sent as
     * a whole value in an earlier call ({@link KnownText} remembers values of 4 characters or more, so not
     * {@code NaN}) (the server may be showing what it stored, such as a directory it
     * was asked to create), and a mark that is a path segment ({@code NaN/}, {@code /undefined}).
     */
    public static String find(JsonNode result, String inputJson, java.util.function.Predicate<String> sentEarlier) {
        if (result == null) {
            return null;
        }
        String input = inputJson == null ? "" : inputJson;
        int blocks = 0;
        for (JsonNode block : result.path("content")) {
            if (blocks++ >= MAX_BLOCKS) {
                break;
            }
            JsonNode textNode = block.get("text");
            if (!"text".equals(block.path("type").asString("")) || textNode == null || !textNode.isString()) {
                continue;
            }
            String text = textNode.asString();
            text = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
            String hit = first(MARK.matcher(text), text, input, sentEarlier);
            if (hit == null && !looksLikeJson(text)) {
                hit = first(NULL.matcher(text), text, input, sentEarlier);
            }
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }

    /** The garbage token in a mark returned by {@link #find} ({@code NaN}, {@code undefined}...), never null. */
    public static String token(String mark) {
        for (String t : TOKENS) {
            if (mark != null && mark.contains(t)) {
                return t;
            }
        }
        return "other";
    }

    private static String first(Matcher m, String text, String input, java.util.function.Predicate<String> sentEarlier) {
        while (m.find()) {
            if (!input.contains(m.group()) && !pathSegment(text, m.start(), m.end()) && !sentEarlier.test(m.group())) {
                int from = Math.max(0, m.start() - 40);
                int to = Math.min(text.length(), m.end() + 40);
                return (from > 0 ? "..." : "") + text.substring(from, to) + (to < text.length() ? "..." : "");
            }
        }
        return null;
    }

    private static boolean pathSegment(String text, int start, int end) {
        return start > 0 && isSeparator(text.charAt(start - 1)) || end < text.length() && isSeparator(text.charAt(end));
    }

    private static boolean isSeparator(char c) {
        return c == '/' || c == '\\';
    }

    private static boolean looksLikeJson(String text) {
        String t = text.strip();
        return t.startsWith("{") || t.startsWith("[");
    }
}
