package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.ProgressSink;
import io.mcpfuzzer.config.ColorMode;
import io.mcpfuzzer.config.OutputFormat;
import io.mcpfuzzer.config.Settings;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The console of one invocation: where human results and diagnostics go, where machine-readable
 * output goes, whether colour may be used, and the live progress display. Logs never go to stdout.
 * Thread-safe (PrintStreams are).
 *
 * <p>With {@code --format json}, {@link #out} is stderr and only the JSON document goes to
 * {@link #data} (stdout). With {@code --quiet}, {@link #out} discards everything, {@link #err}
 * drops {@code warning:} lines, and only {@link #verdict} and errors are printed.
 *
 * @param out      human results (summary tables)
 * @param err      diagnostics and the progress line
 * @param color    true when ANSI colours may be written
 * @param progress live progress display, or {@link ProgressSink#NONE}
 * @param data     the real stdout: the JSON document with {@code --format json}
 * @param quiet    {@code --quiet}: print the one-line verdict
 * @param format   what stdout carries
 */
public record ConsoleIO(PrintStream out, PrintStream err, boolean color, ProgressSink progress, PrintStream data,
        boolean quiet, OutputFormat format) {
    private static final Set<String> TRUE = Set.of("1", "true", "yes", "on");

    /** A text console: results on {@code out}, not quiet. */
    public ConsoleIO(PrintStream out, PrintStream err, boolean color, ProgressSink progress) {
        this(out, err, color, progress, out, false, OutputFormat.TEXT);
    }

    /**
     * Decides streams, colour and progress for a run.
     *
     * @param terminal true when the console is an interactive terminal ({@code System.console() != null})
     */
    public static ConsoleIO create(PrintStream out, PrintStream err, Settings.Logging logging,
            Map<String, String> env, boolean terminal) {
        boolean color = color(logging, env, terminal);
        boolean quiet = logging.quiet();
        boolean json = logging.format() == OutputFormat.JSON;
        boolean progress = terminal && !logging.noProgress() && !isCi(env) && !quiet;
        PrintStream human = quiet ? new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8)
                : json ? err : out;
        PrintStream diagnostics = quiet ? QuietErr.wrap(err) : err;
        return new ConsoleIO(human, diagnostics, color,
                progress ? new ConsoleProgress(diagnostics, System::nanoTime) : ProgressSink.NONE, out, quiet,
                logging.format());
    }

    /** True for {@code --format json}. */
    public boolean json() {
        return format == OutputFormat.JSON;
    }

    /** Prints the final one-line verdict when quiet (on stdout, or stderr when stdout carries JSON). */
    public void verdict(String line) {
        if (quiet) {
            (json() ? err : data).println(line);
        }
    }

    /**
     * Colour: never with NO_COLOR (set, not empty), {@code --no-color} or {@code --color never};
     * always with {@code --color always}; otherwise only on a terminal.
     */
    static boolean color(Settings.Logging logging, Map<String, String> env, boolean terminal) {
        if (logging.noColor() || noColorEnv(env) || logging.color() == ColorMode.NEVER) {
            return false;
        }
        return logging.color() == ColorMode.ALWAYS || terminal;
    }

    /** NO_COLOR (https://no-color.org): present and not empty disables colour. */
    static boolean noColorEnv(Map<String, String> env) {
        String v = env.get("NO_COLOR");
        return v != null && !v.isEmpty();
    }

    /** CI=true (or 1/yes/on), as set by GitHub Actions, GitLab CI and most others. */
    static boolean isCi(Map<String, String> env) {
        String v = env.get("CI");
        return v != null && TRUE.contains(v.trim().toLowerCase(Locale.ROOT));
    }
}
