package io.mcpfuzzer.report.export;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.TargetKey;
import io.mcpfuzzer.report.text.TargetOrder;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One self-contained HTML file: no script, no external resources (a Content-Security-Policy meta
 * tag forbids both), inline CSS and an inline SVG chart. Also well-formed XML (XHTML syntax), so
 * tools and tests can parse it. Order: severity counts, findings (most severe first, each with its
 * reproduction: request line and shell command, and the minimal ones when shrunk), outcomes per
 * target (ordered by {@link TargetOrder}), the coverage pass per tool ({@link CoverageRows}), run details, server and containment as key/value tables. Rendered by mustache.java from
 * {@code io/mcpfuzzer/report/html/report.mustache}; every value uses default (HTML-escaping)
 * interpolation except the chart, which {@link SvgBarChart} builds with escaped labels. All
 * strings are first cleaned by {@link XmlText#visible}. Thread-safe (the compiled template is shared).
 */
final class HtmlExport {
    private static final String TEMPLATE = "io/mcpfuzzer/report/html/report.mustache";
    private static final int EVIDENCE = 16_000;
    private static final Mustache MUSTACHE = compile();

    private HtmlExport() {}

    static String render(Report report) {
        StringWriter out = new StringWriter();
        MUSTACHE.execute(out, model(report));
        return out.toString();
    }

    private static Map<String, Object> model(Report report) {
        RunSummary s = report.summary();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sessionId", c(report.sessionId()));
        m.put("status", c(s.status()));
        m.put("statusClass", s.status().replaceAll("[^a-z]", ""));
        m.put("statusReason", s.statusReason() == null ? null : c(s.statusReason()));
        m.put("seed", s.seed());
        m.put("totalRuns", s.totalRuns());
        m.put("fuzzerVersion", c(s.fuzzerVersion()));
        m.put("findingCount", report.findings().size());
        m.put("severityCounts", severityCounts(report.findings()));
        List<Map<String, String>> rows = new ArrayList<>();
        row(rows, "Session", report.sessionId());
        row(rows, "Seed", Long.toString(s.seed()));
        row(rows, "Mode / phase", s.mode() + " / " + s.phase());
        row(rows, "Transport", s.transport());
        row(rows, "Endpoint", s.endpoint());
        row(rows, "Protocol version", s.protocolVersion());
        row(rows, "Fuzzer version", s.fuzzerVersion());
        row(rows, "Started", s.startedAt());
        row(rows, "Ended", s.endedAt());
        row(rows, "Command line", String.join(" ", s.commandLine()));
        m.put("summaryRows", rows);
        List<Map<String, String>> server = KeyValueRows.of(s.serverInfo());
        m.put("hasServer", !server.isEmpty());
        m.put("serverRows", server);
        List<Map<String, String>> containment = KeyValueRows.of(s.containment());
        m.put("hasContainment", !containment.isEmpty());
        m.put("containmentRows", containment);

        List<Map<String, Object>> targets = new ArrayList<>();
        TargetOrder.order(s.perTarget(), report.findings()).forEach((key, outcomes) -> {
            TargetKey t = TargetKey.parse(key);
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("kind", c(t.kind()));
            row.put("target", c(t.target()));
            row.put("runs", outcomes.values().stream().mapToLong(Long::longValue).sum());
            List<Map<String, Object>> cells = new ArrayList<>();
            outcomes.forEach((name, count) -> cells.add(Map.of("name", c(name),
                    "cls", name.toLowerCase(Locale.ROOT).replaceAll("[^a-z_]", ""), "count", count)));
            row.put("outcomes", cells);
            targets.add(row);
        });
        m.put("hasTargets", !targets.isEmpty());
        m.put("targets", targets);
        m.put("chart", targets.isEmpty() ? "" : SvgBarChart.render(s.perTarget()));
        List<Map<String, Object>> coverage = CoverageRows.of(s);
        m.put("hasCoverage", !coverage.isEmpty());
        m.put("coverage", coverage);

        List<Map<String, Object>> findings = new ArrayList<>();
        for (Finding f : report.findings().stream().sorted(Report.ORDER).toList()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", c(f.id()));
            row.put("severity", f.severity().wire());
            row.put("category", c(f.category()));
            row.put("kind", c(f.kind()));
            row.put("target", c(f.target()));
            row.put("count", f.count());
            row.put("runs", f.runs().toString());
            row.put("detail", c(f.detail()));
            row.put("checkId", f.checkId() == null ? null : c(f.checkId()));
            row.put("owasp", f.owasp() == null ? null : c(f.owasp()));
            row.put("strategy", f.strategy() == null ? null : c(f.strategy()));
            row.put("evidence", c(ReportNodes.excerpt(ReportNodes.evidence(f), EVIDENCE)));
            ObjectNode replay = ReportNodes.replay(f, report);
            row.put("replay", c(ReportNodes.excerpt(replay, EVIDENCE)));
            List<Map<String, String>> steps = new ArrayList<>();
            step(steps, "Request line (send after initialize)", replay.path("line"));
            step(steps, "Shell", replay.path("shell"));
            if (!replay.path("minimal_line").equals(replay.path("line"))) { // shrinking made it smaller
                step(steps, "Minimal request line", replay.path("minimal_line"));
                step(steps, "Minimal shell", replay.path("minimal_shell"));
            }
            row.put("hasSteps", !steps.isEmpty());
            row.put("steps", steps);
            findings.add(row);
        }
        m.put("hasFindings", !findings.isEmpty());
        m.put("findings", findings);
        m.put("hasWarnings", !s.warnings().isEmpty());
        m.put("warnings", s.warnings().stream().map(HtmlExport::c).toList());
        return m;
    }

    /** One entry per severity, most severe first, with its count (zero included). */
    private static List<Map<String, Object>> severityCounts(List<Finding> findings) {
        Map<Severity, Long> counts = new EnumMap<>(Severity.class);
        findings.forEach(f -> counts.merge(f.severity(), 1L, Long::sum));
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = Severity.values().length - 1; i >= 0; i--) {
            Severity sev = Severity.values()[i];
            out.add(Map.of("severity", sev.wire(), "count", counts.getOrDefault(sev, 0L)));
        }
        return out;
    }

    private static void step(List<Map<String, String>> steps, String name, JsonNode value) {
        if (value.isString()) {
            String text = value.asString();
            steps.add(Map.of("name", name, "text", c(text.length() <= EVIDENCE ? text : text.substring(0, EVIDENCE) + "...")));
        }
    }

    private static void row(List<Map<String, String>> rows, String name, String value) {
        if (value != null) {
            rows.add(Map.of("name", name, "value", c(value)));
        }
    }

    /** Cleaned of XML-illegal characters and bidi controls; mustache escapes the markup. */
    private static String c(String text) {
        return XmlText.visible(text);
    }

    private static Mustache compile() {
        InputStream in = HtmlExport.class.getClassLoader().getResourceAsStream(TEMPLATE);
        if (in == null) {
            throw new IllegalStateException("missing template " + TEMPLATE);
        }
        try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return new DefaultMustacheFactory().compile(reader, "report");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
