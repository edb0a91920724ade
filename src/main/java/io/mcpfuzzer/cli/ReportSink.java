package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.ProgressSink;
import io.mcpfuzzer.fuzz.CampaignObserver;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.report.RunRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Campaign observer of a CLI run: streams every run to {@code runs.jsonl}, keeps the new finding
 * buckets, rewrites the reports as soon as a crash or hang bucket opens (before the target is
 * restarted), and feeds the progress line. Thread-safe.
 */
final class ReportSink implements CampaignObserver {
    private static final Logger LOG = LoggerFactory.getLogger(ReportSink.class);

    private final RunRecorder recorder;
    private final ProgressSink progress;
    private final Consumer<List<Finding>> writeNow;
    private final List<Finding> findings = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final AtomicLong targetsDone = new AtomicLong();
    private final AtomicLong targetsTotal = new AtomicLong();

    ReportSink(RunRecorder recorder, ProgressSink progress, Consumer<List<Finding>> writeNow) {
        this.recorder = recorder;
        this.progress = progress;
        this.writeNow = writeNow;
    }

    @Override
    public void onRun(RunResult run) {
        recorder.record(run);
        progress.update(targetsDone.get(), targetsTotal.get(), recorder.totalRuns(), size());
    }

    @Override
    public void onNewFinding(Finding finding) {
        List<Finding> snapshot;
        synchronized (findings) {
            findings.add(finding);
            snapshot = List.copyOf(findings);
        }
        if (finding.category().equals("crash") || finding.category().equals("hang")) {
            writeNow.accept(snapshot);
        }
    }

    @Override
    public void onProgress(int done, int total, long runs, int found) {
        if (done >= 0) {
            targetsDone.set(done);
            targetsTotal.set(total);
        }
        progress.update(targetsDone.get(), targetsTotal.get(), recorder.totalRuns(), size());
    }

    @Override
    public void onWarning(String warning) {
        LOG.warn("{}", warning);
        synchronized (warnings) {
            if (warnings.size() < 100) {
                warnings.add(warning);
            }
        }
    }

    /** The new finding buckets seen so far (first occurrence of each), in discovery order. */
    List<Finding> findingsSoFar() {
        synchronized (findings) {
            return List.copyOf(findings);
        }
    }

    private int size() {
        synchronized (findings) {
            return findings.size();
        }
    }
}
