package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.export.ExportFormat;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The end of a run in two forms: the JSON document of {@code --format json} (stdout) and the
 * one-line verdict of {@code --quiet}. Both are built from the redacted report model, so they
 * carry nothing the reports do not. Stateless.
 *
 * <p>JSON keys: {@code status}, {@code status_reason}, {@code exit_code}, {@code seed},
 * {@code transport}, {@code endpoint}, {@code total_runs}, {@code findings} ({@code total},
 * {@code by_severity} with every severity, {@code items}: id, severity, category, kind, target,
 * count), {@code reports} ({@code directory}, {@code findings_json}, {@code run_summary_json},
 * {@code exports}: format to absolute path).
 */
final class RunVerdict {
    private RunVerdict() {}

    static ObjectNode json(Report report, Path outputDir, Map<ExportFormat, Path> exports, int exitCode) {
        RunSummary s = report.summary();
        ObjectNode root = Json.object();
        root.put("status", s.status());
        root.put("status_reason", s.statusReason());
        root.put("exit_code", exitCode);
        root.put("seed", s.seed());
        root.put("transport", s.transport());
        root.put("endpoint", s.endpoint());
        root.put("total_runs", s.totalRuns());
        ObjectNode findings = root.putObject("findings");
        findings.put("total", report.findings().size());
        ObjectNode bySeverity = findings.putObject("by_severity");
        Map<Severity, Long> counts = counts(report);
        for (int i = Severity.values().length - 1; i >= 0; i--) {
            Severity sev = Severity.values()[i];
            bySeverity.put(sev.wire(), counts.getOrDefault(sev, 0L));
        }
        ArrayNode items = findings.putArray("items");
        for (Finding f : report.findings()) {
            ObjectNode item = items.addObject();
            item.put("id", f.id());
            item.put("severity", f.severity().wire());
            item.put("category", f.category());
            item.put("kind", f.kind());
            item.put("target", f.target());
            item.put("count", f.count());
        }
        Path dir = outputDir.toAbsolutePath().normalize();
        ObjectNode reports = root.putObject("reports");
        reports.put("directory", dir.toString());
        reports.put("findings_json", dir.resolve("findings.json").toString());
        reports.put("run_summary_json", dir.resolve("run_summary.json").toString());
        ObjectNode ex = reports.putObject("exports");
        exports.forEach((format, file) -> ex.put(format.name().toLowerCase(Locale.ROOT), file.toString()));
        return root;
    }

    /** E.g. {@code mcp-fuzzer: completed, 3 findings (1 high, 2 medium), exit 3; reports in /x/reports}. */
    static String line(Report report, Path outputDir, int exitCode) {
        Map<Severity, Long> counts = counts(report);
        StringBuilder b = new StringBuilder(CommandBuilder.NAME + ": ")
                .append(io.mcpfuzzer.report.text.TerminalText.safe(report.summary().status(), 30)).append(", ")
                .append(report.findings().size()).append(report.findings().size() == 1 ? " finding" : " findings");
        if (!counts.isEmpty()) {
            StringBuilder parts = new StringBuilder();
            for (int i = Severity.values().length - 1; i >= 0; i--) {
                Long n = counts.get(Severity.values()[i]);
                if (n != null) {
                    parts.append(parts.length() == 0 ? "" : ", ").append(n).append(' ').append(Severity.values()[i].wire());
                }
            }
            b.append(" (").append(parts).append(')');
        }
        return b.append(", exit ").append(exitCode).append("; reports in ")
                .append(outputDir.toAbsolutePath().normalize()).toString();
    }

    private static Map<Severity, Long> counts(Report report) {
        Map<Severity, Long> counts = new EnumMap<>(Severity.class);
        report.findings().forEach(f -> counts.merge(f.severity(), 1L, Long::sum));
        return counts;
    }
}
