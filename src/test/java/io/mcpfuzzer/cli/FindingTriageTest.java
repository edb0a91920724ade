package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Suppressions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which findings gate: the default ignore file of the working directory, an explicit one, a baseline. */
class FindingTriageTest {
    @TempDir
    Path dir;

    private static final Finding CRASH = Finding.of("crash", Severity.HIGH, "tool", "configure", 0, "d", Map.of(), "s");
    private static final Finding LEAK = Finding.of("error_leakage", Severity.MEDIUM, "tool", "render", 1, "d", Map.of(),
            "s");

    private static Settings.Output output(Path baseline, Path ignore) {
        return new Settings.Output(Path.of("reports"), null, null, null, null, null, null, Severity.MEDIUM, false,
                false, baseline, ignore);
    }

    @Test
    void theDefaultIgnoreFileOfTheWorkingDirectoryApplies() throws IOException {
        Files.writeString(dir.resolve(Suppressions.DEFAULT_FILE),
                "- category: crash\n  target: configure\n  reason: known\n  expires: 2030-05-01\n");
        FindingTriage triage = FindingTriage.load(output(null, null), dir, LocalDate.of(2030, 5, 1));
        List<Finding> marked = triage.mark(List.of(CRASH, LEAK));
        assertThat(triage.gates(marked.get(0))).isFalse();
        assertThat(triage.gates(marked.get(1))).isTrue();
        assertThat(triage.warnings()).isEmpty();

        FindingTriage nextDay = FindingTriage.load(output(null, null), dir, LocalDate.of(2030, 5, 2));
        assertThat(nextDay.gates(nextDay.mark(List.of(CRASH)).get(0))).isTrue();
        assertThat(nextDay.warnings()).singleElement().asString().contains("expired on 2030-05-01");
    }

    @Test
    void anExplicitIgnoreFileWinsAndABaselineGatesOnlyNewFindings() throws IOException {
        Files.writeString(dir.resolve(Suppressions.DEFAULT_FILE), "- category: error_leakage\n  reason: default\n");
        Path explicit = dir.resolve("other.yml");
        Files.writeString(explicit, "suppressions: []\n");
        Path baseline = dir.resolve("findings.json");
        Files.writeString(baseline, "{\"findings\":[{\"id\":\"" + CRASH.id() + "\",\"category\":\"crash\"},"
                + "{\"id\":\"gone\",\"category\":\"hang\",\"target\":\"x\"}]}");
        FindingTriage triage = FindingTriage.load(output(baseline, explicit), dir, LocalDate.of(2030, 1, 1));
        List<Finding> marked = triage.mark(List.of(CRASH, LEAK));
        assertThat(marked).noneMatch(Suppressions::isSuppressed);
        assertThat(triage.gates(marked.get(0))).as("unchanged").isFalse();
        assertThat(triage.gates(marked.get(1))).as("new").isTrue();
        Map<String, Object> block = triage.baselineSummary(marked);
        assertThat(block).containsEntry("new", 1L).containsEntry("unchanged", 1L);
        assertThat(block.get("absent").toString()).contains("gone").doesNotContain(CRASH.id());
    }

    @Test
    void aBaselineThatIsNotAFindingsFileIsRefused() throws IOException {
        Path bad = dir.resolve("x.json");
        Files.writeString(bad, "{\"hello\":1}");
        assertThatThrownBy(() -> FindingTriage.load(output(bad, null), dir, LocalDate.now()))
                .hasMessageContaining("--baseline").hasMessageContaining("not a findings.json");
    }
}
