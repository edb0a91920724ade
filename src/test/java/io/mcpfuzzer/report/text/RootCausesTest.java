package io.mcpfuzzer.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.RunSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The console lists the top root causes first: most severe, then covering the most targets. */
class RootCausesTest {
    private static Finding cause(String category, Severity severity, String target, int covers, String signature) {
        return Finding.cause(category, severity, "tool", target, 1, category + " on " + target,
                Map.of(Finding.COVERS_TOTAL, covers), signature);
    }

    private static final Finding WIDE_MEDIUM = cause("internal_error", Severity.MEDIUM, "a", 12, "s1");
    private static final Finding NARROW_MEDIUM = cause("error_leakage", Severity.MEDIUM, "b", 2, "s2");
    private static final Finding SINGLE_HIGH = Finding.of("command_injection", Severity.HIGH, "tool", "ping", 3,
            "the answer shows an injected command ran", Map.of(), "command_injection:id_output");
    private static final Finding WIDE_HIGH = cause("crash", Severity.HIGH, "c", 5, "s3");
    private static final Finding LOW = cause("accepted_malformed", Severity.LOW, "d", 40, "s4");

    @Test
    void severityFirstThenCovers() {
        assertThat(RootCauses.top(List.of(LOW, NARROW_MEDIUM, SINGLE_HIGH, WIDE_MEDIUM, WIDE_HIGH), 4))
                .containsExactly(WIDE_HIGH, SINGLE_HIGH, WIDE_MEDIUM, NARROW_MEDIUM);
        assertThat(RootCauses.covers(SINGLE_HIGH)).isEqualTo(1);
        assertThat(RootCauses.covers(WIDE_MEDIUM)).isEqualTo(12);
    }

    @Test
    void theConsoleShowsTopRootCausesBeforeAllFindings() {
        RunSummary s = new RunSummary("completed", null, 1L, "tools", "both", "stdio", "srv", "2025-06-18", Map.of(),
                List.of(), "dev", "t0", "t1", 10L, Map.of(), Map.of(), Map.of(), Map.of(), List.of());
        List<String> lines = ConsoleSummary.render(s, List.of(LOW, NARROW_MEDIUM, WIDE_MEDIUM, SINGLE_HIGH, WIDE_HIGH),
                false).lines().toList();
        int top = lines.indexOf("Top root causes:");
        int all = lines.indexOf("All findings:");
        assertThat(top).isPositive().isLessThan(all);
        List<String> causes = lines.subList(top + 1, all);
        assertThat(causes).hasSize(5);
        assertThat(causes.get(0)).startsWith("  high").contains("crash").contains("5 targets, e.g. tool:c");
        assertThat(causes.get(1)).contains("command_injection").contains("tool:ping").doesNotContain("targets, e.g.");
        assertThat(causes.get(2)).contains("internal_error").contains("12 targets");
        assertThat(causes.get(4)).startsWith("  low").contains("40 targets");
    }
}
