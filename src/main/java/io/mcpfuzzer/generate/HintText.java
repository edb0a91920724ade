package io.mcpfuzzer.generate;

/**
 * A text a server wrote, with the small bounded moves its hint scanners make over it (past blanks,
 * over a word, back over a word); every move reads at most what it passes, or a constant. Immutable;
 * the subclasses are confined to one scan.
 */
abstract class HintText {
    /** Longest word read while looking ahead of or behind a marker. */
    static final int MAX_WORD = 40;
    final String s;
    final int n;

    HintText(String text) {
        this.s = text;
        this.n = text.length();
    }

    /** The closing quote for an opening quote character, or 0 when {@code c} is none. */
    static char quote(char c) {
        return switch (c) {
            case '\'', '"', '`' -> c;
            case '\u2018' -> '\u2019';
            case '\u201c' -> '\u201d';
            default -> 0;
        };
    }

    /** True when the word {@code w} (ASCII, lower case) starts at {@code p} and ends there. */
    boolean isWord(int p, String w) {
        int e = p + w.length();
        return e <= n && s.regionMatches(true, p, w, 0, w.length()) && (e == n || !letter(s.charAt(e)));
    }

    int wordEnd(int p) {
        int i = p;
        while (i < n && letter(s.charAt(i))) {
            i++;
        }
        return i;
    }

    int nameEnd(int p) {
        int i = p;
        while (i < n && i - p <= MAX_WORD && nameChar(s.charAt(i))) {
            i++;
        }
        return i;
    }

    int backWordStart(int q) {
        int i = q;
        while (i > 0 && q - i < MAX_WORD && letter(s.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    int backBlanks(int q) {
        int i = q;
        while (i > 0 && q - i < 4 && s.charAt(i - 1) == ' ') {
            i--;
        }
        return i;
    }

    /** Past spaces and tabs (a list stays on its line). */
    int blanks(int p) {
        int i = p;
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    /** Past any whitespace, line breaks included (inside brackets, and between bullets). */
    int spaces(int p) {
        int i = p;
        while (i < n && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean letter(char c) {
        return c < 128 && Character.isLetter(c);
    }

    static boolean nameChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.');
    }
}
