package io.mcpfuzzer.process;

/**
 * Sends signals to processes and process groups. Implementations are thread-safe and never signal
 * pid 0 or 1, this JVM, or this JVM's own process group (see {@link SignalGuard}).
 *
 * <p>Two implementations: {@link JnaSignals} (in-process {@code kill(2)}, {@code prctl}, {@code
 * waitpid}) and {@link KillCommandSignals} (the procps {@code kill} command and the JDK). {@link
 * #detect()} picks the best available one.
 */
public interface Signals {

    /**
     * Sends {@code signal} to every member of process group {@code pgid}.
     *
     * @return true when the signal was delivered to at least one process
     */
    boolean signalGroup(long pgid, Signal signal);

    /**
     * Sends {@code signal} to the single process {@code pid}.
     *
     * @return true when the signal was delivered
     */
    boolean signalPid(long pid, Signal signal);

    /** True when the process exists and is not a zombie (read from {@code /proc/<pid>/stat}). */
    default boolean isAlive(long pid) {
        return ProcFs.isAlive(pid);
    }

    /**
     * Makes this JVM a child subreaper ({@code prctl(PR_SET_CHILD_SUBREAPER, 1)}), so orphaned
     * descendants (double-forked daemons) are re-parented to it instead of to init. Process-wide and
     * permanent for the JVM.
     *
     * @return true when this JVM is now a subreaper
     */
    default boolean becomeSubreaper() {
        return false;
    }

    /**
     * Reaps {@code pid} with {@code waitpid(pid, WNOHANG)} when it is a zombie child of this JVM.
     * Callers must only pass adopted orphans, never a process the JDK spawned (that would steal its
     * exit status from {@link Process}).
     *
     * @return true when the zombie was reaped
     */
    default boolean reap(long pid) {
        return false;
    }

    /** Short name for logs, for example {@code jna} or {@code kill-command}. */
    String describe();

    /** The JNA implementation when libc can be loaded, else the kill-command one. */
    static Signals detect() {
        Signals jna = JnaSignals.shared();
        return jna != null ? jna : new KillCommandSignals();
    }

    /**
     * Loads libc through JNA now (about 30 ms: JNA unpacks its stub and runs {@code ldconfig -p}) so that a
     * later {@link ProcessManager} finds it loaded; called by the CLI's start-up warm-up thread. Safe from
     * any thread, any number of times.
     */
    static void preload() {
        JnaSignals.shared();
    }
}
