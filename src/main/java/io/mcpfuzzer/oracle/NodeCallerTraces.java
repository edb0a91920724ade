package io.mcpfuzzer.oracle;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Node.js errors of the caller's own program, as a code runner answers them: {@code <file>:<line>}, the
 * failing source line, a caret line, the error, then frames in that file or in Node's own modules:
 * <pre>
 * /tmp/x/tmp.js:1
 * river-basil-176
 * ^
 *
 * ReferenceError: river is not defined
 *     at Object.&lt;anonymous&gt; (/tmp/x/tmp.js:1:1)
 *     at Module._compile (node:internal/modules/cjs/loader:1521:14)
 * </pre>
 * When the source line quotes an input value ({@link CallerTraces#quotesInput}) and every frame is in
 * that file or in {@code node:} modules, the block is replaced by {@code <program trace>} and the file by
 * {@code <program file>}; a frame of the server's own code keeps it all. Same text forms and bounds as
 * {@link CallerTraces}. Stateless.
 */
final class NodeCallerTraces {
    private static final int MAX_LINES = 2_000;

    private NodeCallerTraces() {}

    static String without(String text, JsonNode input) {
        if (text == null || input == null || !text.contains("    at ")) {
            return text;
        }
        List<String> lines = CallerTraces.lines(text.length() > 1 << 20 ? text.substring(0, 1 << 20) : text);
        List<String> values = null;
        for (int i = 0; i + 2 < lines.size() && i < MAX_LINES; i++) {
            String file = headerFile(lines.get(i));
            String caret = lines.get(i + 2).strip();
            if (file == null || caret.isEmpty() || !CallerTraces.isCarets(caret)) {
                continue;
            }
            if (values == null) {
                values = CallerTraces.escapedValues(input);
            }
            if (!CallerTraces.quotesInput(lines.get(i + 1).strip(), values)) {
                continue;
            }
            int end = framesEnd(lines, i + 3, file);
            if (end < 0) {
                return text; // a frame of other code: the server's own
            }
            String block = String.join("\n", lines.subList(i, end));
            String joined = String.join("\n", lines);
            return joined.replace(block, "<program trace>").replace(file, "<program file>");
        }
        return text;
    }

    /** The file of a {@code <file>:<line>} line naming a path, else null. */
    private static String headerFile(String line) {
        int colon = line.lastIndexOf(':');
        if (colon <= 0 || colon == line.length() - 1 || line.length() > 4_096) {
            return null;
        }
        for (int k = colon + 1; k < line.length(); k++) {
            if (line.charAt(k) < '0' || line.charAt(k) > '9') {
                return null;
            }
        }
        String file = line.substring(0, colon).strip();
        return file.length() >= 8 && (file.startsWith("/") || file.startsWith("file:") || file.contains("\\\\")) ? file : null;
    }

    /**
     * Index after the block's last frame ({@code at} lines after the error line), or -1 when a frame is
     * neither in {@code file} nor in Node's own modules.
     */
    private static int framesEnd(List<String> lines, int from, String file) {
        int end = from;
        boolean frames = false;
        for (int j = from; j < lines.size() && j < from + MAX_LINES; j++) {
            String line = lines.get(j).strip();
            if (line.startsWith("at ")) {
                frames = true;
                if (!line.contains(file) && !line.contains("node:") && !line.contains("<anonymous>)")) {
                    return -1;
                }
                end = j + 1;
            } else if (frames) {
                break;
            } else {
                end = j + 1; // the blank line and the error line before the frames
            }
        }
        return end;
    }
}
