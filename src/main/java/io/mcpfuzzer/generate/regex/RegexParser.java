package io.mcpfuzzer.generate.regex;

import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for the generation subset of ECMA-262 regular expressions:
 * literals, classes with ranges and negation, {@code . \d \w \s \D \W \S}, the common escapes,
 * quantifiers (greedy, lazy, possessive), groups (capturing, non-capturing, named, inline flags),
 * alternation and anchors. Lookaround and backreferences are rejected. Nesting is bounded.
 * Not thread-safe; one instance per parse.
 */
final class RegexParser {
    private static final int MAX_NESTING = 64;
    private static final int MAX_REPEAT = 1_000;

    private final String src;
    private int pos;
    private int nesting;
    private boolean ignoreCase;

    private RegexParser(String src) {
        this.src = src;
    }

    static RegexNode parse(String pattern) throws UnsupportedRegexException {
        RegexParser parser = new RegexParser(pattern);
        if (pattern.startsWith("(?i)")) {
            parser.ignoreCase = true;
            parser.pos = 4;
        }
        RegexNode node = parser.alternation();
        if (parser.pos != pattern.length()) {
            throw new UnsupportedRegexException("unexpected '" + pattern.charAt(parser.pos) + "' at " + parser.pos);
        }
        return node;
    }

    private RegexNode alternation() throws UnsupportedRegexException {
        if (++nesting > MAX_NESTING) {
            throw new UnsupportedRegexException("nesting too deep");
        }
        List<RegexNode> options = new ArrayList<>();
        options.add(sequence());
        while (more() && peek() == '|') {
            pos++;
            options.add(sequence());
        }
        nesting--;
        return options.size() == 1 ? options.get(0) : new RegexNode.Alternation(options);
    }

    private RegexNode sequence() throws UnsupportedRegexException {
        List<RegexNode> parts = new ArrayList<>();
        while (more() && peek() != '|' && peek() != ')') {
            RegexNode atom = atom();
            parts.add(quantified(atom));
        }
        return parts.size() == 1 ? parts.get(0) : new RegexNode.Sequence(parts);
    }

    private RegexNode quantified(RegexNode atom) throws UnsupportedRegexException {
        if (!more()) {
            return atom;
        }
        int min;
        int max;
        char c = peek();
        if (c == '*') {
            min = 0;
            max = RegexNode.Repeat.UNBOUNDED;
            pos++;
        } else if (c == '+') {
            min = 1;
            max = RegexNode.Repeat.UNBOUNDED;
            pos++;
        } else if (c == '?') {
            min = 0;
            max = 1;
            pos++;
        } else if (c == '{' && braceQuantifierAhead()) {
            pos++;
            min = number();
            max = min;
            if (peek() == ',') {
                pos++;
                max = peek() == '}' ? RegexNode.Repeat.UNBOUNDED : number();
            }
            pos++; // '}'
            if (max != RegexNode.Repeat.UNBOUNDED && max < min) {
                throw new UnsupportedRegexException("quantifier {" + min + "," + max + "} out of order");
            }
        } else {
            return atom;
        }
        if (more() && (peek() == '?' || peek() == '+')) {
            pos++;
        }
        if (more() && "*+?".indexOf(peek()) >= 0) {
            throw new UnsupportedRegexException("nested quantifier at " + pos);
        }
        return new RegexNode.Repeat(atom, min, max);
    }

    private boolean braceQuantifierAhead() {
        int i = pos + 1;
        int digits = 0;
        while (i < src.length() && Character.isDigit(src.charAt(i))) {
            i++;
            digits++;
        }
        if (digits == 0 || i >= src.length()) {
            return false;
        }
        if (src.charAt(i) == '}') {
            return true;
        }
        if (src.charAt(i) != ',') {
            return false;
        }
        i++;
        while (i < src.length() && Character.isDigit(src.charAt(i))) {
            i++;
        }
        return i < src.length() && src.charAt(i) == '}';
    }

    private int number() throws UnsupportedRegexException {
        int start = pos;
        while (more() && Character.isDigit(peek())) {
            pos++;
        }
        if (pos - start > 6) {
            throw new UnsupportedRegexException("repeat count too large");
        }
        int n = Integer.parseInt(src.substring(start, pos));
        if (n > MAX_REPEAT) {
            throw new UnsupportedRegexException("repeat count " + n + " too large");
        }
        return n;
    }

    private RegexNode atom() throws UnsupportedRegexException {
        char c = src.charAt(pos++);
        switch (c) {
            case '(':
                return group();
            case '[':
                return new RegexNode.Chars(charClass());
            case '.':
                return new RegexNode.Chars(CharSet.printable());
            case '^':
            case '$':
                return new RegexNode.Empty();
            case '\\':
                return escapeAtom();
            case '*':
            case '+':
            case '?':
                throw new UnsupportedRegexException("dangling quantifier at " + (pos - 1));
            default:
                pos--;
                int cp = src.codePointAt(pos);
                pos += Character.charCount(cp);
                return new RegexNode.Chars(CharSet.single(cp));
        }
    }

    private RegexNode group() throws UnsupportedRegexException {
        if (peek() == '?') {
            pos++;
            char kind = more() ? peek() : ')';
            if (kind == ':') {
                pos++;
            } else if (kind == '<' && pos + 1 < src.length() && (src.charAt(pos + 1) == '=' || src.charAt(pos + 1) == '!')) {
                throw new UnsupportedRegexException("lookbehind is not supported");
            } else if (kind == '<' || kind == 'P') {
                int close = src.indexOf('>', pos);
                if (close < 0) {
                    throw new UnsupportedRegexException("unterminated group name");
                }
                pos = close + 1;
            } else if (kind == '=' || kind == '!') {
                throw new UnsupportedRegexException("lookahead is not supported");
            } else {
                throw new UnsupportedRegexException("group modifier '(?" + kind + "' is not supported");
            }
        }
        RegexNode inner = alternation();
        if (!more() || peek() != ')') {
            throw new UnsupportedRegexException("unbalanced parenthesis");
        }
        pos++;
        return inner;
    }

    private RegexNode escapeAtom() throws UnsupportedRegexException {
        if (!more()) {
            throw new UnsupportedRegexException("trailing backslash");
        }
        char c = peek();
        if (c == 'b' || c == 'B') {
            pos++;
            return new RegexNode.Empty();
        }
        if (c >= '1' && c <= '9' || c == 'k') {
            throw new UnsupportedRegexException("backreferences are not supported");
        }
        return new RegexNode.Chars(escapeSet(false));
    }

    /** Parses the escape after a backslash (pos at the escaped char) into a set. */
    private CharSet escapeSet(boolean inClass) throws UnsupportedRegexException {
        Escapes.Parsed parsed = Escapes.parse(src, pos, inClass);
        pos = parsed.next();
        return parsed.set();
    }

    private CharSet charClass() throws UnsupportedRegexException {
        boolean negated = more() && peek() == '^';
        if (negated) {
            pos++;
        }
        List<int[]> ranges = new ArrayList<>();
        boolean first = true;
        while (true) {
            if (!more()) {
                throw new UnsupportedRegexException("unterminated character class");
            }
            char c = peek();
            if (c == ']' && !first) {
                pos++;
                break;
            }
            first = false;
            if (c == '[' && pos + 1 < src.length() && src.charAt(pos + 1) == ':') {
                throw new UnsupportedRegexException("POSIX classes are not supported");
            }
            CharSet item = classAtom();
            if (isSingle(item) && more() && peek() == '-' && pos + 1 < src.length() && src.charAt(pos + 1) != ']') {
                pos++;
                CharSet hiItem = classAtom();
                if (!isSingle(hiItem)) {
                    throw new UnsupportedRegexException("class range with a class bound");
                }
                int lo = item.ranges().get(0)[0];
                int hi = hiItem.ranges().get(0)[0];
                if (hi < lo) {
                    throw new UnsupportedRegexException("reversed class range");
                }
                ranges.add(new int[] {lo, hi});
            } else {
                ranges.addAll(item.ranges());
            }
        }
        CharSet set = CharSet.of(ranges);
        if (ignoreCase) {
            set = set.caseInsensitive();
        }
        if (negated) {
            set = set.complementInPrintable();
        }
        if (set.isEmpty()) {
            throw new UnsupportedRegexException("empty character class");
        }
        return set;
    }

    private CharSet classAtom() throws UnsupportedRegexException {
        char c = src.charAt(pos);
        if (c == '\\') {
            pos++;
            if (!more()) {
                throw new UnsupportedRegexException("trailing backslash");
            }
            return escapeSet(true);
        }
        int cp = src.codePointAt(pos);
        pos += Character.charCount(cp);
        return CharSet.single(cp);
    }

    private static boolean isSingle(CharSet set) {
        List<int[]> r = set.ranges();
        return r.size() == 1 && r.get(0)[0] == r.get(0)[1];
    }

    private boolean more() {
        return pos < src.length();
    }

    private char peek() {
        return src.charAt(pos);
    }
}
