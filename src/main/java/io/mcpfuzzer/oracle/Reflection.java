package io.mcpfuzzer.oracle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Finds a hostile string of an input echoed verbatim in an answer. Only strings with characters
 * that matter to an interpreter (markup, quotes, shell or template metacharacters, traversal) and
 * at least 6 characters count, so ordinary echoes of plain words are not findings.
 */
public final class Reflection {
    private static final int MIN_LENGTH = 6;
    private static final int MAX_NODES = 10_000;

    private Reflection() {}

    /**
     * The first reflected hostile string, or null. Walks at most {@value #MAX_NODES} nodes of input, depth
     * first in document order, with an explicit stack (no recursion, whatever the nesting).
     */
    public static String findReflected(JsonNode input, String answer) {
        Deque<Object> stack = new ArrayDeque<>();
        if (input != null) {
            stack.push(input);
        }
        int budget = 0;
        while (!stack.isEmpty() && budget++ <= MAX_NODES) {
            Object top = stack.pop();
            if (top instanceof String name) {
                if (reflected(name, answer)) {
                    return name;
                }
                continue;
            }
            JsonNode node = (JsonNode) top;
            if (node.isString()) {
                if (reflected(node.asString(), answer)) {
                    return node.asString();
                }
                continue;
            }
            if (node.isObject()) {
                List<String> names = new ArrayList<>(node.propertyNames());
                for (int i = names.size() - 1; i >= 0; i--) {
                    stack.push(names.get(i));
                }
            }
            List<JsonNode> children = new ArrayList<>();
            node.forEach(children::add);
            for (int i = children.size() - 1; i >= 0; i--) {
                stack.push(children.get(i));
            }
        }
        return null;
    }

    /** A hostile input string found echoed inside other text of an answer. */
    public record Echo(String text) {}

    /**
     * The first hostile string of {@code input} that the answer echoes inside other text, or null.
     * Not an echo: a string the fuzzer already sent in an earlier call ({@code known}: the server is
     * showing data it stored, such as a knowledge-graph entity created earlier), and a string that
     * appears only as a whole JSON string value (a store or echo tool returning the value it was
     * given, possibly as JSON inside a text content). Same bounds as {@link #findReflected}; each
     * string is searched in linear time.
     */
    public static Echo find(JsonNode input, String answer, KnownText.View known) {
        if (input == null || answer == null) {
            return null;
        }
        Deque<JsonNode> stack = new ArrayDeque<>();
        stack.push(input);
        int budget = 0;
        while (!stack.isEmpty() && budget++ <= MAX_NODES) {
            JsonNode node = stack.pop();
            if (node.isString()) {
                String s = node.asString();
                if (s.length() >= MIN_LENGTH && isHostile(s) && !known.sentEarlier(s)
                        && embedded(answer, escapeForJson(s))) {
                    return new Echo(s);
                }
            } else if (node.isObject() || node.isArray()) {
                List<JsonNode> children = new ArrayList<>();
                node.forEach(children::add);
                for (int i = children.size() - 1; i >= 0; i--) {
                    stack.push(children.get(i));
                }
            }
        }
        return null;
    }

    /** True when some occurrence of needle is not a whole JSON string value (KMP: linear). */
    static boolean embedded(String text, String needle) {
        int m = needle.length();
        return io.mcpfuzzer.common.Ascii.anyMatch(text, needle, start -> !wholeValue(text, start, start + m));
    }

    /** Quoted on both sides: {@code "s"}, or {@code \"s\"} in JSON carried inside a string. */
    private static boolean wholeValue(String text, int start, int end) {
        boolean before = start > 0 && text.charAt(start - 1) == '"';
        boolean after = end < text.length() && (text.charAt(end) == '"'
                || text.charAt(end) == '\\' && end + 1 < text.length() && text.charAt(end + 1) == '"');
        return before && after;
    }

    private static boolean reflected(String s, String answer) {
        return s.length() >= MIN_LENGTH && isHostile(s)
                && io.mcpfuzzer.common.Ascii.containsLinear(answer, escapeForJson(s));
    }

    static boolean isHostile(String s) {
        return s.contains("<") || s.contains("'") || s.contains("$(") || s.contains("`") || s.contains("{{")
                || s.contains("${") || s.contains("../") || s.contains(";") || s.contains("|")
                || s.contains("\u001b") || s.contains("\r\n");
    }

    /** The answer is raw JSON text, so compare against the JSON-escaped form of the string. */
    private static String escapeForJson(String s) {
        String quoted = io.mcpfuzzer.common.Json.write(s);
        return quoted.substring(1, quoted.length() - 1);
    }
}
