package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Ascii;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * Recognises the output of an executed shell command in an answer to an input that carried a shell
 * metacharacter attack: the output of {@code id} ({@code uid=0(root) gid=0(root)}), a passwd line
 * ({@code root:x:0:0:}), a shell's "not found" message naming a word the input injected after a
 * metacharacter ({@code sh: 1: mcpfz1a2b3c4d: not found}, {@code bash: X: command not found},
 * {@code 'X' is not recognized as an internal or external command}), and Windows
 * {@code Volume Serial Number is XXXX-XXXX}. Stateless and thread-safe.
 *
 * <p>Not evidence: a token that any string of the input contains (an echo of what was sent), or that
 * {@code known} holds (the fuzzer sent it earlier, or the server publishes it, see
 * {@link KnownText#knownEvidence}). Hand scanners only (no regex): linear in the first
 * {@value #MAX_SCAN} characters of the answer; the input walk visits at most {@value #MAX_NODES} nodes.
 */
public final class CommandEvidence {
    /** Characters of an answer scanned. */
    public static final int MAX_SCAN = 200_000;
    /** Characters of the evidence line kept. */
    public static final int MAX_LINE = 200;
    /** Shortest injected word that counts as a marker in a shell's "not found" message. */
    public static final int MIN_MARKER = 4;
    private static final int MAX_NODES = 2_000;
    private static final int MAX_INPUT_CHARS = 100_000;
    private static final int MAX_FINDS = 64;

    /**
     * One piece of evidence.
     *
     * @param kind  {@code id_output}, {@code passwd_line}, {@code shell_not_found} or {@code windows_volume}
     * @param token the matched text (what must not come from the input)
     * @param line  the answer's line around it (at most {@value #MAX_LINE} characters, JSON escapes kept)
     */
    public record Hit(String kind, String token, String line) {}

    private CommandEvidence() {}

    /** A character of every literal {@link #carriesShellAttack} looks for. */
    private static final String SHELL_CHARS = ";|&`$\n";
    /**
     * A character of every token {@link #tokens} reports: {@code uid=}, {@code root:}, {@code Volume
     * Serial...}, {@code : not found}, {@code ' is not recognized...}.
     */
    private static final String TOKEN_CHARS = "=:V'";

    /** True when text contains a character of {@code chars} (one pass: a prefilter). */
    private static boolean hasAnyChar(String text, String chars) {
        for (int i = 0; i < text.length(); i++) {
            if (chars.indexOf(text.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when a string of {@code input} carries a shell metacharacter: {@code ; | ` $( && }, an
     * {@code &} beside a space, or a newline (a lone {@code &} inside a word is a URL query, not an attack).
     */
    public static boolean carriesShellAttack(JsonNode input) {
        for (String s : strings(input)) {
            if (hasAnyChar(s, SHELL_CHARS) && Ascii.containsAny(s, ";", "|", "&&", "& ", " &", "`", "$(", "\n")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first evidence of command execution in {@code answer}, or null. Callers check
     * {@link #carriesShellAttack} first: evidence only counts in an answer to such an input.
     *
     * @param known true for a token already known without any execution (sent earlier, published)
     */
    public static Hit find(String answer, JsonNode input, Predicate<String> known) {
        if (answer == null || answer.isEmpty()) {
            return null;
        }
        String text = answer.length() > MAX_SCAN ? answer.substring(0, MAX_SCAN) : answer;
        List<String> sent = strings(input);
        Predicate<String> fromInput = token -> known.test(token) || sent.stream().anyMatch(s -> Ascii.containsLinear(s, token));
        List<Hit> hits = new ArrayList<>();
        idOutput(text, hits);
        passwd(text, hits);
        volume(text, hits);
        notFound(text, markers(sent), hits);
        for (Hit h : hits) {
            if (!fromInput.test(h.token())) {
                return h;
            }
        }
        return null;
    }

    /**
     * Every evidence token in a text the fuzzer sends or the server publishes, regardless of markers
     * (a "not found" line counts with any command word), for {@link KnownText}.
     */
    public static List<String> tokens(String text) {
        List<Hit> hits = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        String scan = text.length() > MAX_SCAN ? text.substring(0, MAX_SCAN) : text;
        if (!hasAnyChar(scan, TOKEN_CHARS)) { // every kind of token contains one of them
            return List.of();
        }
        idOutput(scan, hits);
        passwd(scan, hits);
        volume(scan, hits);
        notFound(scan, null, hits);
        return hits.stream().map(Hit::token).toList();
    }

    /** {@code uid=<digits>(<name>) gid=<digits>(<name>)}. */
    private static void idOutput(String t, List<Hit> hits) {
        int from = 0;
        for (int n = 0; n < MAX_FINDS; n++) {
            int at = t.indexOf("uid=", from);
            if (at < 0) {
                return;
            }
            from = at + 4;
            if (wordBefore(t, at)) {
                continue;
            }
            int end = idPart(t, at + 4);
            if (end < 0) {
                continue;
            }
            int gid = end;
            while (gid < t.length() && gid - end < 4 && t.charAt(gid) == ' ') {
                gid++;
            }
            if (gid == end || !t.startsWith("gid=", gid)) {
                continue;
            }
            int gEnd = idPart(t, gid + 4);
            if (gEnd >= 0) {
                hits.add(new Hit("id_output", t.substring(at, gEnd), line(t, at, gEnd)));
                return;
            }
        }
    }

    /** After {@code uid=}: digits, {@code (}, a name of 1..64 name characters, {@code )}; the end or -1. */
    private static int idPart(String t, int i) {
        int d = i;
        while (d < t.length() && d - i < 10 && Character.isDigit(t.charAt(d))) {
            d++;
        }
        if (d == i || d >= t.length() || t.charAt(d) != '(') {
            return -1;
        }
        int n = d + 1;
        while (n < t.length() && n - d <= 64 && isNameChar(t.charAt(n))) {
            n++;
        }
        return n > d + 1 && n < t.length() && t.charAt(n) == ')' ? n + 1 : -1;
    }

    /** {@code root:} then {@code x}, {@code *}, {@code !} or nothing, then {@code :0:0:}. */
    private static void passwd(String t, List<Hit> hits) {
        int from = 0;
        for (int n = 0; n < MAX_FINDS; n++) {
            int at = t.indexOf("root:", from);
            if (at < 0) {
                return;
            }
            from = at + 5;
            if (wordBefore(t, at)) {
                continue;
            }
            int i = at + 5;
            if (i < t.length() && (t.charAt(i) == 'x' || t.charAt(i) == '*' || t.charAt(i) == '!')) {
                i++;
            }
            if (t.startsWith(":0:0:", i)) {
                hits.add(new Hit("passwd_line", t.substring(at, i + 5), line(t, at, i + 5)));
                return;
            }
        }
    }

    /** {@code Volume Serial Number is XXXX-XXXX} (hex digits). */
    private static void volume(String t, List<Hit> hits) {
        String phrase = "Volume Serial Number is ";
        int at = t.indexOf(phrase);
        if (at < 0) {
            return;
        }
        int i = at + phrase.length();
        if (i + 9 <= t.length() && hex(t, i, 4) && t.charAt(i + 4) == '-' && hex(t, i + 5, 4)) {
            hits.add(new Hit("windows_volume", t.substring(at, i + 9), line(t, at, i + 9)));
        }
    }

    /**
     * A shell's "not found" line: {@code <shell>: [<n>: ]<word>: not found}, {@code <word>: command not
     * found} or {@code '<word>' is not recognized as an internal or external command}, where the word is
     * one of {@code markers} (null: any word of at least {@value #MIN_MARKER} name characters).
     */
    private static void notFound(String t, Set<String> markers, List<Hit> hits) {
        if (markers != null && markers.isEmpty()) {
            return;
        }
        String lower = Ascii.lower(t);
        int from = 0;
        for (int n = 0; n < MAX_FINDS; n++) {
            int unix = lower.indexOf(": not found", from);
            int bash = lower.indexOf(": command not found", from);
            int win = lower.indexOf("' is not recognized as an internal or external command", from);
            int at = min(unix, min(bash, win));
            if (at < 0) {
                return;
            }
            from = at + 1;
            boolean quoted = at == win;
            int wordEnd = at;
            int wordStart = wordEnd;
            while (wordStart > 0 && wordEnd - wordStart < 128 && isWordChar(t.charAt(wordStart - 1))) {
                wordStart--;
            }
            String word = t.substring(wordStart, wordEnd);
            if (word.length() < MIN_MARKER || markers != null && !markers.contains(word)) {
                continue;
            }
            int start = wordStart;
            if (quoted) {
                if (wordStart == 0 || t.charAt(wordStart - 1) != '\'') {
                    continue;
                }
                start = wordStart - 1;
            } else if (at == unix && at != bash) {
                start = shellPrefix(t, wordStart); // "sh: 1: word: not found" needs its shell name
                if (start < 0) {
                    continue;
                }
            }
            int end = quoted ? at + "' is not recognized as an internal or external command".length()
                    : at + (at == bash ? ": command not found".length() : ": not found".length());
            hits.add(new Hit("shell_not_found", t.substring(start, end), line(t, start, end)));
            return;
        }
    }

    /** Start of {@code sh: }, {@code bash: }, {@code /bin/sh: } [{@code line }]{@code <n>: } before {@code wordStart}, or -1. */
    private static int shellPrefix(String t, int wordStart) {
        int i = wordStart;
        if (i >= 2 && t.startsWith(": ", i - 2)) {
            i -= 2;
            int d = i;
            while (d > 0 && i - d < 8 && Character.isDigit(t.charAt(d - 1))) {
                d--;
            }
            if (d < i) {
                i = d;
                if (i >= 5 && t.startsWith("line ", i - 5)) {
                    i -= 5;
                }
            } else {
                i += 2; // no number: the shell name comes right before the word
            }
        }
        if (i < 2 || !t.startsWith(": ", i - 2)) {
            return -1;
        }
        int nameEnd = i - 2;
        int s = nameEnd;
        while (s > 0 && nameEnd - s < 16 && (Character.isLetter(t.charAt(s - 1)) || t.charAt(s - 1) == '/')
                && !(s >= 2 && t.charAt(s - 2) == '\\')) { // the n of a JSON \n escape is no part of the name
            s--;
        }
        String shell = t.substring(s, nameEnd);
        return shell.endsWith("sh") ? s : -1;
    }

    /** Words the input injected right after a shell metacharacter ({@code ; | & ` $( } newline), at least {@value #MIN_MARKER} long. */
    static Set<String> markers(List<String> sent) {
        Set<String> out = new LinkedHashSet<>();
        for (String s : sent) {
            for (int i = 0; i < s.length() && out.size() < MAX_FINDS; i++) {
                char c = s.charAt(i);
                boolean meta = c == ';' || c == '|' || c == '&' || c == '`' || c == '\n' || c == '$' && i + 1 < s.length()
                        && s.charAt(i + 1) == '(';
                if (!meta) {
                    continue;
                }
                int w = i + 1;
                while (w < s.length() && (s.charAt(w) == ' ' || s.charAt(w) == '(' || s.charAt(w) == '\t'
                        || s.charAt(w) == '|' || s.charAt(w) == '&')) {
                    w++;
                }
                int e = w;
                while (e < s.length() && e - w < 128 && isWordChar(s.charAt(e))) {
                    e++;
                }
                if (e - w >= MIN_MARKER) {
                    out.add(s.substring(w, e));
                }
            }
        }
        return out;
    }

    /** The strings (values and keys) of an input: at most {@value #MAX_NODES} nodes and {@value #MAX_INPUT_CHARS} characters. */
    static List<String> strings(JsonNode root) {
        List<String> out = new ArrayList<>();
        if (root == null) {
            return out;
        }
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(root);
        int seen = 0;
        int chars = 0;
        while (!todo.isEmpty() && seen++ < MAX_NODES && chars < MAX_INPUT_CHARS) {
            JsonNode node = todo.pop();
            if (node.isString()) {
                String s = node.asString();
                s = s.length() > MAX_INPUT_CHARS - chars ? s.substring(0, MAX_INPUT_CHARS - chars) : s;
                chars += s.length();
                out.add(s);
            } else if (node.isObject()) {
                for (String name : node.propertyNames()) {
                    out.add(name);
                }
                node.values().forEach(todo::push);
            } else if (node.isArray()) {
                node.values().forEach(todo::push);
            }
        }
        return out;
    }

    /** The line around [start, end): bounded by a newline, a JSON {@code \n} escape or a quote. */
    private static String line(String t, int start, int end) {
        int from = start;
        while (from > 0 && start - from < MAX_LINE / 2 && t.charAt(from - 1) != '\n' && t.charAt(from - 1) != '"'
                && !(from >= 2 && t.charAt(from - 2) == '\\' && t.charAt(from - 1) == 'n')) {
            from--;
        }
        int to = end;
        while (to < t.length() && to - from < MAX_LINE && t.charAt(to) != '\n' && t.charAt(to) != '"'
                && !(t.charAt(to) == '\\' && to + 1 < t.length() && t.charAt(to + 1) == 'n')) {
            to++;
        }
        return t.substring(from, Math.min(to, from + MAX_LINE));
    }

    /** True when a letter or digit precedes {@code at} (the {@code n} of a JSON {@code \n} escape does not count). */
    private static boolean wordBefore(String t, int at) {
        return at > 0 && Character.isLetterOrDigit(t.charAt(at - 1)) && !(at >= 2 && t.charAt(at - 2) == '\\');
    }

    private static boolean hex(String t, int from, int count) {
        for (int i = from; i < from + count; i++) {
            char c = t.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNameChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
                || c == '.' || c == '$' || c == ' ' || c == '\\';
    }

    private static boolean isWordChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
                || c == '.' || c == '/';
    }

    private static int min(int a, int b) {
        return a < 0 ? b : b < 0 ? a : Math.min(a, b);
    }
}
