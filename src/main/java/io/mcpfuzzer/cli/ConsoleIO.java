package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.ProgressSink;
import io.mcpfuzzer.config.Settings;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The console of one invocation: where results (stdout) and diagnostics (stderr) go, whether
 * colour may be used, and the live progress display. Results are written to {@link #out()} only;
 * logs never go to stdout. Thread-safe (PrintStreams are).
 *
 * @param out      results (summary tables, completion script)
 * @param err      diagnostics and the progress line
 * @param color    true when ANSI colours may be written to stdout
 * @param progress live progress display, or {@link ProgressSink#NONE}
 */
public record ConsoleIO(PrintStream out, PrintStream err, boolean color, ProgressSink progress) {
    private static final Set<String> TRUE = Set.of("1", "true", "yes", "on");

    /**
     * Decides colour and progress for a run.
     *
     * @param terminal true when the console is an interactive terminal ({@code System.console() != null})
     */
    public static ConsoleIO create(PrintStream out, PrintStream err, Settings.Logging logging,
            Map<String, String> env, boolean terminal) {
        boolean color = terminal && !logging.noColor() && !noColorEnv(env);
        boolean progress = terminal && !logging.noProgress() && !isCi(env);
        return new ConsoleIO(out, err, color,
                progress ? new ConsoleProgress(err, System::nanoTime) : ProgressSink.NONE);
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
