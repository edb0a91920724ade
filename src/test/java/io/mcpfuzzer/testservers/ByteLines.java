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

    ByteLines(InputStream in) {
        this.in = in;
    }

    /** The next line without its '\n' (a trailing '\r' is kept), or null at end of input. */
    byte[] next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        boolean any = false;
        while ((b = in.read()) != -1) {
            any = true;
            if (b == '\n') {
                return line.toByteArray();
            }
            if (line.size() < MAX_LINE) {
                line.write(b);
            }
        }
        return any ? line.toByteArray() : null;
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
