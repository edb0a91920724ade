package io.mcpfuzzer.testservers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;

/**
 * Newline-delimited frames read as raw bytes (so a fixture can see NUL bytes and invalid UTF-8
 * before any decoding), plus the small helpers the protocol fixtures share. Not thread-safe.
 */
final class ByteLines {
    /** Longest frame kept; the rest of a longer line is read and dropped. */
    static final int MAX_LINE = 16 * 1024 * 1024;

    private final InputStream in;
    /** Bytes read but not yet returned: {@code buffer[start, end)}. */
    private final byte[] buffer = new byte[64 * 1024];
    private int start;
    private int end;

    ByteLines(InputStream in) {
        this.in = in;
    }

    /**
     * The next line without its '\n' (a trailing '\r' is kept), or null at end of input. Reads in
     * chunks, so a long frame costs a few reads, not one call per byte (a fixture on a loaded machine
     * still takes a 1 MiB frame within the client's write deadline).
     */
    byte[] next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean any = false;
        while (true) {
            if (start == end) {
                int n = in.read(buffer);
                if (n < 0) {
                    return any ? line.toByteArray() : null;
                }
                start = 0;
                end = n;
            }
            any = any || end > start;
            int newline = start;
            while (newline < end && buffer[newline] != '\n') {
                newline++;
            }
            int keep = Math.min(newline - start, MAX_LINE - line.size());
            if (keep > 0) {
                line.write(buffer, start, keep);
            }
            if (newline < end) {
                start = newline + 1;
                return line.toByteArray();
            }
            start = end;
        }
    }

    /** Strict UTF-8 decoding; null when the bytes are not valid UTF-8. */
    static String strictUtf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** Largest bracket nesting depth of the text, ignoring brackets inside strings. */
    static int depth(byte[] bytes) {
        int depth = 0;
        int max = 0;
        boolean inString = false;
        for (int i = 0; i < bytes.length; i++) {
            byte c = bytes[i];
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                max = Math.max(max, ++depth);
            } else if (c == ']' || c == '}') {
                depth--;
            }
        }
        return max;
    }

    static boolean contains(byte[] bytes, byte wanted) {
        for (byte b : bytes) {
            if (b == wanted) {
                return true;
            }
        }
        return false;
    }

    /** Writes one message as one line and flushes. */
    static void send(PrintStream out, JsonNode message) {
        out.print(io.mcpfuzzer.common.Json.write(message));
        out.print('\n');
        out.flush();
    }
}
