package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.ProgressSink;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.report.Redactor;
import io.mcpfuzzer.report.RunRecorder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reports are rewritten while runs go on (at most once per interval, only after new runs), so
 * a run killed without warning leaves recent reports; and never after the final write began.
 */
class ReportCheckpointTest {
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path dir;

    private final AtomicLong clock = new AtomicLong(1_000 * SECOND);
    private final List<Integer> writes = new ArrayList<>();

    private static RunResult run(int n) {
        return new RunResult("tool", "echo", n, "realistic", null, null, true, "ok", 1.0, null, null, List.of());
    }

    private static Finding finding(String category) {
        return Finding.of(category, Severity.HIGH, "tool", "echo", 1, category + " of echo", Map.of(), category);
    }

    private ReportSink sink(RunRecorder recorder) {
        return new ReportSink(recorder, ProgressSink.NONE, true, findings -> writes.add(findings.size()),
                30 * SECOND, clock::get);
    }

    @Test
    void writesOncePerIntervalWhileRunsAreRecorded() throws Exception {
        try (RunRecorder recorder = RunRecorder.open(dir, "s1", Redactor.standard())) {
            ReportSink sink = sink(recorder);
            sink.onRun(run(1));
            sink.onNewFinding(finding("tool_error"));
            clock.addAndGet(29 * SECOND);
            sink.onRun(run(2));
            assertThat(writes).isEmpty(); // not yet: 29 s

            clock.addAndGet(2 * SECOND);
            sink.onRun(run(3));
            sink.onRun(run(4));
            assertThat(writes).containsExactly(1); // one write, with the finding so far

            clock.addAndGet(10 * SECOND);
            sink.onRun(run(5));
            assertThat(writes).hasSize(1); // 10 s after the last write
            clock.addAndGet(25 * SECOND);
            sink.onRun(run(6));
            assertThat(writes).hasSize(2);
        }
    }

    @Test
    void aCrashWriteRestartsTheIntervalAndNothingIsWrittenAfterStop() throws Exception {
        try (RunRecorder recorder = RunRecorder.open(dir, "s2", Redactor.standard())) {
            ReportSink sink = sink(recorder);
            clock.addAndGet(20 * SECOND);
            sink.onRun(run(1));
            sink.onNewFinding(finding("crash")); // written at once, before the restart
            assertThat(writes).containsExactly(1);
            clock.addAndGet(20 * SECOND); // 40 s since the start, 20 s since the crash write
            sink.onRun(run(2));
            assertThat(writes).hasSize(1);

            sink.stopWrites(); // the final reports are being written
            clock.addAndGet(60 * SECOND);
            sink.onRun(run(3));
            sink.onNewFinding(finding("hang"));
            assertThat(writes).hasSize(1);
        }
    }
}
