package io.mcpfuzzer.oracle;

/**
 * The lines of an answer's text with their offsets, split at newlines and at the two characters
 * {@code \n} of JSON text (other JSON escapes are skipped whole, so {@code \\n} is no line end). At most
 * {@code maxLines} lines; the last one runs to the end of the text. Immutable.
 */
final class TextLines {
    private final String text;
    private final int[] starts;
    private final int[] ends;
    private final int size;

    private TextLines(String text, int[] starts, int[] ends, int size) {
        this.text = text;
        this.starts = starts;
        this.ends = ends;
        this.size = size;
    }

    static TextLines of(String text, int maxLines) {
        int[] starts = new int[16];
        int[] ends = new int[16];
        int size = 0;
        int start = 0;
        int i = 0;
        while (size < maxLines - 1 && i < text.length()) {
            char c = text.charAt(i);
            int separator = c == '\n' ? 1 : c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == 'n' ? 2 : 0;
            if (separator == 0) {
                i += c == '\\' ? 2 : 1;
                continue;
            }
            if (size == starts.length) {
                starts = java.util.Arrays.copyOf(starts, size * 2);
                ends = java.util.Arrays.copyOf(ends, size * 2);
            }
            starts[size] = start;
            ends[size++] = i;
            i += separator;
            start = i;
        }
        if (size == starts.length) {
            starts = java.util.Arrays.copyOf(starts, size + 1);
            ends = java.util.Arrays.copyOf(ends, size + 1);
        }
        starts[size] = start;
        ends[size++] = text.length();
        return new TextLines(text, starts, ends, size);
    }

    int size() {
        return size;
    }

    String line(int i) {
        return text.substring(starts[i], ends[i]);
    }

    int start(int i) {
        return starts[i];
    }

    int end(int i) {
        return ends[i];
    }
}
