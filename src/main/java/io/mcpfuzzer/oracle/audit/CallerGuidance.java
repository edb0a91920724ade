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
 * tool's input properties and states no capability that input does not explain (the caller of
 * {@link #ownWords(String, Set, java.util.function.Predicate)} decides), or opens with run or execute and speaks
 * of something the tool returned; and never when it speaks of the tool itself ("this tool", "this function",
 * "it"). A sentence ends at a line end or at a full stop, question or exclamation mark before white space
 * ("firecrawl.dev" does not end one). Only the first {@value #MAX_SCAN} characters are sorted; the rest is kept as it is, up to
 * {@value #MAX_KEPT} characters. Stateless and thread-safe.
 */
final class CallerGuidance {
    /** Characters of a description sorted into own words and guidance; later ones are kept. */
    static final int MAX_SCAN = 20_000;
    /** Characters of a description kept at most (a hostile listing may carry megabytes). */
    static final int MAX_KEPT = 200_000;

    private static final Set<String> GUIDANCE_VERBS = Set.of("use", "call", "pass", "prefer", "avoid", "try",
            "provide", "specify", "choose", "include", "add");
    private static final Pattern RETURNED = Pattern.compile("\\breturned\\b", Pattern.CASE_INSENSITIVE);
    /** An imperative that opens the sentence, perhaps after "To set up X,": the caller runs a command shown. */
    private static final Pattern FOLLOWING_COMMAND = Pattern.compile("(?:to\\s[^,\\n]{1,80},\\s*)?(?:run|execute)\\s+"
            + "(?:the\\s+)?following\\s+(?:shell\\s+|bash\\s+|terminal\\s+)?commands?\\b", Pattern.CASE_INSENSITIVE);
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
        return ownWords(description, properties, sentence -> false);
    }

    /**
     * As {@link #ownWords(String, Set)}, keeping every sentence {@code capability} says states a capability
     * the named input does not explain ("Use command to execute arbitrary shell commands": no guidance).
     */
    static String ownWords(String description, Set<String> properties, java.util.function.Predicate<String> capability) {
        if (description == null || description.isEmpty()) {
            return "";
        }
        if (description.length() > MAX_KEPT) {
            description = description.substring(0, MAX_KEPT);
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
                boolean drop = runsWhatWasReturned(sentence)
                        || isGuidance(sentence, properties) && !capability.test(sentence);
                out.append(drop ? "\n" : sentence);
                start = i + 1;
            }
        }
        out.append(description, scan, Math.min(description.length(), MAX_KEPT));
        return out.toString();
    }

    /**
     * True for "Run the returned curl command locally": the caller runs what the tool gave it; and for a
     * set-up step that shows the caller a command to run ("To setup Stack Auth, run following command:",
     * @neondatabase/mcp-server-neon's provision_neon_auth).
     */
    static boolean runsWhatWasReturned(String sentence) {
        if (ABOUT_ITSELF.matcher(sentence).find()) {
            return false;
        }
        String first = firstWord(sentence);
        if ((first.equals("run") || first.equals("execute")) && RETURNED.matcher(sentence).find()) {
            return true;
        }
        Matcher lead = LEAD.matcher(sentence);
        return FOLLOWING_COMMAND.matcher(sentence).region(lead.lookingAt() ? lead.end() : 0, sentence.length())
                .lookingAt();
    }

    /** True for a sentence addressed to the caller (see the class comment). */
    static boolean isGuidance(String sentence, Set<String> properties) {
        if (runsWhatWasReturned(sentence)) {
            return true;
        }
        String first = firstWord(sentence);
        return !first.isEmpty() && !ABOUT_ITSELF.matcher(sentence).find() && GUIDANCE_VERBS.contains(first)
                && namesProperty(sentence, properties);
    }

    /** The sentence's first word after list markers and labels, lower case ("" when none). */
    private static String firstWord(String sentence) {
        Matcher lead = LEAD.matcher(sentence);
        int from = lead.lookingAt() ? lead.end() : 0;
        int to = from;
        while (to < sentence.length() && Character.isLetter(sentence.charAt(to))) {
            to++;
        }
        return sentence.substring(from, to).toLowerCase(Locale.ROOT);
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
