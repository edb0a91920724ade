package io.mcpfuzzer.oracle;

import java.util.List;

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
 * that file or in {@code node:} modules, the block is the program's (and so is the file); a frame of the
 * server's own code keeps it all. Part of {@link CallerTraces}, on its {@link TextLines}. Stateless.
 */
final class NodeCallerTraces {
    /** What every frame line starts with after its indentation. */
    private static final String FRAME_START = "at ";
    /** A frame line as Node indents it: text without it holds no Node error. */
    static final String INDENTED_FRAME = "    at ";

    private NodeCallerTraces() {}

    /** Adds the {start, end} offsets of the first such block to {@code blocks}, its file to {@code files}. */
    static void find(TextLines lines, List<String> values, List<int[]> blocks, List<String> files) {
        for (int i = 0; i + 2 < lines.size(); i++) {
            String file = headerFile(lines.line(i));
            String caret = file == null ? "" : lines.line(i + 2).strip();
            if (caret.isEmpty() || !CallerTraces.isCarets(caret)
                    || !CallerTraces.quotesInput(lines.line(i + 1).strip(), values)) {
                continue;
            }
            int end = framesEnd(lines, i + 3, file);
            if (end >= 0) {
                blocks.add(new int[] {lines.start(i), lines.end(end - 1)});
                CallerTraces.addFile(files, file);
            }
            return; // one program per answer; a frame of other code: the server's own
        }
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
    private static int framesEnd(TextLines lines, int from, String file) {
        int end = from;
        boolean frames = false;
        for (int j = from; j < lines.size(); j++) {
            String line = lines.line(j).strip();
            if (line.startsWith(FRAME_START)) {
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
