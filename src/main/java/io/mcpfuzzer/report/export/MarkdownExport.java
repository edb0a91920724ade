package io.mcpfuzzer.report.export;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.TargetKey;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Markdown export: run table, per-target outcomes, findings table, then one section per finding
 * with evidence and replay data in code blocks. Every server-controlled string goes through
 * {@link MarkdownText}.
 */
final class MarkdownExport {
    private static final int CELL = 200;
    private static final int EVIDENCE = 8_000;

    private MarkdownExport() {}

    static String render(Report report) {
        RunSummary s = report.summary();
        StringBuilder md = new StringBuilder("# MCP Fuzzer Report\n\n## Run\n\n| Field | Value |\n|---|---|\n");
        field(md, "Session", report.sessionId());
        field(md, "Status", s.status() + (s.statusReason() == null ? "" : " (" + s.statusReason() + ")"));
        field(md, "Seed", Long.toString(s.seed()));
        field(md, "Mode / phase", s.mode() + " / " + s.phase());
        field(md, "Transport", s.transport());
        field(md, "Endpoint", s.endpoint());
        field(md, "Protocol version", s.protocolVersion());
        field(md, "Fuzzer version", s.fuzzerVersion());
        field(md, "Started / ended", s.startedAt() + " / " + s.endedAt());
        field(md, "Total runs", Long.toString(s.totalRuns()));
        field(md, "Command line", String.join(" ", s.commandLine()));

        md.append("\n## Outcomes per target\n\n| Kind | Target | Runs | Outcomes |\n|---|---|---:|---|\n");
        for (Map.Entry<String, Map<String, Long>> e : s.perTarget().entrySet()) {
            TargetKey key = TargetKey.parse(e.getKey());
            long total = e.getValue().values().stream().mapToLong(Long::longValue).sum();
            String outcomes = e.getValue().entrySet().stream().map(o -> o.getKey() + " " + o.getValue())
                    .collect(Collectors.joining(", "));
            md.append("| ").append(cell(key.kind())).append(" | ").append(cell(key.target())).append(" | ")
                    .append(total).append(" | ").append(cell(outcomes)).append(" |\n");
        }

        md.append("\n## Findings: ").append(report.findings().size()).append("\n\n");
        if (report.findings().isEmpty()) {
            md.append("No findings.\n");
        } else {
            md.append("| Severity | Category | Kind | Target | Count | Detail | ID |\n|---|---|---|---|---:|---|---|\n");
            for (Finding f : report.findings()) {
                md.append("| ").append(cell(f.severity().wire())).append(" | ").append(cell(f.category()))
                        .append(" | ").append(cell(f.kind())).append(" | ").append(cell(f.target())).append(" | ")
                        .append(f.count()).append(" | ").append(cell(f.detail())).append(" | ").append(cell(f.id()))
                        .append(" |\n");
            }
            for (Finding f : report.findings()) {
                md.append("\n### ").append(cell(f.severity().wire() + " " + f.category() + " on " + f.kind() + " "
                        + f.target())).append("\n\n");
                md.append("- ID: ").append(cell(f.id())).append('\n');
                if (f.checkId() != null) {
                    md.append("- Check: ").append(cell(f.checkId())).append('\n');
                }
                if (f.owasp() != null) {
                    md.append("- OWASP: ").append(cell(f.owasp())).append('\n');
                }
                md.append("- Runs: ").append(cell(f.runs().toString())).append('\n');
                md.append("- Detail: ").append(cell(f.detail())).append("\n\nEvidence:\n\n");
                md.append(MarkdownText.codeBlock(ReportNodes.excerpt(ReportNodes.evidence(f), EVIDENCE), "json"));
                md.append("\nReplay:\n\n");
                md.append(MarkdownText.codeBlock(ReportNodes.excerpt(ReportNodes.replay(f, report), EVIDENCE), "json"));
            }
        }
        if (!s.warnings().isEmpty()) {
            md.append("\n## Warnings\n\n");
            s.warnings().forEach(w -> md.append("- ").append(cell(w)).append('\n'));
        }
        return md.toString();
    }

    private static void field(StringBuilder md, String name, String value) {
        md.append("| ").append(name).append(" | ").append(cell(value == null ? "" : value)).append(" |\n");
    }

    private static String cell(String text) {
        return MarkdownText.inline(text, CELL);
    }
}
