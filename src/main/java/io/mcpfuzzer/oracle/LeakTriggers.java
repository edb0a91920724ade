package io.mcpfuzzer.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds, in one pass over a text, which of a fixed set of literal groups occur in it: the same answer
 * as one {@code contains} (or, for a case-insensitive group, one {@code indexOf} on the ASCII-lowered
 * text) per literal, in time linear in the text times the few literals that start with each character.
 * {@link LeakPatterns} runs a rule only when its group occurs. Immutable and thread-safe.
 */
final class LeakTriggers {
    /** At most 31 groups: the result is a bit mask. */
    static final int MAX_GROUPS = 31;

    /** A literal (ASCII-lowered when its group ignores case) and its group's bit. */
    private record Literal(char[] text, int bit, boolean ignoreCase) {}

    /** Literals by their first character (both cases for case-insensitive ones); ASCII only. */
    private final Literal[][] byFirst = new Literal[128][];

    /**
     * @param groups     literals per group (every literal non-empty, printable ASCII)
     * @param ignoreCase per group: match ASCII letters in either case
     */
    LeakTriggers(List<List<String>> groups, boolean[] ignoreCase) {
        if (groups.size() > MAX_GROUPS || ignoreCase.length != groups.size()) {
            throw new IllegalArgumentException("at most " + MAX_GROUPS + " groups, one case flag each");
        }
        List<List<Literal>> table = new ArrayList<>();
        for (int c = 0; c < 128; c++) {
            table.add(new ArrayList<>());
        }
        for (int g = 0; g < groups.size(); g++) {
            for (String text : groups.get(g)) {
                char first = ignoreCase[g] ? io.mcpfuzzer.common.Ascii.lower(text).charAt(0) : text.charAt(0);
                if (text.chars().anyMatch(ch -> ch < 0x20 || ch > 0x7E)) {
                    throw new IllegalArgumentException("literal not printable ASCII: " + text);
                }
                Literal literal = new Literal((ignoreCase[g] ? io.mcpfuzzer.common.Ascii.lower(text) : text).toCharArray(),
                        1 << g, ignoreCase[g]);
                table.get(first).add(literal);
                if (ignoreCase[g]) {
                    char other = Character.isUpperCase(first) ? Character.toLowerCase(first) : Character.toUpperCase(first);
                    if (other != first) {
                        table.get(other).add(literal);
                    }
                }
            }
        }
        for (int c = 0; c < 128; c++) {
            byFirst[c] = table.get(c).isEmpty() ? null : table.get(c).toArray(new Literal[0]);
        }
    }

    /**
     * Bit {@code g} set when some literal of group {@code g} occurs in {@code text} (for a
     * case-insensitive group: in the text with {@code A-Z} lowered, as {@link io.mcpfuzzer.common.Ascii#lower}).
     */
    int scan(String text) {
        int found = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            Literal[] candidates = c < 128 ? byFirst[c] : null;
            if (candidates == null) {
                continue;
            }
            for (Literal l : candidates) {
                if ((found & l.bit()) == 0 && matchesAt(text, i, l)) {
                    found |= l.bit();
                }
            }
        }
        return found;
    }

    private static boolean matchesAt(String text, int at, Literal l) {
        char[] lit = l.text();
        if (at + lit.length > text.length()) {
            return false;
        }
        for (int k = 1; k < lit.length; k++) { // the first character selected the literal
            char t = text.charAt(at + k);
            if (l.ignoreCase() && t >= 'A' && t <= 'Z') {
                t = (char) (t + 32);
            }
            if (t != lit[k]) {
                return false;
            }
        }
        return true;
    }
}
