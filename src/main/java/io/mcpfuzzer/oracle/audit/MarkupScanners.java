package io.mcpfuzzer.oracle.audit;

/**
 * Linear hand scanners for the hidden-markup patterns of {@link HiddenContent}. Each {@code next}
 * returns the leftmost match at or after {@code from} exactly as the documented pattern would
 * (java.util.regex semantics), reading each character a bounded number of times and never recursing.
 * Stateless.
 */
final class MarkupScanners {
    private MarkupScanners() {}

    /**
     * ANSI sequences: {@code (?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)}.
     * Returns {start, end} or null.
     */
    static int[] ansi(String s, int from) {
        int n = s.length();
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c != 0x1b && c != 0x9b) {
                continue;
            }
            if (c == 0x9b || (i + 1 < n && s.charAt(i + 1) == '[')) {
                int e = c == 0x9b ? i + 1 : i + 2;
                while (e < n && s.charAt(e) >= 0x30 && s.charAt(e) <= 0x3F) {
                    e++;
                }
                while (e < n && s.charAt(e) >= 0x20 && s.charAt(e) <= 0x2F) {
                    e++;
                }
                if (e < n && s.charAt(e) >= 0x40 && s.charAt(e) <= 0x7E) {
                    return new int[] {i, e + 1};
                }
            }
            if (c == 0x1b && i + 1 < n && s.charAt(i + 1) == ']') {
                int e = i + 2;
                while (e < n && s.charAt(e) != 0x07 && s.charAt(e) != 0x1b) {
                    e++;
                }
                if (e < n && s.charAt(e) == 0x07) {
                    return new int[] {i, e + 1};
                }
                if (e + 1 < n && s.charAt(e) == 0x1b && s.charAt(e + 1) == '\\') {
                    return new int[] {i, e + 2};
                }
            }
        }
        return null;
    }

    /** text with every ANSI sequence removed. */
    static String stripAnsi(String s) {
        int[] m = ansi(s, 0);
        if (m == null) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int from = 0;
        while (m != null) {
            out.append(s, from, m[0]);
            from = m[1];
            m = ansi(s, from);
        }
        return out.append(s, from, s.length()).toString();
    }

    /**
     * HTML comments, {@code <!--(.*?)(?:-->|$)} with DOTALL: {start, end, contentStart, contentEnd},
     * or null. An unclosed comment runs to the end of the text, before a final line terminator.
     */
    static int[] htmlComment(String s, int from) {
        int open = s.indexOf("<!--", from);
        if (open < 0) {
            return null;
        }
        int body = open + 4;
        int close = s.indexOf("-->", body);
        if (close >= 0) {
            return new int[] {open, close + 3, body, close};
        }
        int end = Math.max(body, s.length() - finalTerminator(s));
        return new int[] {open, end, body, end};
    }

    /** Length of the line terminator ending s ({@code \r\n} counts 2), 0 when none. */
    private static int finalTerminator(String s) {
        if (s.endsWith("\r\n")) {
            return 2;
        }
        if (s.isEmpty()) {
            return 0;
        }
        char c = s.charAt(s.length() - 1);
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029' ? 1 : 0;
    }

    /**
     * Off-screen padding, {@code (?:[ \t\u00a0]{80,}|(?:\r?\n[ \t]*){25,})(?=\S)}: {start, end} or null.
     * A no-break space is not {@code \s}, so a blank run may also end just before its last no-break space.
     */
    static int[] padding(String s, int from) {
        int n = s.length();
        int i = from;
        while (i < n) {
            char c = s.charAt(i);
            if (blank(c)) {
                int e = i;
                while (e < n && blank(s.charAt(e))) {
                    e++;
                }
                int end = e < n && !space(s.charAt(e)) ? e : e - 1;
                while (end - i >= 80 && end < e && s.charAt(end) != '\u00a0') {
                    end--;
                }
                if (end - i >= 80) {
                    return new int[] {i, end};
                }
                i = e;
            } else if (c == '\n' || (c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n')) {
                int e = i;
                int lines = 0;
                int lastLineStart = i;
                while (e < n && (s.charAt(e) == '\n' || (s.charAt(e) == '\r' && e + 1 < n && s.charAt(e + 1) == '\n'))) {
                    e += s.charAt(e) == '\r' ? 2 : 1;
                    lastLineStart = e;
                    while (e < n && (s.charAt(e) == ' ' || s.charAt(e) == '\t')) {
                        e++;
                    }
                    lines++;
                }
                if (lines >= 25 && e < n && !space(s.charAt(e))) {
                    return new int[] {i, e};
                }
                i = lastLineStart;
            } else {
                i++;
            }
        }
        return null;
    }

    private static boolean blank(char c) {
        return c == ' ' || c == '\t' || c == '\u00a0';
    }

    /** {@code \s} of java.util.regex: space, tab, LF, VT, FF, CR. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
