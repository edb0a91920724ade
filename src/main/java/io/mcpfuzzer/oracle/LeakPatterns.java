package io.mcpfuzzer.oracle;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Recognises information leaks in server answers and error messages: stack traces (Java, Python,
 * Node, Go, Rust, .NET), absolute file paths of the server's machine, SQL engine errors.
 * Stateless and thread-safe.
 *
 * <p>Linear time on hostile text: inputs are cut to {@link #MAX_SCAN} characters; each rule runs
 * only when the text contains a literal every match must contain (all rules' literals are looked for
 * in one pass, {@link LeakTriggers}), and then as an RE2/J automaton (no backtracking, no recursion); SQL errors are matched by a literal scanner. Counted
 * repetitions are avoided: RE2/J compiles {@code x{1,300}} into 300 nested copies (recursively), and
 * without backtracking the bound buys no speed. Paths match lazily (two segments are enough to report
 * one), so a 100,000-character path is not read to its end.
 */
public final class LeakPatterns {
    /** Characters scanned per text. */
    public static final int MAX_SCAN = 200_000;

    /** Characters of a match shown in an excerpt (plus context); matches themselves are unbounded. */
    private static final int MAX_MATCH_SHOWN = 300;
    /** Path matches looked at per text before giving up (each is checked against the known paths). */
    private static final int MAX_PATHS = 16;
    /** Characters of one path token handed to the known-path check. */
    private static final int MAX_PATH_TOKEN = 4_096;

    private record Rule(String name, Pattern pattern, String... triggers) {}

    /**
     * A Windows path: in JSON text with escaped backslashes ({@code C:\\\\Users\\\\bob}), or in plain text
     * with single ones after an upper-case drive, when the first folder starts with no letter of a JSON escape
     * ({@code C:\\Users\\bob}, {@code C:\\app\\x}; not {@code C:\\node\\x}). A lone backslash after a
     * lower-case letter and a colon is a JSON escape ("can't:\\n\\n" in Shopify's docs answer). RE2 syntax.
     */
    private static final String WINDOWS_PATH = "[A-Za-z]:\\\\\\\\(?:[\\w.$ -]+\\\\\\\\)+?[\\w.$ -]"
            + "|[A-Z]:\\\\[A-Z0-9ac-eg-mo-qsv-z_.$][\\w.$ -]*\\\\(?:[\\w.$ -]+\\\\)*?[\\w.$ -]";

    private static final List<Rule> RULES = List.of(
            new Rule("java_stack_trace", Pattern.compile("\\n?[ \\t\\n\\f\\r\\x0B]*at [\\w$.]+\\([\\w$]+\\.(java|kt|scala):\\d+\\)"),
                    ".java:", ".kt:", ".scala:"),
            new Rule("python_traceback", Pattern.compile("Traceback \\(most recent call last\\)|File \\\\?\"[^\"\\n\\\\]+\\\\?\", line \\d+"),
                    "Traceback (most recent call last)", "\", line "),
            new Rule("node_stack_trace", Pattern.compile("(?:\\n|\\\\n)[ \\t\\n\\f\\r\\x0B]+at (?:[\\w$.<>]+ )?\\(?(?:/|file:|node:)[^)\\n\\\\]+:\\d+:\\d+\\)?"),
                    "(/", "(file:", "(node:", " /", " file:", " node:"),
            new Rule("go_panic", Pattern.compile("goroutine \\d+ \\[running\\]|panic: .*\\n"),
                    "goroutine ", "panic: "),
            new Rule("rust_panic", Pattern.compile("thread '[^'\\n]+' panicked at"), "' panicked at"),
            new Rule("dotnet_stack_trace", Pattern.compile("[ \\t\\n\\f\\r\\x0B]+at [\\w.]+\\(.*\\) in .+:line \\d+"),
                    ":line "),
            new Rule("file_path", Pattern.compile("(?:^|[ \\t\\n\\f\\r\\x0B\"'(=])(?:/(?:home|root|srv|opt|var|usr|etc|tmp|app|Users)/[\\w.@+-]+"
                    + "(?:/[\\w.@+-]+)+?|" + WINDOWS_PATH + ")"),
                    "/home/", "/root/", "/srv/", "/opt/", "/var/", "/usr/", "/etc/", "/tmp/", "/app/", "/Users/", ":\\"));

    /** Group of the SQL phrases in {@link #TRIGGERS}: one past the rules. */
    private static final int SQL_GROUP = RULES.size();
    /** Each rule's triggers (group = its index) and the SQL phrases, found in one pass. */
    private static final LeakTriggers TRIGGERS = triggers();

    private LeakPatterns() {}

    private static LeakTriggers triggers() {
        List<List<String>> groups = new ArrayList<>();
        for (Rule rule : RULES) {
            groups.add(List.of(rule.triggers()));
        }
        groups.add(SqlErrors.cues());
        boolean[] ignoreCase = new boolean[groups.size()];
        ignoreCase[SQL_GROUP] = true;
        return new LeakTriggers(groups, ignoreCase);
    }

    /**
     * One detected leak.
     *
     * @param token the leaked path itself for a {@code file_path} leak (at most {@value #MAX_PATH_TOKEN}
     *              characters), else null
     */
    public record Leak(String type, String excerpt, String token) {
        /** A leak that carries no token. */
        public Leak(String type, String excerpt) {
            this(type, excerpt, null);
        }
    }

    /** Every kind of leak found in {@code text} (each type at most once), with a short excerpt. */
    public static List<Leak> find(String text) {
        return find(text, path -> false);
    }

    /**
     * As {@link #find(String)}, but a file path for which {@code knownPath} holds (the fuzzer sent it,
     * or the server publishes it: see {@link KnownText}) is no leak; the first of at most
     * {@value #MAX_PATHS} path matches that is not known is reported. {@code knownPath} gets the whole
     * path token (the match extended over path characters, at most {@value #MAX_PATH_TOKEN} of them).
     */
    public static List<Leak> find(String text, Predicate<String> knownPath) {
        List<Leak> leaks = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return leaks;
        }
        String scan = text.length() > MAX_SCAN ? text.substring(0, MAX_SCAN) : text;
        int present = TRIGGERS.scan(scan); // which rules' literals occur: most answers have none
        for (int r = 0; r < RULES.size(); r++) {
            Rule rule = RULES.get(r);
            if (rule.name().equals("file_path") && (present & (1 << SQL_GROUP)) != 0) {
                int[] sql = SqlErrors.find(scan);
                if (sql != null) {
                    leaks.add(new Leak("sql_error", excerpt(scan, sql[0], sql[1])));
                }
            }
            if ((present & (1 << r)) == 0) {
                continue;
            }
            Matcher m = rule.pattern().matcher(scan);
            if (rule.name().equals("file_path")) {
                for (int n = 0; n < MAX_PATHS && m.find(); n++) {
                    String token = pathToken(scan, m.start(), m.end());
                    if (!knownPath.test(token)) {
                        leaks.add(new Leak(rule.name(), excerpt(scan, m.start(), m.end()), token));
                        break;
                    }
                }
            } else if (m.find()) {
                leaks.add(new Leak(rule.name(), excerpt(scan, m.start(), m.end())));
            }
        }
        return leaks;
    }

    /** The path a match starts, without its leading delimiter, extended to the end of the path. */
    private static String pathToken(String text, int start, int end) {
        int from = start;
        while (from < end && !isPathChar(text.charAt(from)) && text.charAt(from) != '\\') {
            from++;
        }
        int to = end;
        while (to < text.length() && to - from < MAX_PATH_TOKEN && isPathChar(text.charAt(to))) {
            to++;
        }
        return text.substring(from, to);
    }

    private static boolean isPathChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                || c == '/' || c == '.' || c == '_' || c == '-' || c == '@' || c == '+';
    }

    private static String excerpt(String text, int start, int end) {
        int from = Math.max(0, start - 60);
        int to = Math.min(text.length(), Math.min(Math.max(end, start), start + MAX_MATCH_SHOWN) + 120);
        return text.substring(from, to).strip();
    }
}
