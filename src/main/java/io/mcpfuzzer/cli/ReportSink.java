package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.ProgressSink;
import io.mcpfuzzer.fuzz.CampaignObserver;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.report.RunRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Campaign observer of a CLI run: streams every run to {@code runs.jsonl}, keeps the new finding
 * buckets, rewrites the reports as soon as a crash or hang bucket opens (before the target is
 * restarted), and feeds the progress line. Thread-safe.
 *
 * <p>Checkpoints: while runs go on, the reports are also rewritten (status {@code running}) at most
 * once per {@link #CHECKPOINT_NANOS} and only when runs were recorded since the last write, so a
 * run killed without a chance to write (SIGKILL, the OOM killer, a CI job's hard timeout) leaves
 * reports at most that old beside its complete {@code runs.jsonl}. The write happens on the worker
 * thread whose run crossed the interval; one writer at a time, the others skip.
 *
 * <p>Progress counts every surface: tools as the campaign reports them, and every distinct
 * protocol, resource and prompt target as its first run is seen. The total is given only when the
 * run fuzzes tools alone (the campaign announces the tool count up front); otherwise other surfaces
 * may follow, so no total is shown rather than a false "all done".
 */
final class ReportSink implements CampaignObserver {
    private static final Logger LOG = LoggerFactory.getLogger(ReportSink.class);

    private static final int MAX_TRACKED_TARGETS = 100_000;
    /** Longest time between two report writes while runs are being recorded (30 s). */
    static final long CHECKPOINT_NANOS = 30_000_000_000L;

    private final RunRecorder recorder;
    private final ProgressSink progress;
    private final Consumer<List<Finding>> writeNow;
    private final List<Finding> findings = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final AtomicLong targetsDone = new AtomicLong();
    private final AtomicLong targetsTotal = new AtomicLong();
    private final java.util.Set<String> otherTargets = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final boolean toolsOnly;
    private final long checkpointNanos;
    private final LongSupplier clock;
    private final ReentrantLock writeLock = new ReentrantLock();
    private boolean stopped; // guarded by writeLock
    private volatile long lastWriteNanos;
    private volatile long runsAtLastWrite;

    /**
     * @param toolsOnly true when the run fuzzes tools and nothing else ({@code --mode tools}): the
     *                  tool count is then the total number of targets
     */
    ReportSink(RunRecorder recorder, ProgressSink progress, boolean toolsOnly, Consumer<List<Finding>> writeNow) {
        this(recorder, progress, toolsOnly, writeNow, CHECKPOINT_NANOS, System::nanoTime);
    }

    /**
     * @param checkpointNanos longest time between two report writes while runs are recorded
     * @param clock           monotonic nanoseconds ({@link System#nanoTime} in production)
     */
    ReportSink(RunRecorder recorder, ProgressSink progress, boolean toolsOnly, Consumer<List<Finding>> writeNow,
            long checkpointNanos, LongSupplier clock) {
        this.recorder = recorder;
        this.progress = progress;
        this.toolsOnly = toolsOnly;
        this.writeNow = writeNow;
        this.checkpointNanos = checkpointNanos;
        this.clock = clock;
        this.lastWriteNanos = clock.getAsLong();
    }

    @Override
    public void onRun(RunResult run) {
        recorder.record(run);
        if (!"tool".equals(run.kind()) && otherTargets.size() < MAX_TRACKED_TARGETS) {
            otherTargets.add(run.kind() + "\u0000" + run.target());
        }
        publish();
        checkpoint();
    }

    /** Rewrites the reports when the interval has passed and runs were recorded since the last write. */
    private void checkpoint() {
        long now = clock.getAsLong();
        if (now - lastWriteNanos < checkpointNanos || !writeLock.tryLock()) {
            return;
        }
        try {
            if (!stopped && now - lastWriteNanos >= checkpointNanos && recorder.totalRuns() != runsAtLastWrite) {
                writeLocked(findingsSoFar());
            }
        } finally {
            writeLock.unlock();
        }
    }

    private void write(List<Finding> snapshot) {
        writeLock.lock();
        try {
            if (!stopped) {
                writeLocked(snapshot);
            }
        } finally {
            writeLock.unlock();
        }
    }

    private void writeLocked(List<Finding> snapshot) {
        lastWriteNanos = clock.getAsLong();
        runsAtLastWrite = recorder.totalRuns();
        writeNow.accept(snapshot);
    }

    /**
     * Ends this sink's own report writes (checkpoints and crash writes): waits for one in progress,
     * so that the caller's final reports are not overwritten by a {@code running} snapshot after them.
     */
    void stopWrites() {
        writeLock.lock();
        try {
            stopped = true;
        } finally {
            writeLock.unlock();
        }
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
            write(snapshot);
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
