package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The one model every artifact and export is rendered from: a session id, the run summary and the
 * findings, already redacted and in a deterministic order (severity descending, then category,
 * kind, target, id). Null collections in the summary are replaced by empty ones. Immutable.
 *
 * @param sessionId the session (also the {@code sessions/<id>} directory name of the run records)
 * @param summary   redacted summary with non-null maps and lists
 * @param findings  redacted, sorted findings
 */
public record Report(String sessionId, RunSummary summary, List<Finding> findings) {
    /** Order in which findings are listed everywhere. */
    public static final Comparator<Finding> ORDER = Comparator
            .comparing(Finding::severity).reversed()
            .thenComparing(Finding::category)
            .thenComparing(Finding::kind)
            .thenComparing(Finding::target)
            .thenComparing(Finding::id);

    public Report {
        Objects.requireNonNull(summary, "summary");
        sessionId = sessionId == null ? "" : sessionId;
        findings = findings == null ? List.of() : List.copyOf(findings);
    }

    /** Builds the model: redacts the summary and every finding, fills nulls, sorts. */
    public static Report of(String sessionId, RunSummary summary, List<Finding> findings, Redactor redactor) {
        RunSummary s = redactor.redact(normalise(summary));
        List<Finding> list = (findings == null ? List.<Finding>of() : findings).stream()
                .filter(Objects::nonNull).map(redactor::redact).sorted(ORDER).toList();
        return new Report(sessionId, s, list);
    }

    private static RunSummary normalise(RunSummary s) {
        Map<String, Map<String, Long>> perTarget = new TreeMap<>();
        if (s.perTarget() != null) {
            s.perTarget().forEach((k, v) -> perTarget.put(k == null ? "" : k, v == null ? Map.of() : new LinkedHashMap<>(v)));
        }
        return new RunSummary(orEmpty(s.status(), "completed"), s.statusReason(), s.seed(), orEmpty(s.mode(), ""),
                orEmpty(s.phase(), ""), orEmpty(s.transport(), ""), orEmpty(s.endpoint(), ""), s.protocolVersion(),
                s.serverInfo() == null ? Map.of() : s.serverInfo(),
                s.commandLine() == null ? List.of() : s.commandLine(), orEmpty(s.fuzzerVersion(), "unknown"),
                s.startedAt(), s.endedAt(), s.totalRuns(), perTarget,
                s.findingsByCategory() == null ? Map.of() : s.findingsByCategory(),
                s.findingsBySeverity() == null ? Map.of() : s.findingsBySeverity(),
                s.containment() == null ? Map.of() : s.containment(),
                s.warnings() == null ? List.of() : s.warnings(), s.fuzzerErrors(), s.toolDiscovery(), s.fuzzedTools(), s.shard());
    }

    private static String orEmpty(String value, String fallback) {
        return value == null ? fallback : value;
    }
}
