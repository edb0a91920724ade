package io.mcpfuzzer.oracle;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Whether a failure text is about something the request supplied: a file or a name that came from the
 * input, not the server's own configuration ("open /home/app/.config/x.json: no such file" for a weather
 * query is the server's fault). Stateless and thread-safe; bounded by the classifier's 200-node walk of
 * the input and the first {@value #MAX_TEXT} characters of the text.
 */
final class SuppliedNames {
    /** Characters of a failure text searched for quoted input values. */
    static final int MAX_TEXT = 4_000;
    /** Longest input value looked for in quotes (longer ones are masked as echoes anyway). */
    private static final int MAX_VALUE = 200;

    private SuppliedNames() {}

    /**
     * True when {@code masked} (the text with the input's echoes masked, {@link InputEchoes#maskedText})
     * shows an echo, or {@code text} quotes one of the input's string values whole, of any length
     * ({@code Component "" not found} for an empty name).
     */
    static boolean named(String text, String masked, JsonNode input) {
        if (masked != null && masked.contains("<input>")) {
            return true;
        }
        if (text == null) {
            return false;
        }
        String t = text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
        for (String v : Classifier.stringValues(input)) {
            if (v.length() <= MAX_VALUE && (t.contains("\"" + v + "\"") || t.contains("'" + v + "'")
                    || t.contains("`" + v + "`"))) {
                return true;
            }
            String clean = v.length() <= MAX_CLEAN && v.startsWith("/") ? clean(v) : null;
            if (clean != null && clean.length() >= InputEchoes.MIN_ECHO && t.contains(clean)) {
                return true; // the path as the server cleaned it (Go's filepath.Clean: "a//b/./c" is "a/b/c")
            }
        }
        return false;
    }

    /** Longest input path that is cleaned and looked for. */
    private static final int MAX_CLEAN = 4_096;

    /** An absolute path with repeated separators, "." and ".." resolved lexically (as Go's filepath.Clean). */
    static String clean(String path) {
        java.util.ArrayDeque<String> parts = new java.util.ArrayDeque<>();
        for (String p : path.split("/")) {
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                parts.pollLast();
            } else {
                parts.addLast(p);
            }
        }
        return "/" + String.join("/", parts);
    }

    /** True when one of the input's string values looks like a path or a file name (a separator or an extension). */
    static boolean hasPath(JsonNode input) {
        List<String> values = Classifier.stringValues(input);
        for (String v : values) {
            if (v.indexOf('/') >= 0 || v.indexOf('\\') >= 0 || v.matches("(?s).{1,200}\\.[A-Za-z0-9]{1,5}")) {
                return true;
            }
        }
        return false;
    }
}
