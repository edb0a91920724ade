package io.mcpfuzzer.oracle.audit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

/**
 * Finds content a human reviewer does not see but a model reads: Unicode tag characters (U+E0000 block,
 * "ASCII smuggling", decoded back to text), zero-width and filler characters, bidi controls (Trojan
 * Source), variation-selector smuggling, ANSI escape sequences and other control characters; and markup
 * that client UIs hide (HTML comments, Markdown link-reference comments, off-screen padding).
 * Linear time on any text: hand scanners ({@link MarkupScanners}) and one RE2/J pattern, no backtracking.
 * Stateless and thread-safe.
 */
public final class HiddenContent {
    /** Markdown link-reference comments; RE2/J (linear), run only on text containing {@code "]:"}. */
    private static final Pattern MD_COMMENT = Pattern.compile(
            "(?m)^[ \\t]*\\[(?://|comment)\\]:[ \\t\\n\\f\\r\\x0B]*(?:#|<>)[ \\t\\n\\f\\r\\x0B]*\\((.*)\\)[ \\t\\n\\f\\r\\x0B]*$");

    /** Carrier kinds, as written in evidence. */
    public static final String TAG = "unicode_tag", ZERO_WIDTH = "zero_width", BIDI = "bidi_control",
            VARIATION = "variation_selector", ANSI_ESCAPE = "ansi_escape", CONTROL = "control_char",
            DIRECTION_MARK = "direction_mark";

    /** One kind of hidden carrier found in a segment. */
    public record Carrier(String kind, int count, int firstOffset, String decoded) {
        Map<String, Object> toEvidence(String field) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("carrier", kind);
            m.put("field", field);
            m.put("count", count);
            m.put("first_offset", firstOffset);
            if (decoded != null) {
                m.put("decoded", Snippet.excerpt(decoded, Snippet.MAX_EXCERPT));
            }
            return m;
        }
    }

    /** Hidden markup: HTML/Markdown comment or padding, with its (escaped) content. */
    public record Markup(String kind, String content, int offset) {}

    private HiddenContent() {}

    /** The carrier kind of one code point, or null for ordinary characters (tab, CR, LF are ordinary). */
    public static String carrierOf(int cp) {
        if (cp >= 0xE0000 && cp <= 0xE007F) {
            return TAG;
        }
        if (cp == 0x200B || cp == 0x200C || cp == 0x200D || (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF
                || cp == 0x180E || cp == 0x00AD || cp == 0x034F || cp == 0x115F || cp == 0x1160 || cp == 0x3164
                || cp == 0xFFA0 || cp == 0x17B4 || cp == 0x17B5) {
            return ZERO_WIDTH;
        }
        if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
            return BIDI;
        }
        if (cp == 0x200E || cp == 0x200F || cp == 0x061C) {
            return DIRECTION_MARK;
        }
        if ((cp >= 0xE0100 && cp <= 0xE01EF) || (cp >= 0xFE00 && cp <= 0xFE0D)) {
            return VARIATION;
        }
        if (cp == 0x1B || cp == 0x9B) {
            return ANSI_ESCAPE;
        }
        if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0x7F && cp <= 0x9F)) {
            return CONTROL;
        }
        return null;
    }

    /** Carriers in text, one entry per kind (tag characters come with their decoded ASCII). */
    public static List<Carrier> carriers(String text) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        StringBuilder tags = new StringBuilder();
        int i = 0;
        int prev = -1;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            String kind = carrierOf(cp);
            if (cp == 0x200D && emojiJoin(prev, text, i + 1)) {
                kind = null;
            }
            prev = cp;
            if (kind != null) {
                int[] c = counts.computeIfAbsent(kind, k -> new int[] {0, -1});
                c[0]++;
                if (c[1] < 0) {
                    c[1] = i;
                }
                if (TAG.equals(kind) && cp >= 0xE0020 && cp <= 0xE007E && tags.length() < 4096) {
                    tags.append((char) (cp - 0xE0000));
                }
            }
            i += Character.charCount(cp);
        }
        if (counts.containsKey(ANSI_ESCAPE) && MarkupScanners.ansi(text, 0) == null && counts.get(ANSI_ESCAPE)[0] > 0) {
            // a bare ESC without a sequence is still a control character, report it as such
            counts.put(CONTROL, counts.remove(ANSI_ESCAPE));
        }
        List<Carrier> out = new ArrayList<>();
        counts.forEach((k, c) -> out.add(new Carrier(k, c[0], c[1], TAG.equals(k) ? tags.toString() : null)));
        return out;
    }

    /** A zero-width joiner between two emoji (family, profession sequences) is ordinary text. */
    private static boolean emojiJoin(int prev, String text, int next) {
        return next < text.length() && emoji(prev) && emoji(text.codePointAt(next));
    }

    private static boolean emoji(int cp) {
        return (cp >= 0x1F000 && cp <= 0x1FAFF) || (cp >= 0x2600 && cp <= 0x27BF) || cp == 0xFE0F;
    }

    /** The text as a human sees it: every carrier removed, ANSI sequences stripped. */
    public static String visibleProjection(String text) {
        String noAnsi = MarkupScanners.stripAnsi(text);
        StringBuilder sb = new StringBuilder(noAnsi.length());
        noAnsi.codePoints().forEach(cp -> {
            if (carrierOf(cp) == null) {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }

    /** Tag characters decoded to ASCII (empty when none). */
    public static String decodeTags(String text) {
        for (Carrier c : carriers(text)) {
            if (TAG.equals(c.kind())) {
                return c.decoded();
            }
        }
        return "";
    }

    /** HTML comments, Markdown comments and off-screen padding with non-blank content, at most 16. */
    public static List<Markup> markup(String text) {
        List<Markup> out = new ArrayList<>();
        int[] m;
        int from = 0;
        while (out.size() < 16 && (m = MarkupScanners.htmlComment(text, from)) != null) {
            add(out, "html_comment", text.substring(m[2], m[3]), m[0]);
            from = Math.max(m[1], m[0] + 1);
        }
        if (text.contains("]:")) {
            Matcher md = MD_COMMENT.matcher(text);
            while (out.size() < 16 && md.find()) {
                add(out, "markdown_comment", md.group(1), md.start());
            }
        }
        from = 0;
        while (out.size() < 16 && (m = MarkupScanners.padding(text, from)) != null) {
            add(out, "offscreen_padding", text.substring(m[1], Math.min(text.length(), m[1] + 400)), m[0]);
            from = Math.max(m[1], m[0] + 1);
        }
        return out;
    }

    private static void add(List<Markup> out, String kind, String content, int offset) {
        if (!content.isBlank()) {
            out.add(new Markup(kind, content.strip(), offset));
        }
    }
}
