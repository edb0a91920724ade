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
     * item's text): each input string is masked as it is, and as JSON would escape it (text may quote JSON).
     */
    public static String maskedText(String text, JsonNode input) {
        if (text != null && text.length() > 2 * TEXT_WINDOW) { // the classifiers read a message's start and end only
            return masked(text.substring(0, TEXT_WINDOW), input, TEXT_WINDOW, true, true) + "\n...\n"
                    + masked(text.substring(text.length() - TEXT_WINDOW), input, TEXT_WINDOW, true, true);
        }
        return masked(text, input, MAX_ANSWER, true, true);
    }

    /** Characters of a decoded text's start, and of its end, that {@link #maskedText} masks and keeps. */
    static final int TEXT_WINDOW = 4_000;

    private static String masked(String raw, JsonNode input, int maxAnswer, boolean keys) {
        return masked(raw, input, maxAnswer, keys, false);
    }

    private static String masked(String raw, JsonNode input, int maxAnswer, boolean keys, boolean decoded) {
        if (raw == null || input == null) {
            return raw;
        }
        List<String> strings = new ArrayList<>();
        collectStrings(input, strings, new int[] {0}, keys);
        strings.sort((a, b) -> Integer.compare(b.length(), a.length()));
        String out = raw.length() > maxAnswer ? raw.substring(0, maxAnswer) : raw;
        for (String s : strings) {
            String escaped = escaped(s);
            if (decoded && !escaped.equals(s)) {
                out = out.replace(s, "<input>");
            }
            out = out.replace(escaped, "<input>");
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
