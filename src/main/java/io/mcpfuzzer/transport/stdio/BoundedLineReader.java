package io.mcpfuzzer.transport.stdio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads newline-delimited lines from a byte stream with a cap on line length. A line longer than
 * the cap is consumed up to its newline and reported as oversized instead of being buffered.
 * Not thread-safe: one reader thread.
 */
public final class BoundedLineReader {
    /** Result of one read. */
    public sealed interface Line permits Text, Oversized, Eof {}

    /** A complete line without its terminator (a trailing CR is removed); invalid UTF-8 becomes U+FFFD. */
    public record Text(String text) implements Line {}

    /**
     * A line longer than the cap; {@code bytes} is its full length (it was discarded but for its first and
     * last {@link #EDGE} bytes, {@code head} and {@code tail}, decoded as UTF-8: enough to find its id).
     */
    public record Oversized(long bytes, String head, String tail) implements Line {
        public Oversized(long bytes) {
            this(bytes, "", "");
        }
    }

    /** Bytes kept of each end of an oversized line. */
    public static final int EDGE = 256;

    /** End of stream; {@code partial} is a non-terminated last fragment (possibly empty). */
    public record Eof(String partial) implements Line {}

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int pos;
    private int limit;

    public BoundedLineReader(InputStream in, int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes must be positive");
        }
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** Blocks until a line, an oversized line or EOF. */
    public Line next() throws IOException {
        Text whole = wholeLineInBuffer();
        if (whole != null) {
            return whole;
        }
        if (pos == limit) { // nothing buffered (a reader waiting for each answer): read, then try the usual case again
            limit = in.read(buffer);
            pos = 0;
            if (limit <= 0) {
                limit = 0;
                return new Eof("");
            }
            whole = wholeLineInBuffer();
            if (whole != null) {
                return whole;
            }
        }
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        long total = 0;
        boolean overflow = false;
        byte[] head = null;
        byte[] tail = new byte[EDGE];
        int tailLength = 0;
        while (true) {
            if (pos == limit) {
                limit = in.read(buffer);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (overflow) {
                        return oversized(total, head, tail, tailLength);
                    }
                    return new Eof(decode(line.toByteArray()));
                }
            }
            int start = pos;
            int nl = -1;
            for (int i = pos; i < limit; i++) {
                if (buffer[i] == '\n') {
                    nl = i;
                    break;
                }
            }
            int end = nl < 0 ? limit : nl;
            int chunk = end - start;
            total += chunk;
            if (!overflow && total > maxLineBytes) {
                overflow = true;
                byte[] kept = line.toByteArray(); // the bytes before this chunk (at most the cap)
                head = new byte[Math.min(EDGE, kept.length + chunk)];
                int fromKept = Math.min(head.length, kept.length);
                System.arraycopy(kept, 0, head, 0, fromKept);
                System.arraycopy(buffer, start, head, fromKept, head.length - fromKept);
                tailLength = Math.min(EDGE, kept.length); // they also start the tail
                System.arraycopy(kept, kept.length - tailLength, tail, 0, tailLength);
                line.reset();
            } else if (!overflow) {
                line.write(buffer, start, chunk);
            }
            if (overflow) { // the last EDGE bytes seen: the tail of the line
                int take = Math.min(chunk, EDGE);
                int keep = Math.min(tailLength, EDGE - take);
                System.arraycopy(tail, tailLength - keep, tail, 0, keep);
                System.arraycopy(buffer, end - take, tail, keep, take);
                tailLength = keep + take;
            }
            pos = nl < 0 ? limit : nl + 1;
            if (nl >= 0) {
                return overflow ? oversized(total, head, tail, tailLength) : new Text(decode(line.toByteArray()));
            }
        }
    }

    /**
     * The usual case, without copies: the next line ends within the bytes already read and is within
     * the cap. Null otherwise (nothing consumed).
     */
    private Text wholeLineInBuffer() {
        int end = (int) Math.min(limit, (long) pos + maxLineBytes + 1); // a newline past the cap: oversized
        for (int i = pos; i < end; i++) {
            if (buffer[i] == '\n') {
                int len = i - pos;
                if (len > maxLineBytes) {
                    return null;
                }
                if (len > 0 && buffer[i - 1] == '\r') {
                    len--;
                }
                Text text = new Text(new String(buffer, pos, len, StandardCharsets.UTF_8));
                pos = i + 1;
                return text;
            }
        }
        return null;
    }

    private static Oversized oversized(long total, byte[] head, byte[] tail, int tailLength) {
        return new Oversized(total, head == null ? "" : new String(head, StandardCharsets.UTF_8),
                decode(java.util.Arrays.copyOf(tail, tailLength)));
    }

    private static String decode(byte[] bytes) {
        int len = bytes.length;
        if (len > 0 && bytes[len - 1] == '\r') {
            len--;
        }
        return new String(bytes, 0, len, StandardCharsets.UTF_8);
    }
}
