package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;

/**
 * Receives campaign events as they happen: every run (to stream it to disk), every new finding
 * bucket (so crash and hang artifacts are written before the target is restarted), and progress.
 * Called from worker threads: implementations must be thread-safe and quick.
 */
public interface CampaignObserver {
    default void onRun(RunResult run) {}

    /** A finding that opened a new bucket; called before the target is restarted after a crash or hang. */
    default void onNewFinding(Finding finding) {}

    /**
     * @param targetsDone  targets (tools, types, resources, prompts) finished
     * @param targetsTotal targets planned
     * @param runs         runs finished so far
     * @param findings     finding buckets so far
     */
    default void onProgress(int targetsDone, int targetsTotal, long runs, int findings) {}

    /** A human warning (containment not in effect, listing truncated...). */
    default void onWarning(String warning) {}

    CampaignObserver NONE = new CampaignObserver() {};
}
