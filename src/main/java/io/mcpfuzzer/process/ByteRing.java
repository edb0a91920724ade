package io.mcpfuzzer.process;

import java.nio.charset.StandardCharsets;

/**
 * A bounded ring buffer of bytes that keeps the newest {@code capacity} bytes written. Thread-safe.
 */
final class ByteRing {
    private final byte[] buf;
    private long total;

    ByteRing(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.buf = new byte[capacity];
    }

    /** Appends {@code len} bytes of {@code data} from {@code off}, overwriting the oldest ones. */
    synchronized void write(byte[] data, int off, int len) {
        if (len > buf.length) { // only the newest capacity bytes can survive
            off += len - buf.length;
            total += len - buf.length;
            len = buf.length;
        }
        int pos = (int) (total % buf.length);
        int first = Math.min(len, buf.length - pos);
        System.arraycopy(data, off, buf, pos, first);
        System.arraycopy(data, off + first, buf, 0, len - first);
        total += len;
    }

    /** The newest {@code min(maxBytes, stored)} bytes, oldest first. */
    synchronized byte[] tail(int maxBytes) {
        int stored = (int) Math.min(total, buf.length);
        int n = Math.max(0, Math.min(maxBytes, stored));
        byte[] out = new byte[n];
        long start = total - n;
        for (int i = 0; i < n; i++) {
            out[i] = buf[(int) ((start + i) % buf.length)];
        }
        return out;
    }

    /** The tail as UTF-8 text (malformed sequences replaced, a cut leading character dropped). */
    String tailText(int maxBytes) {
        byte[] bytes = tail(maxBytes);
        int skip = 0;
        while (skip < bytes.length && skip < 3 && (bytes[skip] & 0xC0) == 0x80) {
            skip++;
        }
        return new String(bytes, skip, bytes.length - skip, StandardCharsets.UTF_8);
    }

    /** Bytes ever written (may exceed the capacity). */
    synchronized long totalWritten() {
        return total;
    }

    int capacity() {
        return buf.length;
    }
}
