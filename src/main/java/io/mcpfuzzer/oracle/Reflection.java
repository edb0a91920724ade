package io.mcpfuzzer.oracle;

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

    /** The first reflected hostile string, or null. */
    public static String findReflected(JsonNode input, String answer) {
        return walk(input, answer, new int[] {0});
    }

    private static String walk(JsonNode node, String answer, int[] budget) {
        if (node == null || budget[0]++ > MAX_NODES) {
            return null;
        }
        if (node.isString()) {
            String s = node.asString();
            if (s.length() >= MIN_LENGTH && isHostile(s) && answer.contains(escapeForJson(s))) {
                return s;
            }
            return null;
        }
        for (JsonNode child : node) {
            String hit = walk(child, answer, budget);
            if (hit != null) {
                return hit;
            }
        }
        if (node.isObject()) {
            for (String name : node.propertyNames()) {
                if (name.length() >= MIN_LENGTH && isHostile(name) && answer.contains(escapeForJson(name))) {
                    return name;
                }
            }
        }
        return null;
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
