package io.mcpfuzzer.oracle.audit;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a verb from the noun spelt the same in a tool description: "commits the staged changes" writes,
 * "View commit history" and "differences between commits" do not. A match counts as a verb unless the
 * word before it is a determiner, preposition or possessive ("the commit", "between commits") or the word
 * after it makes it a compound noun ("commit message", "update count", and after a base form that is no imperative
 * "upload URL"), it starts a hyphenated word ("drop-down") or sits in a slug, or it opens a parenthesised list
 * ("(commits, tags)"); a passive ("were updated") describes state, not what the tool does; nor does a line
 * documenting an HTTP error status ({@code 403: The integration lacks the read/update capability}, as
 * servers generated from an OpenAPI document list their error responses). Reads at most the
 * {@value #MAX_SCAN} first characters. Stateless and thread-safe.
 */
final class VerbUse {
    /** Characters of a description examined. */
    static final int MAX_SCAN = 4_000;

    private static final Set<String> NOUN_BEFORE = Set.of("the", "a", "an", "of", "between", "recent", "for", "its",
            "their", "your", "our", "his", "her", "any", "each", "every", "all", "latest", "last", "first", "previous",
            "next", "no", "git", "by", "from", "in", "on", "with", "per", "this", "that", "these", "those", "which",
            "whose", "pending", "staged", "upcoming", "available", "lost", "missing", "old", "older", "unpushed",
            "local", "remote", "were", "was", "is", "are", "been", "be", "being", "got");
    private static final Set<String> NOUN_AFTER = Set.of("history", "information", "info", "message", "messages",
            "hash", "hashes", "log", "logs", "sha", "shas", "id", "ids", "details", "pattern", "patterns", "range",
            "ranges", "count", "counts", "metadata", "author", "authors", "date", "dates", "graph", "title",
            "timestamp", "timestamps", "status", "summary", "summaries", "list", "object", "objects", "ref", "refs",
            "time", "times", "stats", "statistics", "type", "types", "frequency", "interval", "location", "path", "tool",
            "tools");

    private VerbUse() {}

    /** Whether {@code pattern} occurs in {@code text} at least once used as a verb. */
    static boolean findsVerb(Pattern pattern, String text) {
        return firstVerb(pattern, text) != null;
    }

    /** The first match of {@code pattern} in {@code text} used as a verb, or null. */
    static String firstVerb(Pattern pattern, String text) {
        String t = text.length() > MAX_SCAN ? text.substring(0, MAX_SCAN) : text;
        Matcher m = pattern.matcher(t);
        while (m.find()) {
            if (!NOUN_BEFORE.contains(wordBefore(t, m.start())) && !NOUN_AFTER.contains(wordAfter(t, m.end()))
                    && !baseFormCompound(t, m) && !hyphenated(t, m) && !opensParenthesis(t, m.start()) && !onStatusLine(t, m.start())
                    && !NotAClaim.applies(t, m)) {
                return m.group();
            }
        }
        return null;
    }

    /**
     * A verb's base form before a noun it modifies ("a short-lived upload URL", "upload instructions",
     * firecrawl-mcp): a compound noun. The third person ("uploads URL content") stays a verb.
     */
    private static boolean baseFormCompound(String t, Matcher m) {
        char last = t.charAt(m.end() - 1);
        if (last == 's' || last == 'S' || !COMPOUND_HEADS.contains(wordAfter(t, m.end()))) {
            return false;
        }
        // an imperative stays a verb: at the start of a sentence or item ("Delete token by ID."), or after
        // "to", a conjunction, a modal or a subject ("... to delete tokens", "can reset token", "lets you delete tokens")
        String before = wordBefore(t, m.start());
        return !before.isEmpty() && !VERB_CUES.contains(before);
    }

    private static final Set<String> VERB_CUES = Set.of("to", "and", "or", "then", "also", "will", "can", "could",
            "should", "must", "may", "might", "would", "shall", "please", "not", "never", "always", "you", "we",
            "they", "i", "users", "clients", "agents");

    /**
     * The first part of a hyphenated word ("drop-down", "write-ahead", an example's "upload-ref-from-phase-1"),
     * or a later part of a slug of three or more parts or with digits. A prefixed verb stays a verb
     * ("Hard-deletes the account", "force-pushes").
     */
    private static boolean hyphenated(String t, Matcher m) {
        if (m.end() + 1 < t.length() && t.charAt(m.end()) == '-' && Character.isLetter(t.charAt(m.end() + 1))) {
            return true;
        }
        if (m.start() < 2 || t.charAt(m.start() - 1) != '-' || !Character.isLetterOrDigit(t.charAt(m.start() - 2))) {
            return false;
        }
        int from = m.start();
        while (from > 0 && (Character.isLetterOrDigit(t.charAt(from - 1)) || t.charAt(from - 1) == '-')
                && m.start() - from < 200) {
            from--;
        }
        String token = t.substring(from, m.end());
        return token.chars().filter(c -> c == '-').count() >= 2 || token.chars().anyMatch(Character::isDigit);
    }

    private static final Set<String> COMPOUND_HEADS = Set.of("url", "urls", "link", "links", "instructions",
            "ref", "refs", "token", "tokens", "endpoint", "endpoints", "limit", "limits");

    private static final Pattern STATUS_LINE = Pattern.compile("[ \\t]*[45][0-9][0-9][ \\t]*:");

    /** The match is on a line that starts {@code 4NN:} or {@code 5NN:}, an error response documented. */
    private static boolean onStatusLine(String t, int at) {
        int start = t.lastIndexOf('\n', at) + 1;
        Matcher line = STATUS_LINE.matcher(t).region(start, at);
        return line.lookingAt();
    }

    /** "(commits, tags)": the first item of a parenthesised list is a noun. */
    private static boolean opensParenthesis(String t, int at) {
        int i = at;
        while (i > 0 && t.charAt(i - 1) == ' ') {
            i--;
        }
        return i > 0 && t.charAt(i - 1) == '(';
    }

    /** The word (letters, lower case) that ends before {@code at}, spaces skipped; "" at punctuation. */
    static String wordBefore(String t, int at) {
        int end = at;
        while (end > 0 && t.charAt(end - 1) == ' ') {
            end--;
        }
        int start = end;
        while (start > 0 && Character.isLetter(t.charAt(start - 1))) {
            start--;
        }
        return t.substring(start, end).toLowerCase(Locale.ROOT);
    }

    /** The word (letters, lower case) that starts at {@code at}, spaces skipped; "" at punctuation. */
    static String wordAfter(String t, int at) {
        int start = at;
        while (start < t.length() && t.charAt(start) == ' ') {
            start++;
        }
        int end = start;
        while (end < t.length() && Character.isLetter(t.charAt(end))) {
            end++;
        }
        return t.substring(start, end).toLowerCase(Locale.ROOT);
    }
}
