package io.mcpfuzzer.oracle.audit;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Places in a tool description where a writing or deleting verb's spelling makes no claim that the tool
 * writes ({@link VerbUse} asks): a negated verb ("this tool does not create, grant, approve, persist, or
 * modify scopes"), a word joined by a slash to one that is no such verb ("deployment/commit/approval
 * summaries") or written after a colon as a scope ({@code customer:write}), the object of a reading verb
 * that opens its clause ("Get a specific Linear project update by ID", "List repository commits"), and an
 * item of a comma list whose neighbours are no such verbs ("an issue, project, initiative, update, or document"),
 * and a word inside a quoted example value ({@code query='source maps webpack upload'}).
 * Examples from @tacticlaunch/mcp-linear 1.4 and @zereight/mcp-gitlab 2.1. Stateless and thread-safe.
 */
final class NotAClaim {
    private static final int FLAGS = Pattern.CASE_INSENSITIVE;
    /** A negation right before the verb. */
    private static final Pattern NEGATED = Pattern.compile("(?:\\bnot|\\bnever|n't|\\bnor|\\bwithout)\\s+$", FLAGS);
    /** The last item of a negated list of single words: "not create, grant, or modify". */
    private static final Pattern NEGATED_LIST = Pattern.compile(
            "(?:\\bnot|\\bnever|n't)\\s+([a-z]{1,20})(?:\\s{0,3},\\s{0,3}[a-z]{1,20}){1,8}\\s{0,3},?\\s{1,3}(?:or|nor)\\s+$"
            + "|(?:\\bnot|\\bnever|n't)\\s+([a-z]{1,20})\\s+(?:or|nor)\\s+$", FLAGS);
    /** A condition that lifts the negation: "does not overwrite existing files unless overwrite is true". */
    private static final Pattern CONDITION = Pattern.compile("\\b(?:unless|except|until|by default)\\b", FLAGS);
    /** Verbs that read: their object is what the tool shows, not something it writes. */
    private static final Set<String> READ_VERBS = Set.of("get", "gets", "list", "lists", "fetch", "fetches", "show",
            "shows", "view", "views", "retrieve", "retrieves", "read", "reads", "return", "returns", "search",
            "searches", "find", "finds", "count", "counts", "display", "displays", "query", "queries");
    /** Words that end the reading verb's object: a new verb may follow them. */
    private static final Set<String> CLAUSE_BREAKS = Set.of("and", "or", "then", "to", "that", "which", "who", "it",
            "will", "can", "may", "must", "should", "also", "if", "when", "while", "after", "before", "but");
    /** Verbs that share lists with writing ones ("add, update, or archive"): such a list is of verbs. */
    private static final Set<String> LIST_VERBS = Set.of("add", "create", "update", "delete", "remove", "edit", "get",
            "list", "read", "write", "modify", "set", "move", "rename", "insert", "upsert", "archive", "restore",
            "copy", "merge", "close", "open", "assign", "search", "view", "manage", "change", "replace", "clear",
            "fetch", "show", "grant", "approve", "persist", "revoke", "send", "upload", "download", "sync", "publish");
    /** Words a reading verb's object is looked for across at most. */
    private static final int OBJECT_WORDS = 5;

    private NotAClaim() {}

    /** Whether the match {@code m} of a writing or deleting verb in {@code t} is no claim that the tool does it. */
    static boolean applies(String t, Matcher m) {
        return negated(t, m) || slashed(t, m) || scope(t, m.start()) || objectOfReading(t, m.start())
                || nounListItem(t, m) || quoted(t, m);
    }

    /**
     * Inside a quoted value on one line, as in an example call: {@code search_docs(query='source maps webpack
     * upload')} (@sentry/mcp-server 0.36). The opening quote follows a space, "(", "=", ":" or the line's start
     * (an apostrophe in a word opens nothing), the closing one ends the value, and no quote lies between.
     */
    private static boolean quoted(String t, Matcher m) {
        for (char q : new char[] {'\'', '"', '`'}) {
            int open = m.start() - 1;
            while (open >= 0 && m.start() - open <= 120 && t.charAt(open) != q && t.charAt(open) != '\n') {
                open--;
            }
            if (open < 0 || t.charAt(open) != q || open > 0 && "( =:\n[".indexOf(t.charAt(open - 1)) < 0) {
                continue;
            }
            int close = m.end();
            while (close < t.length() && close - m.end() <= 120 && t.charAt(close) != q && t.charAt(close) != '\n') {
                close++;
            }
            if (close < t.length() && t.charAt(close) == q
                    && (close + 1 == t.length() || ") ,.;]\n".indexOf(t.charAt(close + 1)) >= 0)) {
                return true;
            }
        }
        return false;
    }

    /** Negated, unless the rest of its sentence sets a condition; a negated list's first item must be a verb. */
    private static boolean negated(String t, Matcher m) {
        String before = t.substring(Math.max(0, m.start() - 160), m.start());
        boolean negated = NEGATED.matcher(before).find();
        if (!negated) {
            Matcher list = NEGATED_LIST.matcher(before);
            negated = list.find() && isVerb(list.group(1) != null ? list.group(1) : list.group(2));
        }
        if (!negated) {
            return false;
        }
        int end = m.end();
        while (end < t.length() && end - m.end() < 200 && t.charAt(end) != '.' && t.charAt(end) != '\n') {
            end++;
        }
        return !CONDITION.matcher(t.substring(m.end(), end)).find();
    }

    /** "deployment/commit/approval": joined by a slash to a word that is no such verb ("creates/updates" is). */
    private static boolean slashed(String t, Matcher m) {
        if (m.start() >= 2 && t.charAt(m.start() - 1) == '/' && Character.isLetter(t.charAt(m.start() - 2))) {
            return !isVerb(VerbUse.wordBefore(t, m.start() - 1));
        }
        if (m.end() + 1 < t.length() && t.charAt(m.end()) == '/' && Character.isLetter(t.charAt(m.end() + 1))) {
            return !isVerb(VerbUse.wordAfter(t, m.end() + 1));
        }
        return false;
    }

    /**
     * Whether a word is a verb of the kind a tool description lists with writing ones: a writing or deleting
     * verb in any form, or a common one ({@link #LIST_VERBS}) in its base, third-person or -ing form.
     */
    static boolean isVerb(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (Capabilities.WRITE_DESC.matcher(w).matches() || Capabilities.DESTROY_DESC.matcher(w).matches()
                || LIST_VERBS.contains(w)) {
            return true;
        }
        for (String stem : new String[] {strip(w, "es"), strip(w, "s"), w.endsWith("ies") ? strip(w, "ies") + "y" : null}) {
            if (stem != null && LIST_VERBS.contains(stem)) {
                return true;
            }
        }
        return false;
    }

    private static String strip(String w, String suffix) {
        return w.endsWith(suffix) && w.length() > suffix.length() ? w.substring(0, w.length() - suffix.length()) : null;
    }

    /** {@code customer:write}: a scope or permission name. */
    private static boolean scope(String t, int at) {
        return at >= 2 && t.charAt(at - 1) == ':' && Character.isLetter(t.charAt(at - 2));
    }

    /** The match lies in the object of a reading verb that opens the clause, within a few words of it. */
    private static boolean objectOfReading(String t, int at) {
        int end = at;
        for (int words = 0; words <= OBJECT_WORDS; words++) {
            while (end > 0 && t.charAt(end - 1) == ' ') {
                end--;
            }
            int start = end;
            while (start > 0 && (Character.isLetterOrDigit(t.charAt(start - 1)) || t.charAt(start - 1) == '-')) {
                start--;
            }
            if (start == end) {
                return false; // punctuation or the start: the clause began without a reading verb
            }
            String word = t.substring(start, end).toLowerCase(Locale.ROOT);
            if (READ_VERBS.contains(word)) {
                return true;
            }
            if (CLAUSE_BREAKS.contains(word)) {
                return false;
            }
            end = start;
        }
        return false;
    }

    /** "initiative, update, or document": a comma list item whose neighbours are no such verbs. */
    private static boolean nounListItem(String t, Matcher m) {
        int after = m.end();
        while (after < t.length() && t.charAt(after) == ' ') {
            after++;
        }
        if (after >= t.length() || t.charAt(after) != ',') {
            return false;
        }
        int before = m.start();
        while (before > 0 && t.charAt(before - 1) == ' ') {
            before--;
        }
        if (before == 0 || t.charAt(before - 1) != ',') {
            return false; // the first item: "Create, update, or delete" is told by the next one alone
        }
        String previous = VerbUse.wordBefore(t, before - 1);
        int from = after + 1;
        while (from < t.length() && t.charAt(from) == ' ') {
            from++;
        }
        String next = VerbUse.wordAfter(t, from);
        if (next.equals("or") || next.equals("and")) { // the last item: "..., update, or document"
            next = VerbUse.wordAfter(t, from + next.length());
        }
        return !previous.isEmpty() && !next.isEmpty() && !isVerb(previous) && !isVerb(next);
    }
}
