package io.mcpfuzzer.report.export;

import java.util.Locale;

/**
 * Text cleaning and escaping for XML 1.0, SVG and HTML output. {@link #clean} replaces every
 * character XML 1.0 forbids (C0 controls other than tab, LF and CR; unpaired surrogates; U+FFFE
 * and U+FFFF) with a visible {@code \xNN} or {@code \\uXXXX} escape, so the document stays
 * well-formed and the evidence stays readable. Stateless and thread-safe.
 */
public final class XmlText {
    private XmlText() {}

    /** Text with every XML-1.0-illegal character replaced by a visible escape; null gives "". */
    public static String clean(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = null;
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                replacement = String.format(Locale.ROOT, "\\x%02x", (int) c);
            } else if (c == 0xFFFE || c == 0xFFFF) {
                replacement = String.format(Locale.ROOT, "\\u%04x", (int) c);
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    if (out != null) {
                        out.append(c).append(text.charAt(i + 1));
                    }
                    i++;
                    continue;
                }
                replacement = "\uFFFD";
            } else if (Character.isLowSurrogate(c)) {
                replacement = "\uFFFD";
            }
            if (replacement != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (replacement != null) {
                    out.append(replacement);
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }

    /**
     * {@link #clean} plus bidi overrides/isolates, directional marks and line separators shown as
     * {@code <U+202E>}, so text displayed to a person (HTML) cannot reorder itself visually.
     */
    public static String visible(String text) {
        String clean = clean(text);
        StringBuilder out = new StringBuilder(clean.length());
        clean.codePoints().forEach(cp -> {
            if (io.mcpfuzzer.report.text.TerminalText.isInvisibleControl(cp)) {
                out.append(String.format(Locale.ROOT, "<U+%04X>", cp));
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.toString();
    }

    /** Cleaned and escaped for element content or a double- or single-quoted attribute. */
    public static String escape(String text) {
        String clean = clean(text);
        StringBuilder out = new StringBuilder(clean.length() + 16);
        for (int i = 0; i < clean.length(); i++) {
            char c = clean.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\n' -> out.append("&#10;");
                case '\r' -> out.append("&#13;");
                case '\t' -> out.append("&#9;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Cuts text to at most {@code max} characters (not splitting a surrogate pair), marking the cut. */
    public static String cut(String text, int max) {
        if (text == null || text.length() <= max) {
            return text == null ? "" : text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "...[truncated]";
    }
}
