package io.mcpfuzzer.process;

import java.util.EnumSet;
import java.util.Set;

/**
 * Lifecycle of a managed process. Allowed moves:
 *
 * <pre>
 * REGISTERED -> RUNNING | STOPPING | FAILED (exited during start-up)
 * RUNNING    -> HUNG | STOPPING | EXITED
 * HUNG       -> RUNNING (activity resumed) | STOPPING | EXITED
 * STOPPING   -> STOPPED (left after closing stdin or SIGTERM) | KILLED (needed SIGKILL) | EXITED
 * </pre>
 *
 * STOPPED, EXITED, KILLED and FAILED are terminal.
 */
public enum ProcessState {
    /** Known to the registry, not yet confirmed started. */
    REGISTERED,
    /** Started and alive. */
    RUNNING,
    /** A request is outstanding and the process showed no sign of life in time. */
    HUNG,
    /** A stop is in progress. */
    STOPPING,
    /** Stopped by us without SIGKILL. */
    STOPPED,
    /** Ended on its own (crash, clean exit, or a signal we did not send). */
    EXITED,
    /** Ended by our SIGKILL (forced stop, hang kill, escalation). */
    KILLED,
    /** Could not be started. */
    FAILED;

    /** True for states a process never leaves. */
    public boolean isTerminal() {
        return this == STOPPED || this == EXITED || this == KILLED || this == FAILED;
    }

    /** True when moving from this state to {@code next} is allowed. */
    public boolean canMoveTo(ProcessState next) {
        return allowed().contains(next);
    }

    private Set<ProcessState> allowed() {
        switch (this) {
            case REGISTERED:
                return EnumSet.of(RUNNING, STOPPING, FAILED);
            case RUNNING:
                return EnumSet.of(HUNG, STOPPING, EXITED);
            case HUNG:
                return EnumSet.of(RUNNING, STOPPING, EXITED);
            case STOPPING:
                return EnumSet.of(STOPPED, KILLED, EXITED);
            default:
                return EnumSet.noneOf(ProcessState.class);
        }
    }
}
