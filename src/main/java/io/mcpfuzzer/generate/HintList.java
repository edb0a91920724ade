package io.mcpfuzzer.generate;

import java.util.List;

/**
 * Reads the list of values after a hint's marker ({@link HintScanner}): one line of values separated
 * by {@code ,}, {@code |}, {@code or} or {@code and}, optionally in brackets, each quoted
 * ({@code ' " `} and typographic quotes, on one line) or bare (at most
 * {@value HintScanner#ITEM_WORDS} words; a bare list ends at a sentence end, {@code ;}, a bracket or a
 * quote, and a longer bare item is prose: the whole list is dropped); or a bullet list ({@code - a},
 * {@code * b}) on the lines after a colon that ends its line. At most
 * {@value HintScanner#MAX_VALUES} values (the rest is left unread), each of 1 to
 * {@value HintScanner#MAX_VALUE_CHARS} characters with a letter or digit and no control character.
 * Linear in what it reads. Confined to one scan.
 */
final class HintList extends HintText {
    HintList(String text) {
        super(text);
    }

    /**
     * Reads the list at {@code p} (after an optional {@code :}) into {@code values}; returns where the
     * scan goes on.
     */
    int read(int p, boolean quotedOnly, List<String> values) {
        int q = blanks(p);
        if (q < n && s.charAt(q) == ':') {
            q = blanks(q + 1);
        }
        return q >= n || s.charAt(q) == '\n' || s.charAt(q) == '\r' ? bullets(q, values) : inline(q, quotedOnly, values);
    }

    /** One line of values; returns the position after the last one read. */
    private int inline(int p, boolean quotedOnly, List<String> values) {
        int q = p;
        char closer = 0;
        if (q < n && "[({".indexOf(s.charAt(q)) >= 0) {
            closer = "])}".charAt("[({".indexOf(s.charAt(q)));
            q++;
        }
        boolean quoted = quotedOnly;
        while (values.size() < HintScanner.MAX_VALUES) {
            q = closer != 0 ? spaces(q) : blanks(q);
            if (q >= n || closer != 0 && s.charAt(q) == closer) {
                return q >= n ? q : q + 1;
            }
            char open = s.charAt(q);
            if (quote(open) != 0) {
                int e = closingQuote(q);
                if (e < 0) {
                    return q;
                }
                add(s.substring(q + 1, e), values);
                quoted = true;
                q = e + 1;
            } else {
                int e = bareEnd(q, closer);
                String v = trimBare(s.substring(q, e));
                if (!quoted && (e - q > HintScanner.MAX_VALUE_CHARS || words(v) > HintScanner.ITEM_WORDS)) {
                    values.clear(); // prose after a comma: no list at all ("memory is low, please close ...")
                    return e;
                }
                if (quoted || v.isEmpty()) {
                    return q;
                }
                add(v, values);
                q = e;
            }
            q = blanks(q);
            if (q < n && (s.charAt(q) == ',' || s.charAt(q) == '|')) {
                q = blanks(q + 1);
                q = isWord(q, "or") ? q + 2 : isWord(q, "and") ? q + 3 : q;
            } else if (isWord(q, "or") || isWord(q, "and")) {
                q += isWord(q, "or") ? 2 : 3;
            } else {
                return q;
            }
        }
        return q;
    }

    /** A bullet list on the lines after {@code p}; returns the start of the first line that is not a bullet. */
    private int bullets(int p, List<String> values) {
        int q = p;
        while (values.size() < HintScanner.MAX_VALUES) {
            int line = spaces(q);
            if (line + 1 >= n || "-*\u2022".indexOf(s.charAt(line)) < 0 || s.charAt(line + 1) != ' ') {
                return line;
            }
            int v = blanks(line + 2);
            int e = v < n && quote(s.charAt(v)) != 0 ? closingQuote(v) : -1;
            String value = e > 0 ? s.substring(v + 1, e) : trimBare(s.substring(v, bareEnd(v, (char) 0)));
            if (e > 0 || value.length() <= HintScanner.MAX_VALUE_CHARS && words(value) <= HintScanner.ITEM_WORDS) {
                add(value, values);
            }
            q = v;
            while (q < n && s.charAt(q) != '\n') {
                q++; // the rest of the bullet's line
            }
        }
        return q;
    }

    /** The closing quote of the value opened at {@code p}, within {@value HintScanner#MAX_VALUE_CHARS} characters on its line; -1 when none. */
    private int closingQuote(int p) {
        char close = quote(s.charAt(p));
        int limit = Math.min(n, p + 2 + HintScanner.MAX_VALUE_CHARS);
        for (int i = p + 1; i < limit; i++) {
            char c = s.charAt(i);
            if (c == close) {
                return i;
            }
            if (c == '\n' || c == '\r') {
                return -1;
            }
        }
        return -1;
    }

    /** The end of a bare value: a separator, bracket, quote, sentence end, or a word {@code or}/{@code and}. */
    private int bareEnd(int p, char closer) {
        int limit = Math.min(n, p + HintScanner.MAX_VALUE_CHARS + 1);
        for (int i = p; i < limit; i++) {
            char c = s.charAt(i);
            if (closer != 0 && c == closer || ",|;:?!()[]{}<>\n\r\t".indexOf(c) >= 0 || quote(c) != 0) {
                return i;
            }
            if (c == '.' && (i + 1 >= n || Character.isWhitespace(s.charAt(i + 1)) || quote(s.charAt(i + 1)) != 0)) {
                return i;
            }
            if (c == ' ' && i > p && (isWord(i + 1, "or") || isWord(i + 1, "and"))) {
                return i;
            }
        }
        return limit;
    }

    private static void add(String value, List<String> values) {
        if (plausible(value) && !values.contains(value)) {
            values.add(value);
        }
    }

    /** 1 to {@value HintScanner#MAX_VALUE_CHARS} characters, a letter or digit among them, no control character. */
    static boolean plausible(String v) {
        if (v.isEmpty() || v.length() > HintScanner.MAX_VALUE_CHARS) {
            return false;
        }
        boolean alnum = false;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (Character.isISOControl(c)) {
                return false;
            }
            alnum |= Character.isLetterOrDigit(c);
        }
        return alnum;
    }

    private static String trimBare(String v) {
        String t = v.strip();
        while (t.endsWith(".")) {
            t = t.substring(0, t.length() - 1);
        }
        return t;
    }

    private static int words(String v) {
        int words = 1;
        for (int i = 0; i < v.length(); i++) {
            words += v.charAt(i) == ' ' ? 1 : 0;
        }
        return words;
    }
}
