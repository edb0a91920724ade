package io.mcpfuzzer.report.export;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.TargetKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JUnit XML for CI: one {@code <testcase>} per target seen in the per-target buckets (and per
 * target of any other finding), classname {@code mcp-fuzzer.<kind>}, name = target, with one
 * {@code <failure>} per finding at or above the fail-on severity; findings below it are listed in
 * {@code <system-out>}. A run that did not complete adds an {@code mcp-fuzzer.run/status} testcase
 * with an {@code <error>}. Properties carry the seed, session, endpoint, transport and threshold.
 */
final class JunitExport {
    private JunitExport() {}

    static String render(Report report, Severity failOn) {
        RunSummary s = report.summary();
        Map<String, List<Finding>> cases = new LinkedHashMap<>();
        s.perTarget().keySet().forEach(k -> cases.put(TargetKey.parse(k).toString(), new ArrayList<>()));
        for (Finding f : report.findings()) {
            cases.computeIfAbsent(TargetKey.of(f.kind(), f.target()), k -> new ArrayList<>()).add(f);
        }
        boolean incomplete = !"completed".equals(s.status());
        int failures = 0;
        for (List<Finding> list : cases.values()) {
            failures += (int) list.stream().filter(f -> f.severity().atLeast(failOn)).count();
        }
        String tests = Integer.toString(cases.size() + (incomplete ? 1 : 0));
        String failureCount = Integer.toString(failures);
        String errors = incomplete ? "1" : "0";

        XmlOut xml = new XmlOut(true); // CI pages display these strings
        xml.start("testsuites", "name", "mcp-fuzzer", "tests", tests, "failures", failureCount, "errors", errors);
        xml.start("testsuite", "name", "mcp-fuzzer", "tests", tests, "failures", failureCount, "errors", errors,
                "skipped", "0", "timestamp", localTimestamp(s.startedAt()), "time", "0");
        xml.start("properties");
        property(xml, "seed", Long.toString(s.seed()));
        property(xml, "session_id", report.sessionId());
        property(xml, "status", s.status());
        property(xml, "endpoint", s.endpoint());
        property(xml, "transport", s.transport());
        property(xml, "protocol_version", s.protocolVersion());
        property(xml, "fuzzer_version", s.fuzzerVersion());
        property(xml, "fail_on", failOn.wire());
        xml.end();
        if (incomplete) {
            xml.start("testcase", "classname", "mcp-fuzzer.run", "name", "status", "time", "0");
            xml.text("error", "run " + s.status() + (s.statusReason() == null ? "" : ": " + s.statusReason()),
                    "type", s.status(), "message", s.status());
            xml.end();
        }
        for (Map.Entry<String, List<Finding>> e : cases.entrySet()) {
            TargetKey key = TargetKey.parse(e.getKey());
            xml.start("testcase", "classname", "mcp-fuzzer." + key.kind(), "name", key.target(), "time", "0");
            StringBuilder below = new StringBuilder();
            for (Finding f : e.getValue()) {
                if (f.severity().atLeast(failOn)) {
                    xml.text("failure", body(f, report), "type", f.category(),
                            "message", "[" + f.severity().wire() + "] " + f.category() + ": " + XmlText.cut(f.detail(), 500));
                } else {
                    below.append('[').append(f.severity().wire()).append("] ").append(f.category()).append(": ")
                            .append(f.detail()).append(" (id ").append(f.id()).append(")\n");
                }
            }
            if (!below.isEmpty()) {
                xml.text("system-out", below.toString());
            }
            xml.end();
        }
        xml.end().end();
        return xml.finish();
    }

    private static String body(Finding f, Report report) {
        return "id: " + f.id() + "\nseverity: " + f.severity().wire() + "\ncount: " + f.count()
                + (f.checkId() == null ? "" : "\ncheck_id: " + f.checkId())
                + (f.owasp() == null ? "" : "\nowasp: " + f.owasp())
                + "\ndetail: " + f.detail()
                + "\nevidence: " + XmlText.cut(ReportJson.line(ReportNodes.evidence(f)), 20_000)
                + "\nreplay: " + XmlText.cut(ReportJson.line(ReportNodes.replay(f, report)), 20_000) + "\n";
    }

    /** The JUnit schema's timestamp has no zone: keep {@code yyyy-MM-ddTHH:mm:ss} (UTC), or omit. */
    private static String localTimestamp(String iso) {
        return iso != null && iso.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}.*") ? iso.substring(0, 19) : null;
    }

    private static void property(XmlOut xml, String name, String value) {
        xml.empty("property", "name", name, "value", value == null ? "" : value);
    }
}
