package io.mcpfuzzer.common;

/**
 * Receives campaign progress for a live display. Implementations must be thread-safe and cheap:
 * the campaign may call {@link #update} after every run from any worker thread; a display
 * throttles itself. Never throws.
 */
public interface ProgressSink {
    /** A sink that ignores everything. */
    ProgressSink NONE = new ProgressSink() {
        @Override
        public void update(long targetsDone, long targetsTotal, long runs, long findings) {}

        @Override
        public void finish() {}
    };

    /**
     * @param targetsDone  tools (or protocol types, resources, prompts) finished so far
     * @param targetsTotal all targets planned (0 when not known yet)
     * @param runs         runs executed so far
     * @param findings     findings recorded so far
     */
    void update(long targetsDone, long targetsTotal, long runs, long findings);

    /** The campaign ended: remove any transient display so that later output starts on a clean line. */
    void finish();
}
