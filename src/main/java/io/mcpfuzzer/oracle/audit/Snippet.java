package io.mcpfuzzer.oracle.audit;

/**
 * Short, report-safe excerpts: invisible, control and bidi characters are shown as {@code \}{@code uXXXX}
 * (or {@code \}{@code u{XXXXX}}) so that evidence cannot itself hide or reorder text in a report.
 */
public final class Snippet {
    /** Characters of context kept on each side of a match. */
    public static final int CONTEXT = 40;
    /** Longest excerpt returned by {@link #excerpt(String, int)}. */
    public static final int MAX_EXCERPT = 200;

    private Snippet() {}

    /** Text around {@code [start, end)} with {@link #CONTEXT} characters each side, escaped. */
    public static String around(String text, int start, int end) {
        int from = Math.max(0, start - CONTEXT);
        int to = Math.min(text.length(), end + CONTEXT);
        return (from > 0 ? "…" : "") + escape(text.substring(from, to)) + (to < text.length() ? "…" : "");
    }

    /** The first {@code max} characters of text, escaped. */
    public static String excerpt(String text, int max) {
        if (text == null) {
            return "";
        }
        int cut = Math.min(text.length(), Math.max(0, max));
        return escape(text.substring(0, cut)) + (cut < text.length() ? "…" : "");
    }

    /** Escapes every code point that a terminal or browser would not show as itself. */
    public static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(cp -> {
            if (cp == '\n' || cp == '\t') {
                sb.append(cp == '\n' ? "\\n" : "\\t");
            } else if (HiddenContent.carrierOf(cp) != null || Character.isISOControl(cp)
                    || Character.getType(cp) == Character.FORMAT) {
                sb.append(cp > 0xFFFF ? String.format("\\u{%X}", cp) : String.format("\\u%04X", cp));
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }
}
