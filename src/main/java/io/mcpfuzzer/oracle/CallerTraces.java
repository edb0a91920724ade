package io.mcpfuzzer.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Python tracebacks (and, through {@link NodeCallerTraces}, Node.js errors) of the caller's own program. A tool that runs the code it is sent (a code
 * runner, a notebook cell) answers a failing program with that program's traceback: its output,
 * not the server's internals. Such a traceback starts in the code sent: its outermost frame quotes
 * a line of an input value (or is a pseudo-file such as {@code <string>} without a source line),
 * whatever library frames follow. A server that evaluates the input inside its own code shows its
 * own frame first ({@code File "server.py" ... return eval(expr)}), so its traceback stays a leak.
 * The file of such a program's outermost frame (the runner's temporary copy of the code) is the
 * program's too, wherever the answer names it ({@code Command failed: python -u /tmp/x.py}).
 *
 * <p>Works on an answer's raw JSON text with the input's echoes already masked as {@code <input>}
 * ({@link InputEchoes#masked}), where lines end with the two characters {@code \n}, or on plain text.
 * Bounded: at most {@value #MAX_BLOCKS} tracebacks and {@value #MAX_LINES} lines each. Stateless.
 */
final class CallerTraces {
    private static final String HEADER = "Traceback (most recent call last):";
    private static final String MASK = "<input>";
    private static final int MAX_BLOCKS = 16;
    private static final int MAX_LINES = 400;
    /** Shortest source line taken as a quote of an input value that was not echoed whole. */
    private static final int MIN_QUOTE = 4;
    /** {@code File "x", line 3, in f}, the quotes JSON-escaped or not. */
    private static final Pattern FRAME = Pattern.compile("\\s+File \\\\?\"([^\"\\\\]{0,4096})\\\\?\", line \\d{1,9}.{0,4096}");

    private CallerTraces() {}

    /**
     * {@code masked} with each traceback of the caller's own program replaced by {@code <program trace>},
     * and the program's file by {@code <program file>}; the same string when there is none.
     *
     * @param masked the answer's text with input echoes masked; may be null
     * @param input  what was sent (its string values are the program's lines); may be null
     */
    static String withoutCallerTraces(String masked, JsonNode input) {
        return NodeCallerTraces.without(python(masked, input), input);
    }

    private static String python(String masked, JsonNode input) {
        if (masked == null || input == null || !masked.contains(HEADER)) {
            return masked;
        }
        List<String> values = null;
        List<String> files = new ArrayList<>();
        StringBuilder out = null;
        int copied = 0;
        int from = 0;
        for (int blocks = 0; blocks < MAX_BLOCKS; blocks++) {
            int start = masked.indexOf(HEADER, from);
            if (start < 0) {
                break;
            }
            int end = blockEnd(masked, start + HEADER.length());
            if (values == null) {
                values = escapedValues(input);
            }
            if (startsInInput(masked.substring(start + HEADER.length(), end), values, files)) {
                if (out == null) {
                    out = new StringBuilder(masked.length());
                }
                out.append(masked, copied, start).append("<program trace>");
                copied = end;
            }
            from = end;
        }
        if (out == null) {
            return masked;
        }
        String result = out.append(masked, copied, masked.length()).toString();
        for (String file : files) {
            result = result.replace(file, "<program file>");
        }
        return result;
    }

    /** End of a traceback: after its exception line (the first line not indented), or the text's end. */
    private static int blockEnd(String text, int from) {
        int pos = from;
        for (int n = 0; n < MAX_LINES && pos < text.length(); n++) {
            int lineStart = pos + separatorAt(text, pos);
            int next = nextSeparator(text, lineStart);
            int lineEnd = next < 0 ? text.length() : next;
            if (lineStart < lineEnd && !Character.isWhitespace(text.charAt(lineStart))) {
                return lineEnd; // the exception line
            }
            if (next < 0) {
                return text.length();
            }
            pos = next;
        }
        return pos;
    }

    /** Whether the traceback's outermost frame is the caller's code; if so its file is added to {@code files}. */
    private static boolean startsInInput(String block, List<String> values, List<String> files) {
        List<String> lines = lines(block);
        for (int i = 0; i < lines.size(); i++) {
            Matcher frame = FRAME.matcher(lines.get(i));
            if (!frame.matches()) {
                continue;
            }
            String source = i + 1 < lines.size() && !FRAME.matcher(lines.get(i + 1)).matches()
                    && Character.isWhitespace(first(lines.get(i + 1))) ? lines.get(i + 1).strip() : "";
            String file = frame.group(1);
            if (source.isEmpty() || isCarets(source)) {
                return file.startsWith("<"); // <string>, <stdin>: code given to the interpreter
            }
            if (!quotesInput(source, values)) {
                return false;
            }
            if (file.length() >= 8 && !file.startsWith("<") && files.size() < MAX_BLOCKS) {
                files.add(file);
            }
            return true;
        }
        return false;
    }

    /** Input string values as they appear in JSON text, longest first. */
    static List<String> escapedValues(JsonNode input) {
        List<String> values = new ArrayList<>();
        for (String s : InputEchoes.longestFirst(input, false)) {
            values.add(InputEchoes.escaped(s));
        }
        return values;
    }

    /** Whether a quoted source line is an input value, or a line of one (at least {@value #MIN_QUOTE} characters). */
    static boolean quotesInput(String source, List<String> values) {
        if (source.equals(MASK)) {
            return true; // the whole line is an input value
        }
        if (source.length() < MIN_QUOTE || source.contains(MASK)) {
            return false;
        }
        for (String v : values) {
            if (v.contains(source)) {
                return true; // one line of a program sent on several lines
            }
        }
        return false;
    }

    static boolean isCarets(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '^' && c != '~' && c != ' ') {
                return false;
            }
        }
        return true;
    }

    private static char first(String s) {
        return s.isEmpty() ? 'x' : s.charAt(0);
    }

    static List<String> lines(String block) {
        List<String> out = new ArrayList<>();
        int pos = 0;
        while (pos <= block.length() && out.size() < MAX_LINES) {
            int next = nextSeparator(block, pos);
            out.add(block.substring(pos, next < 0 ? block.length() : next));
            if (next < 0) {
                break;
            }
            pos = next + separatorAt(block, next);
        }
        return out;
    }

    /** Index of the next line separator (a newline, or the two characters {@code \n} of JSON text), or -1. */
    private static int nextSeparator(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                return i;
            }
            if (c == '\\' && i + 1 < text.length()) {
                if (text.charAt(i + 1) == 'n') {
                    return i;
                }
                i++; // another escape: skip its character
            }
        }
        return -1;
    }

    /** Length of the separator at {@code pos}: 1, 2 or 0 when there is none. */
    private static int separatorAt(String text, int pos) {
        if (pos < text.length() && text.charAt(pos) == '\n') {
            return 1;
        }
        return pos + 1 < text.length() && text.charAt(pos) == '\\' && text.charAt(pos + 1) == 'n' ? 2 : 0;
    }
}
