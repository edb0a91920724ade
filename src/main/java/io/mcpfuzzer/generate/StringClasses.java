package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The edge classes of a string location: empty; the declared length bounds and their neighbours
 * at distance 1 (lengths in code points, as JSON Schema counts them); very long; every malformed
 * form of its {@code format} ({@link HostileValues#invalidFormats}); and the Unicode tricks that
 * break naive text handling, each put in the middle of the location's realistic value and kept
 * within {@code maxLength}: bidi controls (U+202E, U+200F, U+2066), zero-width characters,
 * non-BMP characters (an emoji, mathematical alphanumerics), combining marks, NUL and CR/LF.
 * Most telling first. Stateless.
 */
final class StringClasses {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /** Length of the very long class (code points); also the cap for length-bound classes. */
    static final int VERY_LONG = 65_536;
    private static final String MARKER = "cov";

    private StringClasses() {}

    /**
     * @param current the location's realistic value (the text the tricks go into), or null
     */
    static List<EdgeClass> of(SchemaView v, JsonNode current) {
        String base = current != null && current.isString() && !current.asString().isEmpty() ? current.asString() : "text";
        List<EdgeClass> out = new ArrayList<>();
        out.add(new EdgeClass("string.empty", F.stringNode("")));
        out.add(inserted("string.bidi.rlo", base, "\u202E", v));
        out.add(inserted("string.non_bmp.emoji", base, "\uD83D\uDE00", v));
        out.add(inserted("string.nul", base, "\u0000", v));
        out.add(inserted("string.crlf", base, "\r\n", v));
        out.add(inserted("string.zero_width", base, "\u200B\u200D\uFEFF", v));
        out.add(inserted("string.combining", base, "e\u0301\u0308\u0323", v));
        out.add(inserted("string.bidi.rlm", base, "\u200F", v));
        out.add(inserted("string.bidi.lri", base, "\u2066", v));
        out.add(inserted("string.non_bmp.math", base, "\uD835\uDC00\uD835\uDD04", v));
        if (v.minLength > 0 && v.minLength <= VERY_LONG) {
            out.add(new EdgeClass("string.min_length", F.stringNode(filled(base, v.minLength))));
            out.add(new EdgeClass("string.min_length_minus_one", F.stringNode(filled(base, v.minLength - 1))));
            out.add(new EdgeClass("string.min_length_plus_one", F.stringNode(filled(base, v.minLength + 1))));
        }
        if (v.maxLength != Integer.MAX_VALUE && v.maxLength < VERY_LONG) {
            out.add(new EdgeClass("string.max_length", F.stringNode(filled(base, v.maxLength))));
            out.add(new EdgeClass("string.max_length_minus_one", F.stringNode(filled(base, Math.max(0, v.maxLength - 1)))));
            out.add(new EdgeClass("string.max_length_plus_one", F.stringNode(filled(base, v.maxLength + 1))));
        }
        if (v.format != null) {
            String[] forms = HostileValues.invalidFormats(v.format);
            for (int i = 0; i < forms.length; i++) {
                out.add(new EdgeClass("string.format_invalid." + (i + 1), F.stringNode(forms[i].replace(Payloads.CANARY, MARKER))));
            }
        }
        out.add(new EdgeClass("string.very_long", F.stringNode(filled(base, VERY_LONG))));
        return out;
    }

    /** {@code trick} put in the middle of {@code base}, {@code base} shortened to keep within maxLength. */
    private static EdgeClass inserted(String name, String base, String trick, SchemaView v) {
        int room = v.maxLength == Integer.MAX_VALUE ? Integer.MAX_VALUE
                : Math.max(0, v.maxLength - trick.codePointCount(0, trick.length()));
        String text = base;
        if (text.codePointCount(0, text.length()) > room) {
            text = text.substring(0, text.offsetByCodePoints(0, room));
        }
        int middle = text.offsetByCodePoints(0, text.codePointCount(0, text.length()) / 2);
        return new EdgeClass(name, F.stringNode(text.substring(0, middle) + trick + text.substring(middle)));
    }

    /** Exactly {@code length} code points: {@code base} repeated ({@code a} when empty). */
    static String filled(String base, int length) {
        String source = base.isEmpty() ? "a" : base;
        StringBuilder b = new StringBuilder(length);
        int points = 0;
        int i = 0;
        while (points < length) {
            if (i >= source.length()) {
                i = 0;
            }
            int cp = source.codePointAt(i);
            b.appendCodePoint(cp);
            i += Character.charCount(cp);
            points++;
        }
        return b.toString();
    }
}
