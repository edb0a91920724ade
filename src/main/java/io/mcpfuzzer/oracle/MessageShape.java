package io.mcpfuzzer.oracle;

import java.util.regex.Pattern;

/**
 * The shape of a server's error message: what stays the same when the same fault is hit with
 * other input. Quoted values, URLs, paths, UUIDs, long hex ids and numbers are masked, so
 * {@code "request 17 failed at /srv/a.js:3"} and {@code "request 903 failed at /srv/b.js:40"} have
 * one shape. Input is cut to {@value #MAX_INPUT} characters first, and every pattern is a single
 * pass without nested quantifiers (linear time). Stateless and thread-safe.
 */
public final class MessageShape {
    /** Characters of a message that are looked at. */
    public static final int MAX_INPUT = 300;

    private static final Pattern QUOTED = Pattern.compile("\"[^\"\\n]*\"|'[^'\\n]*'|`[^`\\n]*`");
    private static final Pattern URL = Pattern.compile("\\b[a-zA-Z][a-zA-Z0-9+.-]{1,15}://[^\\s\"'<>]*");
    private static final Pattern PATH = Pattern.compile("(?:\\b[A-Za-z]:)?(?:[/\\\\][^\\s/\\\\:\"'(),;]+){2,}");
    private static final Pattern UUID = Pattern.compile(
            "\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b");
    private static final Pattern HEX = Pattern.compile("\\b(?:0x[0-9a-fA-F]+|[0-9a-fA-F]{8,})\\b");
    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(?:\\.\\d+)?");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    private MessageShape() {}

    /** The masked message; an empty string for null. */
    public static String of(String message) {
        if (message == null) {
            return "";
        }
        String s = message.length() > MAX_INPUT ? message.substring(0, MAX_INPUT) : message;
        s = QUOTED.matcher(s).replaceAll("<str>");
        s = URL.matcher(s).replaceAll("<url>");
        s = PATH.matcher(s).replaceAll("<path>");
        s = UUID.matcher(s).replaceAll("<id>");
        s = HEX.matcher(s).replaceAll(m -> m.group().chars().anyMatch(Character::isDigit) ? "<id>" : m.group());
        s = NUMBER.matcher(s).replaceAll("<n>");
        return SPACE.matcher(s).replaceAll(" ").trim();
    }
}
