package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Ascii;

/**
 * The SQL-engine error phrases of {@link LeakPatterns} as a literal scanner (ASCII case-insensitive):
 * {@code SQLException}, {@code syntax error [at or ]near}, {@code SQLSTATE[}, {@code ORA-}five digits,
 * MySQL's "You have an error in your SQL syntax", {@code sqlite[3].OperationalError}, PostgreSQL's
 * "unterminated quoted string at or near", {@code psycopg[2].} and {@code PG::SyntaxError}. Not the
 * shells' own: dash's "Syntax error: Unterminated quoted string", bash's "syntax error near unexpected
 * token" (a command tool's answer). Linear: one lowering pass plus one {@code indexOf} sweep per phrase.
 * Stateless.
 */
final class SqlErrors {
    private static final String[] PHRASES = {"sqlexception", "syntax error at or near", "syntax error near", "sqlstate[",
        "you have an error in your sql syntax", "sqlite.operationalerror", "sqlite3.operationalerror",
        "unterminated quoted string at or near", "psycopg.", "psycopg2.", "pg::syntaxerror"};

    private static final String SHELL_TOKEN = " unexpected token";

    private SqlErrors() {}

    /** Literals one of which (ASCII case-insensitive) every phrase {@link #find} reports contains. */
    static java.util.List<String> cues() {
        java.util.List<String> cues = new java.util.ArrayList<>(java.util.List.of(PHRASES));
        cues.add("ora-");
        return cues;
    }

    /** {start, end} of the leftmost phrase in text, or null. */
    static int[] find(String text) {
        String low = Ascii.lower(text);
        int[] best = null;
        for (String p : PHRASES) {
            int at = low.indexOf(p);
            while (at >= 0 && p.equals("syntax error near") && low.startsWith(SHELL_TOKEN, at + p.length())) {
                at = low.indexOf(p, at + 1); // bash: "syntax error near unexpected token `('"
            }
            if (at >= 0 && (best == null || at < best[0])) {
                best = new int[] {at, at + p.length()};
            }
        }
        int from = 0;
        int limit = best == null ? low.length() : best[0];
        while (from < limit) {
            int at = low.indexOf("ora-", from);
            if (at < 0 || at >= limit) {
                break;
            }
            if (digits(low, at + 4, 5)) {
                return new int[] {at, at + 9};
            }
            from = at + 1;
        }
        return best;
    }

    private static boolean digits(String s, int from, int count) {
        if (from + count > s.length()) {
            return false;
        }
        for (int i = from; i < from + count; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
