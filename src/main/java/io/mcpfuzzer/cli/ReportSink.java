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
 *
 * <p>Progress counts every surface: tools as the campaign reports them, and every distinct
 * protocol, resource and prompt target as its first run is seen. The total is given only when the
 * run fuzzes tools alone (the campaign announces the tool count up front); otherwise other surfaces
 * may follow, so no total is shown rather than a false "all done".
 */
final class ReportSink implements CampaignObserver {
    private static final Logger LOG = LoggerFactory.getLogger(ReportSink.class);

    private static final int MAX_TRACKED_TARGETS = 100_000;

    private final RunRecorder recorder;
    private final ProgressSink progress;
    private final Consumer<List<Finding>> writeNow;
    private final List<Finding> findings = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final AtomicLong targetsDone = new AtomicLong();
    private final AtomicLong targetsTotal = new AtomicLong();
    private final java.util.Set<String> otherTargets = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final boolean toolsOnly;

    /**
     * @param toolsOnly true when the run fuzzes tools and nothing else ({@code --mode tools}): the
     *                  tool count is then the total number of targets
     */
    ReportSink(RunRecorder recorder, ProgressSink progress, boolean toolsOnly, Consumer<List<Finding>> writeNow) {
        this.recorder = recorder;
        this.progress = progress;
        this.toolsOnly = toolsOnly;
        this.writeNow = writeNow;
    }

    @Override
    public void onRun(RunResult run) {
        recorder.record(run);
        if (!"tool".equals(run.kind()) && otherTargets.size() < MAX_TRACKED_TARGETS) {
            otherTargets.add(run.kind() + "\u0000" + run.target());
        }
        publish();
    }

    private void publish() {
        long others = otherTargets.size();
        long total = toolsOnly && others == 0 ? targetsTotal.get() : 0;
        progress.update(targetsDone.get() + others, total, recorder.totalRuns(), size());
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
        publish();
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
