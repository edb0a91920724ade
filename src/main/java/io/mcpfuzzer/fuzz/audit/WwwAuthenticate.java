package io.mcpfuzzer.fuzz.audit;

import java.util.Locale;

/**
 * Reads one auth-param of a {@code WWW-Authenticate} header (RFC 9110 section 11.6.1) with a hand scanner
 * (no regex on server text): {@code name=token} or {@code name="quoted string"}, name case-insensitive.
 * Stateless.
 */
final class WwwAuthenticate {
    /** Longest header scanned. */
    private static final int MAX = 8192;

    private WwwAuthenticate() {}

    /** The parameter's value, or null when absent (or the header is null). */
    static String param(String header, String name) {
        if (header == null) {
            return null;
        }
        String h = header.length() > MAX ? header.substring(0, MAX) : header;
        String lower = h.toLowerCase(Locale.ROOT);
        String key = name.toLowerCase(Locale.ROOT);
        int from = 0;
        while (true) {
            int at = lower.indexOf(key, from);
            if (at < 0) {
                return null;
            }
            int i = at + key.length();
            boolean startsParam = at == 0 || " ,\t".indexOf(lower.charAt(at - 1)) >= 0;
            while (i < h.length() && (h.charAt(i) == ' ' || h.charAt(i) == '\t')) {
                i++;
            }
            if (startsParam && i < h.length() && h.charAt(i) == '=') {
                i++;
                while (i < h.length() && (h.charAt(i) == ' ' || h.charAt(i) == '\t')) {
                    i++;
                }
                return value(h, i);
            }
            from = at + 1;
        }
    }

    private static String value(String h, int i) {
        StringBuilder out = new StringBuilder();
        if (i < h.length() && h.charAt(i) == '"') {
            for (int j = i + 1; j < h.length(); j++) {
                char c = h.charAt(j);
                if (c == '\\' && j + 1 < h.length()) {
                    out.append(h.charAt(++j));
                } else if (c == '"') {
                    return out.toString();
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }
        for (int j = i; j < h.length() && h.charAt(j) != ',' && h.charAt(j) != ' '; j++) {
            out.append(h.charAt(j));
        }
        return out.toString();
    }
}
