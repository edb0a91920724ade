package io.mcpfuzzer.report;

/**
 * UTF-8 arithmetic on Java strings without encoding them: byte lengths, byte-bounded prefixes
 * that never split a character, and repair of lone surrogates (which have no UTF-8 form and which
 * jq 1.6 refuses even as {@code \\uD800} escapes). Stateless and thread-safe.
 */
final class Utf8 {
    static final char REPLACEMENT = '\uFFFD';

    private Utf8() {}

    /** Bytes of {@code text} in UTF-8, a lone surrogate counted as the 3 bytes of U+FFFD. */
    static long length(String text) {
        long bytes = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** The longest prefix of {@code text} whose UTF-8 form fits {@code maxBytes}; pairs are kept whole. */
    static String prefix(String text, long maxBytes) {
        long bytes = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int width;
            int chars = 1;
            if (c < 0x80) {
                width = 1;
            } else if (c < 0x800) {
                width = 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                width = 4;
                chars = 2;
            } else {
                width = 3;
            }
            if (bytes + width > maxBytes) {
                break;
            }
            bytes += width;
            i += chars;
        }
        return text.substring(0, i);
    }

    /** {@code text} with every lone surrogate replaced by U+FFFD; the same instance when there is none. */
    static String repair(String text) {
        int n = text.length();
        StringBuilder out = null;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            boolean lone;
            if (Character.isHighSurrogate(c)) {
                lone = i + 1 >= n || !Character.isLowSurrogate(text.charAt(i + 1));
                if (!lone) {
                    if (out != null) {
                        out.append(c).append(text.charAt(i + 1));
                    }
                    i++;
                    continue;
                }
            } else {
                lone = Character.isLowSurrogate(c);
            }
            if (lone && out == null) {
                out = new StringBuilder(n).append(text, 0, i);
            }
            if (out != null) {
                out.append(lone ? REPLACEMENT : c);
            }
        }
        return out == null ? text : out.toString();
    }

    /** Largest {@code end <= len} such that {@code bytes[0, end)} does not end inside a UTF-8 sequence. */
    static int boundary(byte[] bytes, int len) {
        int start = len;
        // walk back over at most 3 continuation bytes to the lead byte of the last sequence
        while (start > 0 && len - start < 4 && (bytes[start - 1] & 0xC0) == 0x80) {
            start--;
        }
        if (start == 0) {
            return len; // no lead byte found: not UTF-8 we wrote; keep as is
        }
        int lead = bytes[start - 1] & 0xFF;
        int width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return (start - 1) + width <= len ? len : start - 1;
    }
}
