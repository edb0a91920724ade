package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.report.Baseline;
import io.mcpfuzzer.report.Suppressions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * What the team already knows about: the {@code --baseline} findings and the suppressions
 * ({@code --ignore-file}, else {@code .mcp-fuzzer-ignore.yml} in the working directory when present).
 * Marks a run's findings and decides which of them gate the exit code: a suppressed finding never
 * does, and with a baseline only {@code new} findings do. Immutable.
 */
final class FindingTriage {
    private final Baseline baseline;
    private final Suppressions suppressions;

    private FindingTriage(Baseline baseline, Suppressions suppressions) {
        this.baseline = baseline;
        this.suppressions = suppressions;
    }

    /**
     * @param workingDir where the default ignore file is looked up
     * @param today      the day expiry dates are compared with
     * @throws IOException naming the file, when the baseline or ignore file cannot be used
     */
    static FindingTriage load(Settings.Output o, Path workingDir, LocalDate today) throws IOException {
        Baseline baseline = null;
        if (o.baseline() != null) {
            try {
                baseline = Baseline.load(o.baseline());
            } catch (IOException e) {
                throw new IOException("cannot use --baseline " + o.baseline() + ": " + e.getMessage(), e);
            }
        }
        Path ignore = o.ignoreFile();
        if (ignore == null && Files.isRegularFile(workingDir.resolve(Suppressions.DEFAULT_FILE))) {
            ignore = workingDir.resolve(Suppressions.DEFAULT_FILE);
        }
        Suppressions suppressions = Suppressions.none();
        if (ignore != null) {
            try {
                suppressions = Suppressions.load(ignore, today);
            } catch (IOException e) {
                throw new IOException("cannot use the ignore file " + ignore + ": " + e.getMessage(), e);
            }
        }
        return new FindingTriage(baseline, suppressions);
    }

    /** The findings marked with their baseline state and suppression. */
    List<Finding> mark(List<Finding> findings) {
        List<Finding> marked = baseline == null ? findings : baseline.mark(findings);
        return suppressions.mark(marked);
    }

    /** True when the finding may fail the run: not suppressed, and new when there is a baseline. */
    boolean gates(Finding f) {
        return !Suppressions.isSuppressed(f) && (baseline == null || baseline.isNew(f));
    }

    /** Warnings to show and record (expired suppressions). */
    List<String> warnings() {
        return suppressions.warnings();
    }

    /** The {@code baseline} block of run_summary.json, or null without a baseline. */
    Map<String, Object> baselineSummary(List<Finding> findings) {
        return baseline == null ? null : baseline.summary(findings);
    }
}
