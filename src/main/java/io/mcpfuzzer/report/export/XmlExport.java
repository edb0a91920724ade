package io.mcpfuzzer.report.export;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.TargetKey;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * XML export ({@code <mcp-fuzzer-report format-version="1">}): run info, summary with per-target
 * outcome counts, and every finding with its evidence and replay data as JSON text. Always
 * well-formed XML 1.0 (see {@link XmlOut}).
 */
final class XmlExport {
    private XmlExport() {}

    static String render(Report report) {
        RunSummary s = report.summary();
        XmlOut xml = new XmlOut();
        xml.start("mcp-fuzzer-report", "format-version", "1");
        xml.start("run-info");
        xml.text("session-id", report.sessionId()).text("seed", Long.toString(s.seed())).text("status", s.status())
                .text("status-reason", s.statusReason()).text("mode", s.mode()).text("phase", s.phase())
                .text("transport", s.transport()).text("endpoint", s.endpoint())
                .text("protocol-version", s.protocolVersion()).text("fuzzer-version", s.fuzzerVersion())
                .text("started-at", s.startedAt()).text("ended-at", s.endedAt());
        xml.start("command-line");
        s.commandLine().forEach(arg -> xml.text("arg", arg));
        xml.end().end();

        xml.start("summary", "total-runs", Long.toString(s.totalRuns()));
        xml.text("server-info", ReportJson.line(ReportNodes.value(s.serverInfo())));
        xml.start("per-target");
        for (Map.Entry<String, Map<String, Long>> e : s.perTarget().entrySet()) {
            TargetKey key = TargetKey.parse(e.getKey());
            long total = e.getValue().values().stream().mapToLong(Long::longValue).sum();
            xml.start("target", "kind", key.kind(), "name", key.target(), "runs", Long.toString(total));
            e.getValue().forEach((outcome, count) -> xml.empty("outcome", "name", outcome, "count", count.toString()));
            xml.end();
        }
        xml.end();
        counts(xml, "findings-by-category", "category", s.findingsByCategory());
        counts(xml, "findings-by-severity", "severity", s.findingsBySeverity());
        xml.start("containment");
        s.containment().forEach((k, v) -> xml.text("control", ReportJson.line(ReportNodes.value(v)), "name", k));
        xml.end();
        xml.start("warnings");
        s.warnings().forEach(w -> xml.text("warning", w));
        xml.end().end();

        xml.start("findings", "count", Integer.toString(report.findings().size()));
        for (Finding f : report.findings()) {
            xml.start("finding", "id", f.id(), "category", f.category(), "severity", f.severity().wire(),
                    "kind", f.kind(), "count", Integer.toString(f.count()),
                    "run", f.run() == null ? null : f.run().toString(), "check-id", f.checkId(), "owasp", f.owasp());
            xml.text("target", f.target()).text("detail", f.detail()).text("signature", f.signature())
                    .text("runs", f.runs().stream().map(String::valueOf).collect(Collectors.joining(" ")))
                    .text("evidence", ReportJson.line(ReportNodes.evidence(f)))
                    .text("replay", ReportJson.line(ReportNodes.replay(f, report)));
            xml.end();
        }
        xml.end();
        xml.end();
        return xml.finish();
    }

    private static void counts(XmlOut xml, String wrapper, String item, Map<String, Long> counts) {
        xml.start(wrapper);
        counts.forEach((k, v) -> xml.empty(item, "name", k, "count", String.valueOf(v)));
        xml.end();
    }
}
