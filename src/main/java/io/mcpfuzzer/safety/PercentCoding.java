package io.mcpfuzzer.safety;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** RFC 3986 percent-decoding and path encoding ({@code +} is a plain character, not a space). */
final class PercentCoding {
    private PercentCoding() {}

    /** Decodes {@code %XX}; malformed escapes are kept literally. Bytes are read as UTF-8. */
    static String decodeLenient(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
        byte[] raw = text.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '%' && i + 2 < raw.length && hex(raw[i + 1]) >= 0 && hex(raw[i + 2]) >= 0) {
                out.write(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
                i += 2;
            } else {
                out.write(raw[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Encodes a path for a {@code file://} URI: unreserved characters and {@code /} stay, the rest is escaped. */
    static String encodePath(String path) {
        StringBuilder sb = new StringBuilder(path.length() + 16);
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "/-._~!$&'()*+,;=:@".indexOf(c) >= 0)) {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return sb.toString();
    }

    private static int hex(byte b) {
        return Character.digit((char) b, 16);
    }
}
