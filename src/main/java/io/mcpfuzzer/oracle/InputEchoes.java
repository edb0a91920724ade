package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Masks what the caller sent out of what the server answered, so that the leak patterns judge only
 * the server's own text: a path or stack-like string the input carried and the server echoed (an
 * echo tool, a validator quoting the bad value) is not the server's leak. Stateless and thread-safe.
 */
public final class InputEchoes {
    /** Shortest input string that is masked (shorter ones would mask parts of the server's own words). */
    public static final int MIN_ECHO = 8;
    /** Input strings masked at most (the longest ones). */
    public static final int MAX_ECHOES = 50;
    /** Characters of the answer kept (the leak patterns look at no more than this either). */
    public static final int MAX_ANSWER = 200_000;

    private InputEchoes() {}

    /**
     * The answer text with every string of the input (values and keys of at least {@value #MIN_ECHO}
     * characters, JSON-escaped as in the answer) masked: a path or stack-like text the caller sent and
     * the server echoed (an echo tool, a validator quoting the bad value) is not the server's leak.
     * At most {@value #MAX_ECHOES} strings are masked, longest first, in the first
     * {@value #MAX_ANSWER} characters of the answer (the rest is dropped).
     */
    public static String masked(String raw, JsonNode input) {
        return masked(raw, input, MAX_ANSWER);
    }

    /** {@link #masked(String, JsonNode)} keeping the first {@code maxAnswer} characters of the answer. */
    public static String masked(String raw, JsonNode input, int maxAnswer) {
        return masked(raw, input, maxAnswer, true);
    }

    /**
     * Like {@link #masked(String, JsonNode, int)}, masking only the input's string values, not its
     * object keys: a key is the server's own schema word (a parameter named {@code password} or
     * {@code instructions}), so masking it would hide the server's own text from a marker scan.
     */
    public static String maskedValues(String raw, JsonNode input, int maxAnswer) {
        return masked(raw, input, maxAnswer, false);
    }

    /**
     * Like {@link #masked(String, JsonNode)} for text already decoded from JSON (an error's message, a content
     * item's text): each input string is masked as it is, and as JSON would escape it (text may quote JSON),
     * as far as the text follows the string from its first {@value #ECHO_PREFIX} characters (a long value echoed
     * whole or cut short). Work is bounded: at most {@value #MAX_ECHOES} strings, {@value #MAX_ANSWER}
     * characters of text, and a search for a prefix of at most {@value #ECHO_PREFIX} characters per string.
     */
    public static String maskedText(String text, JsonNode input) {
        if (text == null || input == null) {
            return text;
        }
        String out = text.length() > MAX_ANSWER ? text.substring(0, MAX_ANSWER) : text;
        for (String s : longestFirst(input, true)) {
            out = maskEcho(out, s, "<input>");
            String escaped = escaped(s);
            if (!escaped.equals(s)) {
                out = maskEcho(out, escaped, "<input>");
            }
        }
        return out;
    }

    /** Longest prefix of an input string searched for in a decoded text. */
    static final int ECHO_PREFIX = 64;

    /**
     * {@code s} with each echo of {@code value} replaced by {@code mask}: where its first {@value #ECHO_PREFIX}
     * characters occur, as much of the value as follows there (a long value echoed whole or cut short by the
     * server). One search for the prefix and one pass over {@code s}.
     */
    static String maskEcho(String s, String value, String mask) {
        String needle = value.length() > ECHO_PREFIX ? value.substring(0, ECHO_PREFIX) : value;
        int at = s.indexOf(needle);
        if (at < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int from = 0;
        while (at >= 0) {
            int end = at + needle.length();
            while (end < s.length() && end - at < value.length() && s.charAt(end) == value.charAt(end - at)) {
                end++;
            }
            out.append(s, from, at).append(mask);
            from = end;
            at = s.indexOf(needle, end);
        }
        return out.append(s, from, s.length()).toString();
    }

    /** The input's strings that are masked (values, and keys when {@code keys}), longest first. */
    static List<String> longestFirst(JsonNode input, boolean keys) {
        List<String> strings = new ArrayList<>();
        collectStrings(input, strings, new int[] {0}, keys);
        strings.sort((a, b) -> Integer.compare(b.length(), a.length()));
        return strings;
    }

    private static String masked(String raw, JsonNode input, int maxAnswer, boolean keys) {
        if (raw == null || input == null) {
            return raw;
        }
        String out = raw.length() > maxAnswer ? raw.substring(0, maxAnswer) : raw;
        for (String s : longestFirst(input, keys)) {
            out = out.replace(escaped(s), "<input>");
        }
        return out;
    }

    /**
     * The string as it appears between the quotes of its JSON text: itself when it holds no character
     * that JSON writing could escape (the common case), else as {@link Json#write} writes it.
     */
    static String escaped(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\' || c == '/' || c >= 0x7F) {
                String quoted = Json.write(s);
                return quoted.substring(1, quoted.length() - 1);
            }
        }
        return s;
    }

    private static void collectStrings(JsonNode node, List<String> out, int[] budget, boolean keys) {
        if (node == null || out.size() >= MAX_ECHOES || budget[0]++ > 10_000) {
            return;
        }
        if (node.isString()) {
            if (node.asString().length() >= MIN_ECHO) {
                out.add(node.asString());
            }
            return;
        }
        if (keys && node.isObject()) {
            for (String name : node.propertyNames()) {
                if (name.length() >= MIN_ECHO && out.size() < MAX_ECHOES) {
                    out.add(name);
                }
            }
        }
        for (JsonNode child : node) {
            collectStrings(child, out, budget, keys);
        }
    }

}
