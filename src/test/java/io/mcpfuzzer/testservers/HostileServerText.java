package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Hostile text and raw JSON for {@link HostileServer}: replacement-string and regex
 * metacharacters, oversized strings, newline and space floods, very long paths, percent and
 * HTML-entity runs, odd Unicode, and deeply nested JSON. Raw JSON fragments are meant for
 * {@link RawJson#mark}. Stateless; strings are built on demand.
 */
final class HostileServerText {
    /** 10 MB, the size of the largest strings the server sends. */
    static final int HUGE = 10_000_000;
    /** Nesting depth of the deepest JSON the server sends (above the fuzzer's parse limit of 2,000). */
    static final int DEEP = 3_000;
    /** A nesting depth the fuzzer still parses, but deeper than Python's and Jackson's default limits. */
    static final int NEAR_LIMIT = 1_900;

    /** Short names that break naive string replacement, regexes, shells, paths or terminals. */
    static final List<String> NAMES = List.of(
            "$1", "a$1b$0", "x\\y\\", "{}", "{x}{y}", "$(id)", "${PATH}", "`id`", "\\1\\$", ".*", "(a+)+$",
            "^(.*a){8}x", "[", "(", "\\Q\\E", "a|b|", "?*+", "../../../etc/passwd", "..\\..\\win.ini",
            "\u202etxt.exe", "bidi\u2066\u202a\u200f", "nul\u0000byte", "\uD835\uDD4F\uD83D\uDE00", "%41%41%2e%2e",
            "&#65;&#x41;&amp;", "<script>alert(1)</script>", "con", "a/b\\c:d*e?f", "\u001b[2J\u001b]0;t\u0007",
            "line\nbreak\r\n", "\t\u000b\f", "'\"; DROP TABLE t; --", "%s%n%x", "{{7*7}}", "\uFEFFbom", "");

    /** Regexes with catastrophic backtracking on a backtracking engine. */
    static final List<String> REDOS = List.of("^(.*a){8}x", "(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(\\w+\\s?)+$",
            "^(([a-z])+.)+[A-Z]([a-z])+$");

    /** Patterns that are not valid (Java or ECMA) regexes. */
    static final List<String> BROKEN_REGEX = List.of("(", "[z-a]", "a{2,1}", "\\p{NoSuchClass}", "(?<n", "*x");

    private HostileServerText() {}

    static String pick(SplittableRandom r, List<String> options) {
        return options.get(r.nextInt(options.size()));
    }

    /** A short hostile name, sometimes made unique with {@code suffix}. */
    static String name(SplittableRandom r, String suffix) {
        return pick(r, NAMES) + suffix;
    }

    /** A subject string on which every regex of {@link #REDOS} backtracks catastrophically. */
    static String redosSubject(int length) {
        return "a".repeat(length) + "!";
    }

    /** {@code /a/a/.../a} with {@code segments} segments. */
    static String longPath(int segments) {
        return "/a".repeat(segments);
    }

    /**
     * A hostile text of the given kind: 0 names joined, 1 newline flood, 2 space flood, 3 long
     * path, 4 {@code %41} run, 5 {@code &#65;} run, 6 Unicode mix, 7 replacement and regex
     * metacharacters, 8 traversal path of 2,500 segments, 9 huge (10 MB). Kinds wrap around.
     */
    static String text(int kind) {
        return switch (Math.floorMod(kind, 10)) {
            case 0 -> String.join(" | ", NAMES);
            case 1 -> "start" + "\n".repeat(100_000) + "end";
            case 2 -> " ".repeat(100_000) + "x";
            case 3 -> longPath(2_500);
            case 4 -> "%41".repeat(100_000);
            case 5 -> "&#65;".repeat(100_000);
            case 6 -> ("\u202e\u0000\uD83D\uDE00\u200b\u0301\uFFFF\uFEFF" + "\u0000").repeat(10_000);
            case 7 -> "$1 \\ {} $(id) ${x} \\1 $0 .*+?[](){}|^$ \\Q \\E ".repeat(5_000);
            case 8 -> "../".repeat(2_500) + "etc/passwd";
            default -> huge();
        };
    }

    /**
     * Half the time a short hostile text (a few names), else a flood of a random kind below the
     * huge one: keeps the volume per run moderate while every kind keeps coming up.
     */
    static String any(SplittableRandom r) {
        if (r.nextBoolean()) {
            return pick(r, NAMES) + " " + pick(r, NAMES) + " " + pick(r, REDOS);
        }
        return text(r.nextInt(KINDS - 1));
    }

    /** Number of kinds {@link #text} knows; the last one is {@link #huge}. */
    static final int KINDS = 10;

    /** A 10 MB string of replacement and regex metacharacters (JSON escaping leaves it at about 11 MB). */
    static String huge() {
        String unit = "$1{}$(id)a.*+?[]|^aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\";
        StringBuilder b = new StringBuilder(HUGE + unit.length());
        while (b.length() < HUGE) {
            b.append(unit);
        }
        b.setLength(HUGE);
        return b.toString();
    }

    /** Raw JSON of {@code depth} nested arrays, or objects when {@code objects}. */
    static String deepJson(int depth, boolean objects) {
        if (objects) {
            return "{\"a\":".repeat(depth) + "\"$1\\\\{}\"" + "}".repeat(depth);
        }
        return "[".repeat(depth) + "]".repeat(depth);
    }

    /** A raw JSON string literal holding lone surrogates and a NUL, escaped as JSON allows. */
    static String loneSurrogatesLiteral(String prefix) {
        String quoted = Json.write(prefix);
        return quoted.substring(0, quoted.length() - 1) + "\\ud800-\\udfff-\\u0000-\\udbff\\ud83d\"";
    }
}
