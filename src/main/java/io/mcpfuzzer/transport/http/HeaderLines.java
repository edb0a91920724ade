package io.mcpfuzzer.transport.http;

import java.util.AbstractMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validation of user-supplied HTTP headers ({@code --header "Name: value"}, auth files, environment).
 * Rejects what would corrupt the request or inject extra header lines, with a message that names the
 * header but never echoes its value (it may be a secret).
 */
public final class HeaderLines {
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+\\-.^_`|~0-9A-Za-z]+");
    /** Headers the JDK HTTP client manages itself and refuses to let callers set. */
    private static final Set<String> MANAGED = Set.of("connection", "content-length", "expect", "host", "upgrade");

    private HeaderLines() {}

    /**
     * Parses one {@code Name: value} line.
     *
     * @throws IllegalArgumentException with a human message when the line is malformed
     */
    public static Map.Entry<String, String> parse(String line) {
        if (line == null) {
            throw new IllegalArgumentException("header line is missing");
        }
        int colon = line.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("malformed header (expected \"Name: value\"): "
                    + safeName(line));
        }
        String name = line.substring(0, colon).trim();
        String value = line.substring(colon + 1).strip();
        check(name, value);
        return new AbstractMap.SimpleImmutableEntry<>(name, value);
    }

    /**
     * Checks a header name and value.
     *
     * @throws IllegalArgumentException naming the header (never its value) when invalid
     */
    public static void check(String name, String value) {
        if (name == null || !TOKEN.matcher(name).matches()) {
            throw new IllegalArgumentException("invalid header name " + safeName(String.valueOf(name))
                    + " (must be an HTTP token: letters, digits and !#$%&'*+-.^_`|~)");
        }
        if (MANAGED.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("header " + name + " is managed by the HTTP client and cannot be set");
        }
        if (value == null) {
            throw new IllegalArgumentException("header " + name + " has no value");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n') {
                throw new IllegalArgumentException("header " + name + " contains CR or LF (header injection refused)");
            }
            if ((c < 0x20 && c != '\t') || c == 0x7f) {
                throw new IllegalArgumentException("header " + name + " contains a control character");
            }
            if (c > 0xff) {
                throw new IllegalArgumentException("header " + name + " contains a non-Latin-1 character");
            }
        }
    }

    private static String safeName(String text) {
        String head = text.length() > 40 ? text.substring(0, 40) + "..." : text;
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < head.length(); i++) {
            char c = head.charAt(i);
            if (c == ':') {
                break;
            }
            out.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        return out.append('"').toString();
    }
}
