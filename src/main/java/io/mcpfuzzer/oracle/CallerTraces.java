package io.mcpfuzzer.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Python tracebacks (and, through {@link NodeCallerTraces}, Node.js errors) of the caller's own program.
 * A tool that runs the code it is sent (a code runner, a notebook cell) answers a failing program with
 * that program's traceback: its output,
 * not the server's internals. Such a traceback starts in the code sent: its outermost frame quotes
 * a line of an input value (or is a pseudo-file such as {@code <string>} without a source line),
 * whatever library frames follow. A server that evaluates the input inside its own code shows its
 * own frame first ({@code File "server.py" ... return eval(expr)}), so its traceback stays a leak.
 * The file of such a program's outermost frame (the runner's temporary copy of the code) is the
 * program's too, wherever the answer names it ({@code Command failed: python -u /tmp/x.py}).
 *
 * <p>Works on an answer's raw JSON text with the input's echoes already masked as {@code <input>}
 * ({@link InputEchoes#masked}), where lines end with the two characters {@code \n}, or on plain text.
 * Bounded: at most {@value #MAX_BLOCKS} tracebacks and {@value #MAX_LINES} lines. Stateless.
 */
final class CallerTraces {
    private static final String HEADER = "Traceback (most recent call last):";
    private static final String MASK = "<input>";
    private static final int MAX_BLOCKS = 16;
    private static final int MAX_LINES = 4_000;
    /** Shortest source line taken as a quote of an input value that was not echoed whole. */
    private static final int MIN_QUOTE = 4;
    /** {@code File "x", line 3, in f}, the quotes JSON-escaped or not. */
    /** What every Python compile error line holds; a cheap test before the line scan. */
    private static final String COMPILE_ERROR_HINT = "Error: ";
    private static final Pattern COMPILE_ERROR = Pattern.compile("(?:SyntaxError|IndentationError|TabError): ");
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
        if (masked == null || input == null || !masked.contains(HEADER) && !masked.contains(NodeCallerTraces.INDENTED_FRAME)
                && !masked.contains(COMPILE_ERROR_HINT)) {
            return masked;
        }
        TextLines lines = TextLines.of(masked, MAX_LINES);
        List<String> values = escapedValues(input);
        List<int[]> blocks = new ArrayList<>();
        List<String> files = new ArrayList<>();
        python(lines, values, blocks, files);
        compileErrors(lines, values, blocks, files);
        NodeCallerTraces.find(lines, values, blocks, files);
        return blocks.isEmpty() ? masked : replaced(masked, blocks, files);
    }

    /** Adds each traceback (from its header to its exception line) that starts in the caller's code. */
    private static void python(TextLines lines, List<String> values, List<int[]> blocks, List<String> files) {
        for (int i = 0; i < lines.size() && blocks.size() < MAX_BLOCKS; i++) {
            int at = lines.line(i).indexOf(HEADER);
            if (at < 0) {
                continue;
            }
            int e = i + 1; // the exception line: the first one neither blank nor indented
            while (e < lines.size() && (lines.start(e) == lines.end(e) || Character.isWhitespace(first(lines.line(e))))) {
                e++;
            }
            if (startsInInput(lines, i + 1, e, values, files)) {
                blocks.add(new int[] {lines.start(i) + at, lines.end(Math.min(e, lines.size() - 1))});
            }
            i = e;
        }
    }

    /**
     * Adds each compile error of the program itself, which Python prints without a traceback header:
     * {@code File "/tmp/x.py", line 1}, the program's line, carets, then {@code SyntaxError: invalid syntax}
     * (mcp-server-code-runner running a program that is not Python).
     */
    private static void compileErrors(TextLines lines, List<String> values, List<int[]> blocks, List<String> files) {
        for (int i = 0; i + 2 < lines.size() && blocks.size() < MAX_BLOCKS; i++) {
            Matcher frame = FRAME.matcher(lines.line(i));
            String source = lines.line(i + 1);
            if (!frame.matches() || !Character.isWhitespace(first(source)) || !quotesInput(source.strip(), values)) {
                continue;
            }
            int e = i + 2;
            if (isCarets(lines.line(e).strip()) && e + 1 < lines.size()) {
                e++;
            }
            if (COMPILE_ERROR.matcher(lines.line(e)).lookingAt()) {
                blocks.add(new int[] {lines.start(i), lines.end(e)});
                addFile(files, frame.group(1));
                i = e;
            }
        }
    }

    /** {@code text} with the blocks (sorted, overlapping ones skipped) and the files replaced. */
    private static String replaced(String text, List<int[]> blocks, List<String> files) {
        blocks.sort((a, b) -> Integer.compare(a[0], b[0]));
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        for (int[] block : blocks) {
            if (block[0] >= copied) {
                out.append(text, copied, block[0]).append("<program trace>");
                copied = block[1];
            }
        }
        String result = out.append(text, copied, text.length()).toString();
        for (String file : files) {
            result = result.replace(file, "<program file>");
        }
        return result;
    }

    /**
     * Whether the traceback in lines {@code from} (inclusive) to {@code to} starts in the caller's code:
     * its outermost frame quotes an input line, or is a pseudo-file; if so its file is added to {@code files}.
     */
    private static boolean startsInInput(TextLines lines, int from, int to, List<String> values, List<String> files) {
        for (int i = from; i < to; i++) {
            Matcher frame = FRAME.matcher(lines.line(i));
            if (!frame.matches()) {
                continue;
            }
            String next = i + 1 < to ? lines.line(i + 1) : "";
            String source = !FRAME.matcher(next).matches() && Character.isWhitespace(first(next)) ? next.strip() : "";
            String file = frame.group(1);
            if (source.isEmpty() || isCarets(source)) {
                return file.startsWith("<"); // <string>, <stdin>: code given to the interpreter
            }
            if (!quotesInput(source, values)) {
                return false;
            }
            addFile(files, file);
            return true;
        }
        return false;
    }

    /** Adds the program's file, when it is long enough to be replaced safely everywhere in the answer. */
    static void addFile(List<String> files, String file) {
        if (file.length() >= 8 && !file.startsWith("<") && files.size() < MAX_BLOCKS) {
            files.add(file);
        }
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

    /** The first character, or a letter for an empty line (which is not indented). */
    static char first(String s) {
        return s.isEmpty() ? 'x' : s.charAt(0);
    }
}
