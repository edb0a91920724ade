package io.mcpfuzzer.report.export;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.TargetKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * CSV export: one table, one header, three kinds of record told apart by the {@code record}
 * column: one {@code summary} row (count = total runs), one {@code target} row per target
 * (count = runs, detail = outcome counts) and one {@code finding} row per finding (evidence as
 * JSON). The provenance columns (session, seed, status, endpoint, transport) are repeated on every
 * row, so any filtered subset still says where it came from.
 */
final class CsvExport {
    static final List<String> HEADER = List.of("record", "session_id", "seed", "status", "endpoint", "transport",
            "id", "category", "severity", "kind", "target", "run", "count", "runs", "check_id", "owasp", "detail",
            "evidence");

    private CsvExport() {}

    static String render(Report report) {
        RunSummary s = report.summary();
        StringBuilder out = new StringBuilder(Csv.row(HEADER));
        String detail = "mode=" + s.mode() + "; phase=" + s.phase() + "; protocol_version=" + s.protocolVersion()
                + "; fuzzer_version=" + s.fuzzerVersion() + "; started_at=" + s.startedAt() + "; ended_at="
                + s.endedAt() + (s.statusReason() == null ? "" : "; status_reason=" + s.statusReason());
        out.append(Csv.row(row(report, "summary", "", "", "", "", "", "", Long.toString(s.totalRuns()), "", "", "",
                detail, "")));
        for (Map.Entry<String, Map<String, Long>> e : s.perTarget().entrySet()) {
            TargetKey key = TargetKey.parse(e.getKey());
            long total = e.getValue().values().stream().mapToLong(Long::longValue).sum();
            String outcomes = e.getValue().entrySet().stream().map(o -> o.getKey() + "=" + o.getValue())
                    .collect(Collectors.joining("; "));
            out.append(Csv.row(row(report, "target", "", "", "", key.kind(), key.target(), "", Long.toString(total),
                    "", "", "", outcomes, "")));
        }
        for (Finding f : report.findings()) {
            String runs = f.runs().stream().map(String::valueOf).collect(Collectors.joining(" "));
            out.append(Csv.row(row(report, "finding", f.id(), f.category(), f.severity().wire(), f.kind(), f.target(),
                    f.run() == null ? "" : f.run().toString(), Integer.toString(f.count()), runs, f.checkId(),
                    f.owasp(), f.detail(), ReportJson.line(ReportNodes.evidence(f)))));
        }
        return out.toString();
    }

    private static List<String> row(Report report, String record, String... rest) {
        RunSummary s = report.summary();
        List<String> cells = new ArrayList<>(List.of(record, report.sessionId(), Long.toString(s.seed()),
                s.status(), s.endpoint(), s.transport()));
        for (String cell : rest) {
            cells.add(cell);
        }
        return cells;
    }
}
