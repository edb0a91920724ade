package io.mcpfuzzer.oracle.audit;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Separates what a tool description says the tool does from what it tells the caller to do. Long
 * descriptions carry usage guides after their first paragraph (firecrawl-mcp: "Use includeDomains to
 * restrict results, or excludeDomains to remove domains"; "Run the returned curl command locally, then
 * call firecrawl_parse again"): those sentences describe the agent's next steps, not the tool's
 * capabilities, and a read-only search tool does not delete anything because its guide says "remove".
 *
 * <p>The first paragraph (up to the first blank line) is always the tool's own words, imperative or not
 * ("Delete a file by path."). In later paragraphs, a sentence or list item is guidance when it opens with a
 * verb addressed to the caller (use, call, pass, set, prefer, avoid, do not...), or with run or execute
 * and speaks of something returned or of running it locally or yourself. A sentence ends at a line end or
 * at a full stop, question or exclamation mark before white space ("firecrawl.dev" does not end one). Reads at most
 * {@value #MAX_SCAN} characters. Stateless and thread-safe.
 */
final class CallerGuidance {
    /** Characters of a description examined; the rest is dropped. */
    static final int MAX_SCAN = 20_000;

    private static final Set<String> GUIDANCE_VERBS = Set.of("use", "call", "pass", "set", "do", "don't", "dont",
            "never", "always", "avoid", "prefer", "try", "provide", "specify", "choose", "ensure", "note", "see",
            "remember", "consider", "include", "add", "cap", "default", "only", "make");
    private static final Pattern RUN_BY_CALLER = Pattern.compile("\\b(?:returned|locally|yourself|on your (?:machine|computer))\\b",
            Pattern.CASE_INSENSITIVE);
    /** List markers, emphasis and labels before a sentence's first word ("2. ", "- ", "**Domain filters:** "). */
    private static final Pattern LEAD = Pattern.compile("^\\s*(?:[-*>]\\s+|\\d{1,3}[.)]\\s+)?"
            + "(?:\\*\\*[^*\\n]{1,60}\\*\\*:?\\s*)?[\\s*_`#>]*");

    private static final Pattern BLANK_LINE = Pattern.compile("\\n[ \\t]*\\n");

    private CallerGuidance() {}

    /** The description without its later paragraphs' sentences addressed to the caller (null is empty). */
    static String ownWords(String description) {
        if (description == null || description.isEmpty()) {
            return "";
        }
        String d = description.length() > MAX_SCAN ? description.substring(0, MAX_SCAN) : description;
        int firstBreak = firstBlankLine(d);
        if (firstBreak < 0) {
            return d;
        }
        StringBuilder out = new StringBuilder(d.length());
        out.append(d, 0, firstBreak);
        int start = firstBreak;
        for (int i = firstBreak; i < d.length(); i++) {
            char c = d.charAt(i);
            boolean end = c == '\n' || (c == '.' || c == '!' || c == '?')
                    && (i + 1 == d.length() || Character.isWhitespace(d.charAt(i + 1)));
            if (end || i + 1 == d.length()) {
                String sentence = d.substring(start, i + 1);
                out.append(isGuidance(sentence) ? "\n" : sentence);
                start = i + 1;
            }
        }
        return out.toString();
    }

    /** True for a sentence that opens with a verb addressed to the caller. */
    static boolean isGuidance(String sentence) {
        Matcher lead = LEAD.matcher(sentence);
        int from = lead.lookingAt() ? lead.end() : 0;
        int to = from;
        while (to < sentence.length() && (Character.isLetter(sentence.charAt(to)) || sentence.charAt(to) == '\'')) {
            to++;
        }
        if (to == from) {
            return false;
        }
        String first = sentence.substring(from, to).toLowerCase(Locale.ROOT);
        if (GUIDANCE_VERBS.contains(first)) {
            return true;
        }
        return (first.equals("run") || first.equals("execute")) && RUN_BY_CALLER.matcher(sentence).find();
    }

    private static int firstBlankLine(String d) {
        Matcher m = BLANK_LINE.matcher(d);
        return m.find() ? m.start() : -1;
    }
}
