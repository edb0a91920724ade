package io.mcpfuzzer.report.text;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.TargetKey;
import io.mcpfuzzer.report.Redactor;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The final summary printed after a run: status and provenance, runs per target with their
 * outcomes (ordered by {@link TargetOrder}: targets with crashes, hangs or findings first; all
 * {@code frame:} targets grouped into one last line), findings by severity, the top root causes
 * ({@link RootCauses}: most severe, then covering the most targets), then the most severe findings, details on one line ({@link #oneLine}). The caller prints {@link #nextStep} last. Every server-controlled string
 * passes through {@link TerminalText}, and the summary and findings are redacted first. Colour
 * is plain ANSI SGR and only when asked (the caller decides from NO_COLOR and TTY detection).
 * Lines end with {@code \n}. Stateless and thread-safe.
 */
public final class ConsoleSummary {
    /** Most findings listed individually; the rest are counted. */
    public static final int MAX_FINDINGS = 25;
    /** Most targets listed individually. */
    public static final int MAX_TARGETS = 50;
    private static final Set<String> BAD_OUTCOMES = Set.of("crash", "hang", "timeout", "oversized_response",
            "protocol_violation", "transport_error", "no_answer");

    /** Shown in place of a line break in one-line details. */
    public static final String NEWLINE = "\u23CE";

    private ConsoleSummary() {}

    public static String render(RunSummary summary, List<Finding> findings, boolean color) {
        return render(summary, findings, color, Redactor.standard());
    }

    /** As {@link #render(RunSummary, List, boolean)}, redacting with {@code redactor} (the user's secrets). */
    public static String render(RunSummary summary, List<Finding> findings, boolean color, Redactor redactor) {
        Report report = Report.of(null, summary, findings, redactor);
        RunSummary s = report.summary();
        Ansi ansi = new Ansi(color);
        StringBuilder out = new StringBuilder();
        out.append(ansi.bold("=== MCP Fuzzer Summary ===")).append('\n');
        String status = "completed".equals(s.status()) ? ansi.green(s.status()) : ansi.red(TerminalText.safe(s.status(), 30).toUpperCase(java.util.Locale.ROOT));
        out.append("Status:    ").append(status);
        if (s.statusReason() != null) {
            // the first line only: the full reason (evidence, hint) is printed once, on stderr
            out.append(" - ").append(TerminalText.safe(s.statusReason().lines().findFirst().orElse(""), 200));
        }
        out.append('\n');
        out.append("Seed:      ").append(s.seed()).append("  (reproduce with --seed ").append(s.seed()).append(")\n");
        out.append("Target:    ").append(TerminalText.safe(s.transport(), 20)).append(' ')
                .append(TerminalText.safe(s.endpoint(), 160)).append('\n');
        if (s.protocolVersion() != null) {
            out.append("Protocol:  ").append(TerminalText.safe(s.protocolVersion(), 40)).append('\n');
        }
        out.append("Mode:      ").append(TerminalText.safe(s.mode(), 20)).append(", phase ")
                .append(TerminalText.safe(s.phase(), 20)).append('\n');
        out.append("Runs:      ").append(s.totalRuns()).append(" over ").append(s.perTarget().size())
                .append(" target(s)\n");

        long crashes = report.findings().stream().filter(f -> f.category().equals("crash")).count();
        if (crashes > 0) {
            out.append(ansi.red("CRASHES: " + crashes + " crash bucket(s); reproductions in crashes/")).append('\n');
        }
        if (!s.perTarget().isEmpty()) {
            out.append('\n').append(ansi.bold("Runs per target:")).append('\n');
            Map<String, Map<String, Long>> ordered = TargetOrder.order(s.perTarget(), report.findings());
            int width = Math.min(40, ordered.keySet().stream().filter(k -> !TargetOrder.isFrame(k))
                    .mapToInt(k -> TerminalText.safe(k, 40).codePointCount(0, TerminalText.safe(k, 40).length()))
                    .max().orElse(10));
            int shown = 0;
            int rows = (int) ordered.keySet().stream().filter(k -> !TargetOrder.isFrame(k)).count();
            int limit = rows > MAX_TARGETS ? MAX_TARGETS - 1 : MAX_TARGETS;
            Map<String, Long> frames = new java.util.LinkedHashMap<>();
            int frameTargets = 0;
            for (Map.Entry<String, Map<String, Long>> e : ordered.entrySet()) {
                if (TargetOrder.isFrame(e.getKey())) {
                    frameTargets++;
                    e.getValue().forEach((k, v) -> frames.merge(k, v, Long::sum));
                    continue;
                }
                if (shown == limit) {
                    continue;
                }
                shown++;
                String name = TerminalText.safe(TargetKey.parse(e.getKey()).toString(), 40);
                targetLine(out, ansi, pad(name, width), e.getValue());
            }
            if (rows > limit) {
                out.append("  ... ").append(rows - limit).append(" more target(s) (see run_summary.json)\n");
            }
            if (frameTargets > 0) {
                targetLine(out, ansi, pad("frames (" + frameTargets + " kinds)", width), TargetOrder.outcomes(frames));
            }
        }
        out.append('\n').append(ansi.bold("Findings: " + report.findings().size())).append('\n');
        if (!report.findings().isEmpty()) {
            Map<Severity, Long> bySeverity = new EnumMap<>(Severity.class);
            report.findings().forEach(f -> bySeverity.merge(f.severity(), 1L, Long::sum));
            out.append("  ");
            for (int i = Severity.values().length - 1; i >= 0; i--) {
                Severity sev = Severity.values()[i];
                out.append(ansi.severity(sev, sev.wire() + " " + bySeverity.getOrDefault(sev, 0L)));
                out.append(i > 0 ? ", " : "\n");
            }
            out.append(ansi.bold("Top root causes:")).append('\n');
            for (Finding f : RootCauses.top(report.findings(), RootCauses.MAX_SHOWN)) {
                long covers = RootCauses.covers(f);
                out.append("  ").append(ansi.severity(f.severity(), pad(f.severity().wire(), 8))).append(' ')
                        .append(pad(TerminalText.safe(f.category(), 28), 28)).append(' ')
                        .append(covers > 1 ? covers + " targets, e.g. " : "")
                        .append(TerminalText.safe(f.kind() + ":" + f.target(), 40))
                        .append(f.count() > 1 ? " x" + f.count() : "").append("  ")
                        .append(oneLine(f.detail(), 100)).append('\n');
            }
            out.append(ansi.bold("All findings:")).append('\n');
            int listed = 0;
            for (Finding f : report.findings()) {
                if (listed++ == MAX_FINDINGS) {
                    out.append("  ... ").append(report.findings().size() - MAX_FINDINGS)
                            .append(" more (see findings.json)\n");
                    break;
                }
                out.append("  ").append(ansi.severity(f.severity(), pad(f.severity().wire(), 8))).append(' ')
                        .append(pad(TerminalText.safe(f.category(), 28), 28)).append(' ')
                        .append(TerminalText.safe(f.kind() + ":" + f.target(), 40))
                        .append(f.count() > 1 ? " x" + f.count() : "").append("  ")
                        .append(oneLine(f.detail(), 100)).append("  [").append(f.id()).append("]\n");
            }
        }
        if (!s.warnings().isEmpty()) {
            out.append('\n').append(ansi.bold("Warnings:")).append('\n');
            s.warnings().stream().limit(20).forEach(w -> out.append("  ").append(oneLine(w, 300)).append('\n'));
        }
        return out.toString();
    }

    private static void targetLine(StringBuilder out, Ansi ansi, String name, Map<String, Long> counts) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        String outcomes = counts.entrySet().stream()
                .filter(o -> o.getValue() > 0)
                .map(o -> {
                    String text = TerminalText.safe(o.getKey(), 30) + " " + o.getValue();
                    return BAD_OUTCOMES.contains(o.getKey()) ? ansi.red(text) : text;
                })
                .collect(Collectors.joining(", "));
        out.append("  ").append(name).append("  ").append(String.format(java.util.Locale.ROOT, "%6d", total))
                .append(" runs  ").append(outcomes).append('\n');
    }

    /**
     * Untrusted text as one readable terminal line of at most {@code max} code points: each line
     * break (CRLF, LF, CR) becomes a visible {@code " \u23CE "}, runs of blank lines collapse, and
     * the rest passes through {@link TerminalText#safe(String, int)}.
     */
    public static String oneLine(String text, int max) {
        if (text == null) {
            return "";
        }
        String joined = String.join(" " + NEWLINE + " ", text.strip().split("(\\r\\n|\\n|\\r)+\\s*"));
        return TerminalText.safe(joined, max);
    }

    /**
     * The one suggested next step, printed last: replay the most severe finding (findings sorted
     * by {@link Report#ORDER}), else open the HTML export, else look at the reports. {@code html}
     * may be null; {@code reportsDir} must not be.
     */
    public static String nextStep(List<Finding> findings, java.nio.file.Path reportsDir, java.nio.file.Path html) {
        return nextStep(findings, reportsDir, html, "completed");
    }

    /**
     * As {@link #nextStep(List, java.nio.file.Path, java.nio.file.Path)}; a run that was {@code blocked} without a
     * finding points at its start instead (more inputs change nothing when the target never ran).
     */
    public static String nextStep(List<Finding> findings, java.nio.file.Path reportsDir, java.nio.file.Path html,
            String status) {
        if (findings.isEmpty() && "blocked".equals(status)) {
            return "next: make the target start (the reason is above); the reports are in "
                    + shellWord(reportsDir.toString());
        }
        String dir = shellWord(reportsDir.toString());
        if (!findings.isEmpty()) {
            Finding top = findings.stream().min(Report.ORDER).orElseThrow();
            return "next: mcp-fuzzer replay " + dir + " --finding " + shellWord(top.id()) + "   ("
                    + top.severity().wire() + " " + TerminalText.safe(top.category(), 40) + " on "
                    + TerminalText.safe(top.kind() + ":" + top.target(), 60) + ")";
        }
        if (html != null) {
            return "next: open " + shellWord(html.toString()) + " in a browser";
        }
        return "next: no findings; try more inputs with --runs or --phase both (details in " + dir + ")";
    }

    private static String shellWord(String text) {
        String safe = TerminalText.safe(text, 400);
        return safe.matches("[A-Za-z0-9_./:@%+=,-]+") ? safe : "'" + safe.replace("'", "'\\''") + "'";
    }

    private static String pad(String text, int width) {
        int length = text.codePointCount(0, text.length());
        return length >= width ? text : text + " ".repeat(width - length);
    }

    /** ANSI SGR colouring, or none. */
    private record Ansi(boolean on) {
        String bold(String s) {
            return wrap("1", s);
        }

        String red(String s) {
            return wrap("31", s);
        }

        String green(String s) {
            return wrap("32", s);
        }

        String severity(Severity sev, String s) {
            return switch (sev) {
                case CRITICAL -> wrap("1;31", s);
                case HIGH -> wrap("31", s);
                case MEDIUM -> wrap("33", s);
                case LOW -> wrap("36", s);
                case INFO -> s;
            };
        }

        private String wrap(String code, String s) {
            return on ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
        }
    }
}
