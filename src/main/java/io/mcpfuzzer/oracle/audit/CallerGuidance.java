package io.mcpfuzzer.oracle.audit;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Separates what a tool description says the tool does from what it tells the caller to do next. Long
 * descriptions carry usage guides after their first paragraph (firecrawl-mcp: "Use includeDomains to
 * restrict results to specific domains, or excludeDomains to remove domains"; "Run the returned curl
 * command locally, then call firecrawl_parse again"): those sentences are the agent's next steps, and a
 * read-only search tool deletes nothing because its guide says "remove".
 *
 * <p>Narrow on purpose, since a hostile server must not hide a capability behind a blank line: the first
 * paragraph (up to the first blank line) is always the tool's own words, imperative or not ("Delete a file
 * by path."). A later sentence or list item is guidance only when it opens with a verb addressed to the
 * caller (use, call, pass, prefer, avoid, try, provide, specify, choose, include, add) and names one of the
 * tool's input properties, or opens with run or execute and speaks of something the tool returned; and
 * never when it speaks of the tool itself ("this tool", "this function", "it"). A sentence ends at a line
 * end or at a full stop, question or exclamation mark before white space ("firecrawl.dev" does not end
 * one). Only the first {@value #MAX_SCAN} characters are sorted; the rest is kept as it is. Stateless and
 * thread-safe.
 */
final class CallerGuidance {
    /** Characters of a description sorted into own words and guidance; later ones are kept. */
    static final int MAX_SCAN = 20_000;

    private static final Set<String> GUIDANCE_VERBS = Set.of("use", "call", "pass", "prefer", "avoid", "try",
            "provide", "specify", "choose", "include", "add");
    private static final Pattern RETURNED = Pattern.compile("\\breturned\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern ABOUT_ITSELF = Pattern.compile("\\bthis\\s+(?:tool|function|endpoint|command)\\b"
            + "|\\bit\\b", Pattern.CASE_INSENSITIVE);
    /** List markers and bold labels before a sentence's first word ("2. ", "- ", "**Domain filters:** "). */
    private static final Pattern LEAD = Pattern.compile("^\\s*(?:[-*>]\\s+|\\d{1,3}[.)]\\s+)?"
            + "(?:\\*\\*[^*\\n]{1,60}\\*\\*:?\\s*)?[\\s*_`#>]*");
    private static final Pattern BLANK_LINE = Pattern.compile("\\n[ \\t]*\\n");
    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private CallerGuidance() {}

    /**
     * The description without its later paragraphs' sentences addressed to the caller (null is empty).
     *
     * @param properties the tool's input property names, lower case
     */
    static String ownWords(String description, Set<String> properties) {
        if (description == null || description.isEmpty()) {
            return "";
        }
        int scan = Math.min(description.length(), MAX_SCAN);
        Matcher blank = BLANK_LINE.matcher(description).region(0, scan);
        if (!blank.find()) {
            return description;
        }
        int firstBreak = blank.start();
        StringBuilder out = new StringBuilder(description.length());
        out.append(description, 0, firstBreak);
        int start = firstBreak;
        for (int i = firstBreak; i < scan; i++) {
            char c = description.charAt(i);
            boolean end = c == '\n' || (c == '.' || c == '!' || c == '?')
                    && (i + 1 == description.length() || Character.isWhitespace(description.charAt(i + 1)));
            if (end || i + 1 == scan) {
                String sentence = description.substring(start, i + 1);
                out.append(isGuidance(sentence, properties) ? "\n" : sentence);
                start = i + 1;
            }
        }
        out.append(description, scan, description.length());
        return out.toString();
    }

    /** True for a sentence addressed to the caller (see the class comment). */
    static boolean isGuidance(String sentence, Set<String> properties) {
        Matcher lead = LEAD.matcher(sentence);
        int from = lead.lookingAt() ? lead.end() : 0;
        int to = from;
        while (to < sentence.length() && Character.isLetter(sentence.charAt(to))) {
            to++;
        }
        if (to == from || ABOUT_ITSELF.matcher(sentence).find()) {
            return false;
        }
        String first = sentence.substring(from, to).toLowerCase(Locale.ROOT);
        if (first.equals("run") || first.equals("execute")) {
            return RETURNED.matcher(sentence).find();
        }
        return GUIDANCE_VERBS.contains(first) && namesProperty(sentence, properties);
    }

    private static boolean namesProperty(String sentence, Set<String> properties) {
        if (properties.isEmpty()) {
            return false;
        }
        Matcher w = WORD.matcher(sentence);
        while (w.find()) {
            if (properties.contains(w.group().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }
}
