package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * Baselines and suppressions gate only what is new and not ignored, against the real
 * {@code debug_mode_server.py} fixture (a crash on {@code configure}; with {@code render-crashes}, a
 * second crash on {@code render}).
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:BaselineSuppressionTest") // its methods run one after the other (a lock forces them into one thread)
@Order(11) // started early: one of the longest classes (a long class started last stretches the run)
class BaselineSuppressionTest {
    @TempDir
    Path dir;

    private static JsonNode json(Path file) throws Exception {
        return Json.parse(Files.readString(file));
    }

    /** The findings of a run marked new against its baseline, for assertion messages. */
    private static String newFindings(Path out) throws Exception {
        StringBuilder shown = new StringBuilder();
        for (JsonNode f : json(out.resolve("findings.json")).path("findings")) {
            if ("new".equals(f.path("baseline_state").asString())) {
                shown.append("\n  ").append(f.path("severity").asString()).append(' ').append(f.path("category").asString())
                        .append(' ').append(f.path("target").asString()).append(": ").append(f.path("detail").asString())
                        .append(' ').append(f.path("evidence"));
            }
        }
        return shown.toString();
    }

    @Test
    void withABaselineOnlyNewFindingsFailTheRun() throws Exception {
        Path first = dir.resolve("first");
        CliRunTest.Outcome a = ReplayShrinkTest.fuzz(first, ReplayShrinkTest.endpoint(), "--fail-on", "medium");
        assertThat(a.code()).as(a.err()).isEqualTo(ExitCodes.FINDINGS);
        String baseline = first.resolve("findings.json").toString();

        Path same = dir.resolve("same");
        CliRunTest.Outcome b = ReplayShrinkTest.fuzz(same, ReplayShrinkTest.endpoint(), "--fail-on", "medium",
                "--baseline", baseline, "--export-sarif", "out.sarif");
        assertThat(b.code()).as(b.err()).isZero();
        assertThat(ReplayShrinkTest.finding(same, "crash", "configure").path("baseline_state").asString())
                .isEqualTo("unchanged");
        JsonNode block = json(same.resolve("run_summary.json")).path("baseline");
        assertThat(block.path("new").asInt()).as("new findings: %s", newFindings(same)).isZero();
        assertThat(block.path("unchanged").asInt()).isPositive();
        assertThat(block.path("absent").size()).isZero();
        assertThat(json(same.resolve("out.sarif")).toString()).contains("\"baselineState\":\"unchanged\"")
                .doesNotContain("\"baselineState\":\"new\"");

        Path worse = dir.resolve("worse");
        CliRunTest.Outcome c = ReplayShrinkTest.fuzz(worse, ReplayShrinkTest.endpoint("render-crashes"), "--fail-on",
                "medium", "--baseline", baseline, "--export-sarif", "out.sarif");
        assertThat(c.code()).as(c.err()).isEqualTo(ExitCodes.FINDINGS);
        JsonNode render = ReplayShrinkTest.finding(worse, "crash", "render");
        assertThat(render.path("baseline_state").asString()).isEqualTo("new");
        assertThat(ReplayShrinkTest.finding(worse, "crash", "configure").path("baseline_state").asString())
                .isEqualTo("unchanged");
        assertThat(json(worse.resolve("out.sarif")).toString()).contains("\"baselineState\":\"new\"");

        Path fixed = dir.resolve("fixed");
        CliRunTest.Outcome d = ReplayShrinkTest.fuzz(fixed, ReplayShrinkTest.endpoint(), "--fail-on", "medium",
                "--baseline", worse.resolve("findings.json").toString());
        assertThat(d.code()).as(d.err()).isZero();
        JsonNode absent = json(fixed.resolve("run_summary.json")).path("baseline").path("absent");
        assertThat(absent.toString()).contains(render.path("id").asString()).contains("\"target\":\"render\"");
    }

    @Test
    void suppressedFindingsStayReportedButNeverGate() throws Exception {
        Path first = dir.resolve("first");
        ReplayShrinkTest.fuzz(first, ReplayShrinkTest.endpoint());
        String configureId = ReplayShrinkTest.finding(first, "crash", "configure").path("id").asString();

        Path ignore = dir.resolve("ignore.yml");
        Files.writeString(ignore, "suppressions:\n"
                + "  - fingerprint: " + configureId + "\n    reason: tracked in BUG-1\n    expires: 2999-12-31\n"
                + "  - category: crash\n    target: render\n    reason: renderer is being rewritten\n");
        Path out = dir.resolve("suppressed");
        CliRunTest.Outcome o = ReplayShrinkTest.fuzz(out, ReplayShrinkTest.endpoint("render-crashes"), "--fail-on",
                "medium", "--ignore-file", ignore.toString());
        assertThat(o.code()).as(o.err()).isZero();
        assertThat(ReplayShrinkTest.finding(out, "crash", "configure").path("suppressed").path("reason").asString())
                .isEqualTo("tracked in BUG-1");
        assertThat(ReplayShrinkTest.finding(out, "crash", "render").path("suppressed").path("reason").asString())
                .isEqualTo("renderer is being rewritten");

        Files.writeString(ignore, "suppressions:\n"
                + "  - category: crash\n    target: configure\n    reason: old excuse\n    expires: 2020-01-31\n");
        Path expired = dir.resolve("expired");
        CliRunTest.Outcome e = ReplayShrinkTest.fuzz(expired, ReplayShrinkTest.endpoint(), "--fail-on", "medium",
                "--ignore-file", ignore.toString());
        assertThat(e.code()).as(e.err()).isEqualTo(ExitCodes.FINDINGS);
        assertThat(e.err()).contains("warning").contains("expired on 2020-01-31");
        assertThat(ReplayShrinkTest.finding(expired, "crash", "configure").has("suppressed")).isFalse();
        assertThat(json(expired.resolve("run_summary.json")).path("warnings").toString()).contains("expired");
    }

    @Test
    void anInvalidIgnoreFileIsAUsageError() throws Exception {
        Path ignore = dir.resolve("ignore.yml");
        Files.writeString(ignore, "suppressions:\n  - category: crash\n");
        CliRunTest.Outcome o = ReplayShrinkTest.fuzz(dir.resolve("out"), ReplayShrinkTest.endpoint(),
                "--ignore-file", ignore.toString());
        assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err()).contains("suppression 1: a reason is required");
    }
}
