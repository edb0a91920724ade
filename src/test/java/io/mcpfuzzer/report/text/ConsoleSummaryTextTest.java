package io.mcpfuzzer.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTextTest {
    @Test
    void detailsAreOneLineWithAVisibleNewlineMark() {
        String line = ConsoleSummary.oneLine("Traceback:\r\n  File x\n\n\u001b[2Jdone\n", 200);
        assertThat(line).isEqualTo("Traceback: \u23CE File x \u23CE \\x1b[2Jdone");
        assertThat(line).doesNotContain("\n", "\\x0a", "\u001b");
    }

    @Test
    void targetsWithCrashesAndFindingsFirstFramesLastOkOutcomesLast() {
        Map<String, Map<String, Long>> perTarget = new LinkedHashMap<>();
        perTarget.put("frame:empty", Map.of("no_answer", 2L));
        perTarget.put("protocol:PingRequest", Map.of("ok", 3L));
        perTarget.put("tool:quiet", Map.of("ok", 3L));
        perTarget.put("tool:leaky", Map.of("ok", 3L));
        perTarget.put("frame:crashy", Map.of("crash", 1L));
        perTarget.put("tool:boom", Map.of("ok", 5L, "tool_error", 1L, "crash", 1L));
        List<Finding> findings = List.of(Finding.of("error_leakage", Severity.MEDIUM, "tool", "leaky", 1, "d", Map.of(), "s"));
        Map<String, Map<String, Long>> ordered = TargetOrder.order(perTarget, findings);
        assertThat(ordered.keySet()).containsExactly("tool:boom", "tool:leaky", "tool:quiet", "protocol:PingRequest",
                "frame:crashy", "frame:empty");
        assertThat(ordered.get("tool:boom").keySet()).containsExactly("crash", "tool_error", "ok");
    }

    @Test
    void manyTargetsNeverHideTheToolWithAFindingAndFramesAreOneLine() {
        Map<String, Map<String, Long>> perTarget = new LinkedHashMap<>();
        for (int i = 0; i < 26; i++) {
            perTarget.put("frame:f" + i, Map.of("ok", 1L));
        }
        for (int i = 0; i < 60; i++) {
            perTarget.put("protocol:p" + i, Map.of("ok", 1L));
        }
        perTarget.put("tool:late", Map.of("ok", 2L, "tool_error", 1L));
        io.mcpfuzzer.report.RunSummary s = new io.mcpfuzzer.report.RunSummary("completed", null, 1L, "all", "both",
                "stdio", "srv", "2025-06-18", Map.of(), List.of(), "dev", "t0", "t1", 88L, perTarget, Map.of(), Map.of(),
                Map.of(), List.of());
        Finding f = Finding.of("internal_error", Severity.MEDIUM, "tool", "late", 1, "boom\nat X.y(X.java:1)", Map.of(), "s");
        String text = ConsoleSummary.render(s, List.of(f), false);
        List<String> lines = text.lines().toList();
        int header = lines.indexOf("Runs per target:");
        assertThat(lines.get(header + 1)).startsWith("  tool:late");
        assertThat(lines).noneMatch(l -> l.startsWith("  frame:"));
        assertThat(lines).anyMatch(l -> l.matches("  \\.\\.\\. 12 more target\\(s\\).*"));
        assertThat(lines).anyMatch(l -> l.startsWith("  frames (26 kinds)") && l.contains("26 runs  ok 26"));
        assertThat(text).contains("boom \u23CE at X.y(X.java:1)").doesNotContain("\\x0a");
    }

    @Test
    void nextStepReplaysTheMostSevereFindingElseOpensTheHtml() {
        Finding low = Finding.of("performance_outlier", Severity.LOW, "tool", "a", 1, "d", Map.of(), "s1");
        Finding crash = Finding.of("crash", Severity.CRITICAL, "tool", "b", 1, "d", Map.of(), "s2");
        assertThat(ConsoleSummary.nextStep(List.of(low, crash), Path.of("/tmp/my reports"), null))
                .startsWith("next: mcp-fuzzer replay '/tmp/my reports' --finding " + crash.id());
        assertThat(ConsoleSummary.nextStep(List.of(), Path.of("/r"), Path.of("/r/x.html")))
                .isEqualTo("next: open /r/x.html in a browser");
        // server-redis offline: blocked before any run; "try more inputs" would send the user the wrong way
        assertThat(ConsoleSummary.nextStep(List.of(), Path.of("/r"), null, "blocked"))
                .isEqualTo("next: make the target start (the reason is above); the reports are in /r");
        assertThat(ConsoleSummary.nextStep(List.of(), Path.of("/r"), null, "completed")).contains("try more inputs");
    }
}
