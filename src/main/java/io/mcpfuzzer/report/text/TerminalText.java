package io.mcpfuzzer.report.text;

/**
 * Makes untrusted text (anything a server sent) safe to print on a terminal: escape sequences
 * (ESC/CSI/OSC), C0 and C1 control characters and DEL are shown as visible {@code \xNN} or
 * {@code \u0085}-style escapes (so a sequence can never reach the terminal intact); bidi
 * overrides and isolates, LRM/RLM/ALM and line/paragraph separators are shown as
 * {@code <U+202E>}; unpaired surrogates become U+FFFD; the result is cut to a maximum number of
 * code points with an ellipsis. Stateless and thread-safe.
 */
public final class TerminalText {
    /** Default maximum length of {@link #safe(String)}, in code points. */
    public static final int DEFAULT_MAX = 500;
    /** Appended when text was cut. */
    public static final String ELLIPSIS = "\u2026";

    private TerminalText() {}

    /** Safe single-line text, at most {@value #DEFAULT_MAX} code points; null gives "". */
    public static String safe(String text) {
        return safe(text, DEFAULT_MAX);
    }

    /** Safe single-line text of at most {@code max} code points (including the ellipsis); null gives "". */
    public static String safe(String text, int max) {
        if (text == null) {
            return "";
        }
        int limit = Math.max(1, max);
        StringBuilder out = new StringBuilder(Math.min(text.length(), limit) + 8);
        int points = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            String piece = render(cp);
            int pieceLength = piece.codePointCount(0, piece.length());
            if (points + pieceLength > limit - 1 && (i < text.length() || points + pieceLength > limit)) {
                out.append(ELLIPSIS);
                return out.toString();
            }
            out.append(piece);
            points += pieceLength;
        }
        return out.toString();
    }

    /** The visible form of one code point, or the code point itself when it is harmless. */
    static String render(int cp) {
        if (cp < 0x20 || cp == 0x7F) {
            return String.format(java.util.Locale.ROOT, "\\x%02x", cp);
        }
        if (cp >= 0x80 && cp <= 0x9F) {
            return String.format(java.util.Locale.ROOT, "\\u%04x", cp);
        }
        if (isInvisibleControl(cp)) {
            return String.format(java.util.Locale.ROOT, "<U+%04X>", cp);
        }
        if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
            return "\uFFFD";
        }
        return new String(Character.toChars(cp));
    }

    /** Bidi embeddings, overrides and isolates, directional marks, line and paragraph separators. */
    public static boolean isInvisibleControl(int cp) {
        return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F
                || cp == 0x061C || cp == 0x2028 || cp == 0x2029 || cp == 0xFEFF;
    }
}
