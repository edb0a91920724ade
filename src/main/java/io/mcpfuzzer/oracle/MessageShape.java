package io.mcpfuzzer.oracle;

import java.util.regex.Pattern;

/**
 * The shape of a server's error message: what stays the same when the same fault is hit with
 * other input. Quoted values, URLs, paths, UUIDs, long hex ids, numbers and JavaScript's {@code null} and
 * {@code undefined} (as {@code <absent>}) are masked, so
 * {@code "request 17 failed at /srv/a.js:3"} and {@code "request 903 failed at /srv/b.js:40"} have
 * one shape. Echoes of the request's values are masked first, the other masks look at the first
 * {@value #WINDOW} characters left, and the shape is cut to {@value #MAX_INPUT} last, so echoes of
 * different lengths do not shift which fixed text is kept;
 * every pattern is a single pass without nested quantifiers (linear time). Stateless and thread-safe.
 */
public final class MessageShape {
    /** Longest shape, in characters. */
    public static final int MAX_INPUT = 300;
    /** Characters of a message (runs compressed) that are masked. */
    static final int WINDOW = 4_096;

    private static final Pattern QUOTED = Pattern.compile("\"[^\"\\n]*\"|'[^'\\n]*'|`[^`\\n]*`");
    // quoted URLs are masked whole as strings first, so a lone ' inside a URL is part of it
    private static final Pattern URL = Pattern.compile("\\b[a-zA-Z][a-zA-Z0-9+.-]{1,15}://[^\\s\"<>]*");
    private static final Pattern PATH = Pattern.compile("(?:\\b[A-Za-z]:)?(?:[/\\\\][^\\s/\\\\:\"'(),;]+){2,}");
    private static final Pattern UUID = Pattern.compile(
            "\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b");
    private static final Pattern HEX = Pattern.compile("\\b(?:0x[0-9a-fA-F]+|[0-9a-fA-F]{8,})\\b");
    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(?:\\.\\d+)?");
    private static final Pattern SPACE = Pattern.compile("\\s+");
    /** JavaScript's two absent values: "of null (reading 'x')" and "of undefined (reading 'x')" are one missing check. */
    private static final Pattern ABSENT = Pattern.compile("\\b(?:undefined|null)\\b");

    private MessageShape() {}

    private static final Pattern RUN = Pattern.compile("(.)\\1{15,}");
    private static final Pattern ECHOES = Pattern.compile("(?:<input>)+");
    /** Characters of a message or value in which runs are compressed before the cut (1 MiB; linear). */
    private static final int SCAN = 1 << 20;
    /** Longest prefix of an input value looked for in a message. */
    private static final int ECHO_PREFIX = InputEchoes.ECHO_PREFIX;

    /** The masked message; an empty string for null. */
    public static String of(String message) {
        return of(message, java.util.List.of());
    }

    /**
     * The masked message, where the request's own string values echoed in it (found by their first
     * {@value #ECHO_PREFIX} characters, masked as far as the echo follows the value) are masked first as
     * {@code <input>}:
     * {@code "Invalid type: foo. Must be A or B"} and {@code "Invalid type: bar. Must be A or B"}
     * have one shape when foo and bar were sent. Values shorter than 3 characters, and numbers, are
     * ignored; at most 50 values are looked at. An echoed URI is masked as {@code <url>}, like a
     * re-encoded one.
     */
    public static String of(String message, java.util.Collection<String> inputValues) {
        if (message == null) {
            return "";
        }
        String s = maskEchoes(runsCompressed(message), inputValues); // an echoed URI is <url>, as below
        s = s.length() > WINDOW ? s.substring(0, WINDOW) : s;
        s = QUOTED.matcher(s).replaceAll("<str>");
        s = URL.matcher(s).replaceAll("<url>");
        s = PATH.matcher(s).replaceAll("<path>");
        s = UUID.matcher(s).replaceAll("<id>");
        s = HEX.matcher(s).replaceAll(m -> m.group().chars().anyMatch(Character::isDigit) ? "<id>" : m.group());
        s = NUMBER.matcher(s).replaceAll("<n>");
        s = ABSENT.matcher(s).replaceAll("<absent>");
        s = SPACE.matcher(s).replaceAll(" ").trim();
        return s.length() > MAX_INPUT ? s.substring(0, MAX_INPUT) : s;
    }

    private static String maskEchoes(String s, java.util.Collection<String> values) {
        java.util.List<String> echoed = new java.util.ArrayList<>();
        for (String v : values) {
            if (echoed.size() >= 50) {
                break;
            }
            String c = v == null ? null : runsCompressed(v);
            // short or numeric values would hit line numbers and words by chance (numbers are masked anyway)
            if (c != null && c.length() >= 3 && !NUMBER.matcher(c).matches()) {
                echoed.add(c);
            }
        }
        echoed.sort(java.util.Comparator.comparingInt(String::length).reversed()); // longest first
        for (String value : echoed) {
            s = maskEcho(s, value);
        }
        return ECHOES.matcher(s).replaceAll("<input>");
    }

    /** {@code s} with each echo of {@code value} masked ({@link InputEchoes#maskEcho}); an echoed URI as {@code <url>}. */
    private static String maskEcho(String s, String value) {
        String prefix = value.length() > ECHO_PREFIX ? value.substring(0, ECHO_PREFIX) : value;
        return InputEchoes.maskEcho(s, value, prefix.contains("://") ? "<url>" : "<input>");
    }

    /** The first {@value #SCAN} characters with every run of 16 or more equal characters as {@code <run>}. */
    private static String runsCompressed(String text) {
        return RUN.matcher(text.length() > SCAN ? text.substring(0, SCAN) : text).replaceAll("<run>");
    }
}
