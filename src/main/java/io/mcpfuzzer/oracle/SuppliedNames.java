package io.mcpfuzzer.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Whether a failure text is about something the request supplied: the operand of the error (the path of
 * {@code open <path>: no such file or directory}, the quoted name before "not found") is one of the input's
 * values, not the server's own configuration ({@code open /home/app/.config/x.json} for a weather query is
 * the server's fault, even when the message also quotes the query). Stateless and thread-safe; bounded by
 * the classifier's 200-node walk of the input and the first {@value #MAX_TEXT} characters of the text.
 */
final class SuppliedNames {
    /** Characters of a failure text in which an operand is looked for. */
    static final int MAX_TEXT = 4_000;

    /**
     * The path operand of a file error: Go ({@code open <p>: ...}), node ({@code ENOENT: ..., open '<p>'}), Python;
     * a read-only file system's too ({@code EROFS: read-only file system, open '<p>'}), for the environment check.
     */
    private static final Pattern FILE_OPERAND = Pattern.compile("(?i)\\b" + ValidationText.FILE_CALL
            + " ((?s:.){1,1000}?): (?:no such file or directory|is a directory|not a directory|file name too long"
            + "|invalid argument|permission denied|read-only file system)|\\b(?:enoent|eisdir|enotdir|enametoolong|eacces"
            + "|einval|erofs)\\b[^,\\n]{0,80}, \\w{2,10} '([^'\\n]{1,1000})'|(?:no such file or directory|is a directory"
            + "|not a directory|file name too long|read-only file system): '([^'\\n]{1,1000})'");
    /** The name before "not found": quoted, or unquoted after resource, tool or prompt; or after "unknown x:". */
    private static final Pattern NAME_OPERAND = Pattern.compile("(?i)\\b" + ValidationText.NAME_SUBJECT + "\\s+(?:'([^'\\n]{0,200})'"
            + "|\"([^\"\\n]{0,200})\"|([^\\s'\"]{1,200}))\\s+not found\\b|\\b[a-z]{2,30}\\s+(?:'([^'\\n]{0,200})'"
            + "|\"([^\"\\n]{0,200})\")\\s+(?:was |is )?not found\\b|\\bunknown " + ValidationText.NAME_SUBJECT + ":\\s*([^\\s'\"]{1,200})"
            + "|\\bunsupported (?:[a-z]{1,20} )?resource uri:\\s*([^\\s'\"]{1,200})");
    private static final Pattern FILE_NAME = Pattern.compile("(?i)[\\w.-]{1,100}\\.(?:md|txt|json|csv|xlsx?|pdf|png"
            + "|jpe?g|gif|docx?|pptx?|zip|db|sqlite|ya?ml|xml|html?|log)");

    private SuppliedNames() {}

    /**
     * True when the file error's path operand is an input value: echoed whole ({@code masked}, the text with the
     * input's echoes masked, shows {@code <input>} as the operand), as sent, as the server cleaned it, or a
     * relative input resolved below a root.
     */
    static boolean namedFile(String text, String masked, JsonNode input) {
        if ("<input>".equals(operand(FILE_OPERAND, masked))) {
            return true;
        }
        String operand = operand(FILE_OPERAND, text);
        if (operand == null || operand.isEmpty()) {
            return false;
        }
        String cleanOperand = clean(operand);
        for (String v : values(input)) {
            if (v.isEmpty()) {
                // an empty path resolved to the working directory (mcp-go's excel server: "read .: is a directory")
                if (operand.equals(".") || operand.equals("./")) {
                    return true;
                }
                continue;
            }
            if (v.equals(operand) || clean(v).equals(cleanOperand)) {
                return true;
            }
            String rel = clean("/" + v); // a relative input the server resolved below its root
            if (!v.startsWith("/") && rel.length() > 1 && cleanOperand.endsWith(rel)) {
                return true;
            }
        }
        return false;
    }

    /** True when the name before "not found" (or after "unknown resource:") is an input value, of any length. */
    static boolean namedName(String text, JsonNode input) {
        return namedName(text, input, null);
    }

    /**
     * As {@link #namedName(String, JsonNode)}; a request sent as a raw frame (a protocol case, no parsed input)
     * names it when the frame's text holds it.
     */
    static boolean namedName(String text, JsonNode input, String rawInput) {
        String operand = operand(NAME_OPERAND, text);
        if (operand == null) {
            return false;
        }
        return values(input).contains(operand)
                || input == null && rawInput != null && operand.length() >= 3 && rawInput.contains(operand);
    }

    private static final String WITH_NAME = "with (?:name|id|key|title|uri)";
    private static final String NAMES_NOTHING = "(?:was |is )?(?:not found|does not exist|doesn't exist)\\b";
    /**
     * "Entity with name <input> not found" (@itseasy21/mcp-knowledge-graph 1.0.7): a message, with the request's
     * values masked ({@link InputEchoes#maskedText}), that says a value the request supplied names nothing.
     */
    private static final Pattern MASKED_NAME = Pattern.compile("(?i)\\b(?:" + WITH_NAME + "|named|called|[a-z]{2,30})"
            + "\\s+['\"]?<input>['\"]?\\s+" + NAMES_NOTHING);

    /** The same wording's operand, unmasked: one token. */
    private static final Pattern SHORT_NAME = Pattern.compile("(?i)\\b" + WITH_NAME + " (\\S{1,200}) " + NAMES_NOTHING);

    /** The same wording naming an empty value: "Entity with name  not found", "with name '' not found". */
    private static final Pattern EMPTY_NAME = Pattern.compile("(?i)\\b(?:" + WITH_NAME + "|named|called)"
            + "(?: ''| \"\"|  )\\s*" + NAMES_NOTHING);

    /**
     * True when the masked message says the request's own value names nothing (null is false); an empty name
     * counts when the input has an empty string value (too short to be masked).
     */
    static boolean maskedName(String masked, JsonNode input) {
        if (masked == null) {
            return false;
        }
        String text = masked.length() > MAX_TEXT ? masked.substring(0, MAX_TEXT) : masked;
        if (MASKED_NAME.matcher(text).find() || EMPTY_NAME.matcher(text).find() && values(input).contains("")) {
            return true;
        }
        // a value too short or too plain to be masked ("Port-forward with id a not found")
        String operand = operand(SHORT_NAME, text);
        return operand != null && (values(input).contains(operand) || sameNumber(operand, input));
    }

    /** True when {@code text} is a number the input holds, as another language prints it (JavaScript's 1e+308). */
    private static boolean sameNumber(String text, JsonNode input) {
        if (text.length() > 40 || input == null || !input.isObject()) {
            return false;
        }
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return false;
        }
        for (JsonNode v : input.values()) {
            if (v.isNumber() && v.asDouble() == value) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when one of the input's string values that starts with {@code -} (an option) shows in the message: the
     * request's value reached a command line as an option (argument injection, {@code --output=/tmp/x} given to git),
     * which is no ordinary failure of the program.
     */
    static boolean optionOnCommandLine(String message, JsonNode input) {
        if (message == null) {
            return false;
        }
        String text = message.length() > MAX_TEXT ? message.substring(0, MAX_TEXT) : message;
        for (String v : values(input)) {
            String option = v.strip();
            if (option.length() >= 2 && option.charAt(0) == '-' && Character.isLetter(option.charAt(option.length() > 2
                    && option.charAt(1) == '-' ? 2 : 1)) && text.contains(option)) {
                return true;
            }
        }
        return false;
    }

    /** True when one of the input's string values is a path (a separator) or a file name with a known extension. */
    static boolean hasPath(JsonNode input) {
        for (String v : values(input)) {
            if (v.indexOf('/') >= 0 || v.indexOf('\\') >= 0 || (v.length() <= 200 && FILE_NAME.matcher(v).matches())) {
                return true;
            }
        }
        return false;
    }

    private static String operand(Pattern p, String text) {
        if (text == null) {
            return null;
        }
        Matcher m = p.matcher(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text);
        if (!m.find()) {
            return null;
        }
        for (int g = 1; g <= m.groupCount(); g++) {
            if (m.group(g) != null) {
                return m.group(g);
            }
        }
        return null;
    }

    /** The input's scalar values as text (strings, numbers, booleans), from the classifier's bounded walk. */
    private static List<String> values(JsonNode input) {
        List<String> out = new ArrayList<>(Classifier.stringValues(input));
        if (input != null && input.isObject()) {
            for (JsonNode v : input.values()) {
                if (v.isNumber() || v.isBoolean()) {
                    out.add(v.asString());
                }
            }
        }
        return out;
    }

    /** A path with repeated separators, "." and ".." resolved lexically (as Go's filepath.Clean); absolute stays absolute. */
    static String clean(String path) {
        return (path.startsWith("/") ? "/" : "") + String.join("/", io.mcpfuzzer.safety.PathSandbox.normalise(path));
    }
}
