package io.mcpfuzzer.generate.regex;

import java.util.List;

/**
 * Backslash escapes of the regex subset: class shorthands ({@code \d \w \s} and their
 * negations), control characters, hex and unicode escapes, a few {@code \p{...}} properties and
 * escaped punctuation. Not thread-safe; one instance per escape.
 */
final class Escapes {
    private final String src;
    private int pos;

    private Escapes(String src, int pos) {
        this.src = src;
        this.pos = pos;
    }

    /** The parsed set and the index just after the escape. */
    record Parsed(CharSet set, int next) {}

    /** Parses the escape whose first char is at {@code at} (just after the backslash). */
    static Parsed parse(String src, int at, boolean inClass) throws UnsupportedRegexException {
        Escapes e = new Escapes(src, at);
        CharSet set = e.escape(inClass);
        return new Parsed(set, e.pos);
    }

    private CharSet escape(boolean inClass) throws UnsupportedRegexException {
        char c = src.charAt(pos++);
        switch (c) {
            case 'd': return CharSet.digits();
            case 'D': return CharSet.digits().complementInPrintable();
            case 'w': return CharSet.word();
            case 'W': return CharSet.word().complementInPrintable();
            case 's': return CharSet.space();
            case 'S': return CharSet.space().complementInPrintable();
            case 't': return CharSet.single('\t');
            case 'n': return CharSet.single('\n');
            case 'r': return CharSet.single('\r');
            case 'f': return CharSet.single('\f');
            case 'v': return CharSet.single(0x0B);
            case '0': return CharSet.single(0);
            case 'b':
                if (inClass) {
                    return CharSet.single('\b');
                }
                throw new UnsupportedRegexException("\\b");
            case 'x': return CharSet.single(hex(2));
            case 'u':
                if (more() && peek() == '{') {
                    int close = src.indexOf('}', pos);
                    if (close < 0 || close - pos > 7) {
                        throw new UnsupportedRegexException("bad \\u{...} escape");
                    }
                    int cp = parseHex(src.substring(pos + 1, close));
                    pos = close + 1;
                    return CharSet.single(cp);
                }
                return CharSet.single(hex(4));
            case 'p':
            case 'P':
                return property(c == 'P');
            case 'c':
                throw new UnsupportedRegexException("control escapes are not supported");
            default:
                if (Character.isLetterOrDigit(c)) {
                    throw new UnsupportedRegexException("unknown escape \\" + c);
                }
                return CharSet.single(c);
        }
    }

    private CharSet property(boolean negated) throws UnsupportedRegexException {
        if (!more() || peek() != '{') {
            throw new UnsupportedRegexException("bad property escape");
        }
        int close = src.indexOf('}', pos);
        if (close < 0) {
            throw new UnsupportedRegexException("bad property escape");
        }
        String name = src.substring(pos + 1, close);
        pos = close + 1;
        CharSet set;
        switch (name) {
            case "L": case "Letter": case "Alpha": case "IsAlphabetic":
                set = CharSet.of(List.of(new int[] {'a', 'z'}, new int[] {'A', 'Z'}, new int[] {0xE0, 0xF6}));
                break;
            case "Lu": case "Upper": set = CharSet.range('A', 'Z'); break;
            case "Ll": case "Lower": set = CharSet.range('a', 'z'); break;
            case "N": case "Nd": case "Digit": set = CharSet.digits(); break;
            default: throw new UnsupportedRegexException("property \\p{" + name + "} is not supported");
        }
        return negated ? set.complementInPrintable() : set;
    }

    private int hex(int digits) throws UnsupportedRegexException {
        if (pos + digits > src.length()) {
            throw new UnsupportedRegexException("short hex escape");
        }
        int v = parseHex(src.substring(pos, pos + digits));
        pos += digits;
        return v;
    }

    private static int parseHex(String text) throws UnsupportedRegexException {
        try {
            int v = Integer.parseInt(text, 16);
            if (v > Character.MAX_CODE_POINT) {
                throw new UnsupportedRegexException("code point out of range");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UnsupportedRegexException("bad hex escape '" + text + "'");
        }
    }

    private boolean more() {
        return pos < src.length();
    }

    private char peek() {
        return src.charAt(pos);
    }
}
