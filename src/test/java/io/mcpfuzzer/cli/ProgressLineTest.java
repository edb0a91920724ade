package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.ProgressSink;
import io.mcpfuzzer.demo.DemoServer;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.report.RunRecorder;
import io.mcpfuzzer.report.Redactor;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The live progress line: every surface counted, erased before the summary. */
@Timeout(300)
class ProgressLineTest {
    @TempDir
    Path dir;

    /** Records every update as "done/total". */
    private static final class Recording implements ProgressSink {
        final List<String> updates = new ArrayList<>();

        @Override
        public synchronized void update(long targetsDone, long targetsTotal, long runs, long findings) {
            updates.add(targetsDone + "/" + targetsTotal);
        }

        @Override
        public void finish() {}

        synchronized String last() {
            return updates.get(updates.size() - 1);
        }
    }

    private static RunResult run(String kind, String target) {
        return new RunResult(kind, target, 0, "realistic", null, null, true, "ok", 1.0, null, null, List.of());
    }

    @Test
    void protocolTargetsAfterTheToolsAreCountedAndNoFalseTotalIsShown() throws Exception {
        Recording progress = new Recording();
        try (RunRecorder recorder = RunRecorder.open(dir, "s1", Redactor.standard())) {
            ReportSink sink = new ReportSink(recorder, progress, false, findings -> {});
            sink.onRun(run("tool", "echo"));
            sink.onProgress(1, 2, 1, 0);
            sink.onRun(run("tool", "add"));
            sink.onProgress(2, 2, 2, 0);
            assertThat(progress.last()).isEqualTo("2/0"); // other surfaces may follow: no "2/2 targets"
            sink.onRun(run("protocol", "ping"));
            sink.onRun(run("protocol", "ping"));
            sink.onRun(run("protocol", "tools/list"));
            assertThat(progress.last()).isEqualTo("4/0");
        }
    }

    @Test
    void inToolsModeTheToolCountIsTheTotal() throws Exception {
        Recording progress = new Recording();
        try (RunRecorder recorder = RunRecorder.open(dir, "s2", Redactor.standard())) {
            ReportSink sink = new ReportSink(recorder, progress, true, findings -> {});
            sink.onProgress(1, 3, 1, 0);
            assertThat(progress.last()).isEqualTo("1/3");
        }
        assertThat(ConsoleProgress.line(4, 0, 10, 1, 1_000_000_000L)).startsWith("[4 targets]");
    }

    @Test
    void theSummaryStartsOnACleanLineNotOnTheProgressLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8); // stdout and stderr on one terminal
        int code = new Main(new FuzzRunner(), DemoRunner.NOT_WIRED, true).run(new String[] {"--mode", "tools",
            "--endpoint", CliRunTest.endpoint(DemoServer.class), "--runs", "2", "--seed", "1", "--tool", "echo",
            "--output-dir", dir.toString()}, console, console, Map.of("NO_COLOR", "1", "PATH", System.getenv("PATH")));
        String text = bytes.toString(StandardCharsets.UTF_8);

        assertThat(code).as(text).isZero();
        String before = text.substring(0, text.indexOf("=== MCP Fuzzer Summary ==="));
        assertThat(before).contains("targets]"); // the progress line was drawn
        assertThat(before).endsWith("\r"); // and erased before the summary
    }
}
