package io.mcpfuzzer.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises information leaks in server answers and error messages: stack traces (Java, Python,
 * Node, Go, Rust, .NET), absolute file paths of the server's machine, SQL engine errors.
 * Stateless and thread-safe; every pattern is linear-time and inputs are cut to {@link #MAX_SCAN}.
 */
public final class LeakPatterns {
    /** Characters scanned per text. */
    public static final int MAX_SCAN = 200_000;

    private record Rule(String name, Pattern pattern) {}

    private static final List<Rule> RULES = List.of(
            new Rule("java_stack_trace", Pattern.compile("\\n?\\s*at [\\w$.]+\\([\\w$]+\\.(java|kt|scala):\\d+\\)")),
            new Rule("python_traceback", Pattern.compile("Traceback \\(most recent call last\\)|File \"[^\"\\n]{1,300}\", line \\d+")),
            new Rule("node_stack_trace", Pattern.compile("\\n\\s+at (?:[\\w$.<>]+ )?\\(?(?:/|file:|node:)[^)\\n]{1,300}:\\d+:\\d+\\)?")),
            new Rule("go_panic", Pattern.compile("goroutine \\d+ \\[running\\]|panic: .{0,200}\\n")),
            new Rule("rust_panic", Pattern.compile("thread '[^'\\n]{1,100}' panicked at")),
            new Rule("dotnet_stack_trace", Pattern.compile("\\s+at [\\w.]+\\(.*\\) in .{1,300}:line \\d+")),
            new Rule("sql_error", Pattern.compile("(?i)SQLException|syntax error (?:at or )?near|SQLSTATE\\[|ORA-\\d{5}|"
                    + "You have an error in your SQL syntax|sqlite3?\\.OperationalError|unterminated quoted string|"
                    + "psycopg2?\\.|PG::SyntaxError")),
            new Rule("file_path", Pattern.compile("(?:^|[\\s\"'(=])(?:/(?:home|root|srv|opt|var|usr|etc|tmp|app|Users)/[\\w.@+-]+"
                    + "(?:/[\\w.@+-]+)+|[A-Za-z]:\\\\(?:[\\w.$ -]+\\\\)+[\\w.$ -]+)")));

    private LeakPatterns() {}

    /** One detected leak. */
    public record Leak(String type, String excerpt) {}

    /** Every kind of leak found in {@code text} (each type at most once), with a short excerpt. */
    public static List<Leak> find(String text) {
        List<Leak> leaks = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return leaks;
        }
        String scan = text.length() > MAX_SCAN ? text.substring(0, MAX_SCAN) : text;
        for (Rule rule : RULES) {
            Matcher m = rule.pattern().matcher(scan);
            if (m.find()) {
                leaks.add(new Leak(rule.name(), excerpt(scan, m.start(), m.end())));
            }
        }
        return leaks;
    }

    private static String excerpt(String text, int start, int end) {
        int from = Math.max(0, start - 60);
        int to = Math.min(text.length(), Math.max(end, start) + 120);
        return text.substring(from, to).strip();
    }
}
