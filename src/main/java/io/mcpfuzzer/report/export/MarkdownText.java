package io.mcpfuzzer.report.export;

import io.mcpfuzzer.report.text.TerminalText;

/**
 * Escaping for Markdown (CommonMark / GitHub Flavored Markdown) so that untrusted text renders
 * literally: control and bidi characters become visible escapes, line breaks become spaces, and
 * every ASCII punctuation character is backslash-escaped (CommonMark allows that for all of them),
 * which disarms emphasis, links, images, raw HTML, table pipes, headings and autolink schemes.
 * Stateless and thread-safe.
 */
public final class MarkdownText {
    private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

    private MarkdownText() {}

    /** Inline text safe for a paragraph, heading or table cell, at most {@code max} code points before escaping. */
    public static String inline(String text, int max) {
        String safe = TerminalText.safe(text, max);
        StringBuilder out = new StringBuilder(safe.length() + 16);
        for (int i = 0; i < safe.length(); i++) {
            char c = safe.charAt(i);
            if (PUNCTUATION.indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * A fenced code block holding {@code text} literally: the fence is longer than any run of
     * backticks inside, so the text cannot close it; illegal control characters are made visible.
     */
    public static String codeBlock(String text, String language) {
        String body = XmlText.clean(text).replace("\r\n", "\n").replace('\r', '\n');
        int longest = 0;
        int run = 0;
        for (int i = 0; i < body.length(); i++) {
            run = body.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        return fence + (language == null ? "" : language) + "\n" + body + "\n" + fence + "\n";
    }
}
