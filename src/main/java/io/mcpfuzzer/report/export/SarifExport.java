package io.mcpfuzzer.report.export;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.RunSummary;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * SARIF 2.1.0 log (OASIS static analysis results interchange format): one run, tool driver
 * {@code mcp-fuzzer} with one rule per rule id, one result per finding. ruleId is the audit
 * check id when present, else the category; level maps critical/high to {@code error}, medium to
 * {@code warning}, low/info to {@code note}; the location is a logical location for the target;
 * {@code partialFingerprints} carries the finding id so code-scanning services track it across runs.
 */
final class SarifExport {
    static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
    static final String FINGERPRINT_KEY = "mcpFuzzerFindingId/v1";

    private SarifExport() {}

    static String level(Severity severity) {
        return switch (severity) {
            case CRITICAL, HIGH -> "error";
            case MEDIUM -> "warning";
            case LOW, INFO -> "note";
        };
    }

    static String render(Report report) {
        RunSummary s = report.summary();
        ObjectNode log = ReportJson.compact().createObjectNode();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        ObjectNode run = log.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "mcp-fuzzer");
        driver.put("version", s.fuzzerVersion());
        if (s.fuzzerVersion().matches("\\d+\\.\\d+\\.\\d+.*")) {
            driver.put("semanticVersion", s.fuzzerVersion());
        }
        ArrayNode rules = driver.putArray("rules");
        Map<String, Integer> ruleIndex = new LinkedHashMap<>();
        for (Finding f : report.findings()) {
            String id = ruleId(f);
            if (!ruleIndex.containsKey(id)) {
                ruleIndex.put(id, ruleIndex.size());
                ObjectNode rule = rules.addObject();
                rule.put("id", id);
                rule.put("name", f.category());
                rule.putObject("shortDescription").put("text", f.category().replace('_', ' '));
                rule.putObject("defaultConfiguration").put("level", level(f.severity()));
                ObjectNode props = rule.putObject("properties");
                ArrayNode tags = props.putArray("tags").add("security").add(f.category());
                if (f.owasp() != null) {
                    tags.add(f.owasp());
                }
            }
        }
        ObjectNode invocation = run.putArray("invocations").addObject();
        invocation.put("executionSuccessful", "completed".equals(s.status()));
        invocation.put("commandLine", String.join(" ", s.commandLine()));
        putIfPresent(invocation, "startTimeUtc", s.startedAt());
        putIfPresent(invocation, "endTimeUtc", s.endedAt());
        ObjectNode invocationProps = invocation.putObject("properties");
        invocationProps.put("seed", s.seed());
        invocationProps.put("seedString", Long.toString(s.seed()));
        invocationProps.put("status", s.status());
        invocationProps.put("statusReason", s.statusReason());
        run.putObject("automationDetails").put("id", "mcp-fuzzer/" + report.sessionId());
        ObjectNode runProps = run.putObject("properties");
        runProps.set("runInfo", ReportNodes.runInfo(report));

        ArrayNode results = run.putArray("results");
        for (Finding f : report.findings()) {
            ObjectNode result = results.addObject();
            String id = ruleId(f);
            result.put("ruleId", id);
            result.put("ruleIndex", ruleIndex.get(id));
            result.put("level", level(f.severity()));
            result.putObject("message").put("text", message(f));
            ObjectNode logical = result.putArray("locations").addObject().putArray("logicalLocations").addObject();
            logical.put("name", f.target());
            logical.put("fullyQualifiedName", f.kind() + ":" + f.target());
            logical.put("kind", logicalKind(f.kind()));
            result.putObject("partialFingerprints").put(FINGERPRINT_KEY, f.id());
            result.put("occurrenceCount", f.count());
            String state = io.mcpfuzzer.report.Reproduction.text(f.evidence().get(ReportNodes.BASELINE_STATE));
            if (state != null) {
                result.put("baselineState", state); // "new" or "unchanged", as SARIF 3.27.24 names them
            }
            Object mark = f.evidence().get(ReportNodes.SUPPRESSED);
            if (mark != null) {
                result.putArray("suppressions").addObject().put("kind", "external")
                        .put("justification", ReportJson.toTree(mark).path("reason").asString(""));
            }
            ObjectNode props = result.putObject("properties");
            props.put("category", f.category());
            props.put("severity", f.severity().wire());
            props.put("kind", f.kind());
            props.put("checkId", f.checkId());
            props.put("owasp", f.owasp());
            props.set("finding", ReportNodes.finding(f, report));
        }
        return ReportJson.artifactText(log);
    }

    private static String ruleId(Finding f) {
        return f.checkId() != null && !f.checkId().isBlank() ? f.checkId() : f.category();
    }

    private static String message(Finding f) {
        String detail = f.detail().isBlank() ? f.category() : f.detail();
        return detail + " (" + f.kind() + " '" + f.target() + "', " + f.count() + " run(s))";
    }

    /** SARIF logicalLocation.kind values (spec 3.33.7). */
    private static String logicalKind(String kind) {
        return switch (kind) {
            case "tool", "prompt" -> "function";
            case "resource" -> "resource";
            case "protocol", "frame" -> "type";
            default -> "module";
        };
    }

    private static void putIfPresent(ObjectNode node, String key, String value) {
        if (value != null && !value.isBlank()) {
            node.put(key, value);
        }
    }
}
