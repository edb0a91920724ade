package io.mcpfuzzer.fuzz;

/**
 * Where a run index comes from. Each source numbers its runs in its own range of {@value #SIZE} indexes, so a
 * probe's run can never share an index with a campaign run of the same target, whatever {@code --runs}
 * (at most 1,000,000) or {@code --runs-per-type} allow: campaign runs are {@code 0 ..}, the security audit's
 * injection probes start at {@code INJECTION_PROBE.first()}, its annotation probes at
 * {@code ANNOTATION_PROBE.first()}. {@link #of(int)} tells an index's source back. Constants are immutable.
 */
enum RunSpace {
    /** Runs of the fuzzers (tools, protocol, resources, prompts). */
    CAMPAIGN,
    /** The security audit's injection probes ({@link SecurityAuditRun}). */
    INJECTION_PROBE,
    /** The security audit's annotation probes ({@link AnnotationProbe}). */
    ANNOTATION_PROBE;

    /** Indexes per source; four sources fit in a non-negative int. */
    static final int SIZE = 500_000_000;

    /** The first run index of this source. */
    int first() {
        return ordinal() * SIZE;
    }

    /** The source of a run index (negative indexes count as campaign runs). */
    static RunSpace of(int run) {
        int i = run < 0 ? 0 : run / SIZE;
        RunSpace[] all = values();
        return all[Math.min(i, all.length - 1)];
    }
}
