package io.mcpfuzzer.process;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a managed process ended (or that it had not ended when a wait timed out).
 *
 * @param pid process id
 * @param name process name from its config
 * @param state state when the result was taken (a terminal state unless {@code timedOut})
 * @param exitCode exit code as the JDK reports it (128 + n after death by signal n); null when timed out
 * @param timedOut true when the wait ended before the process did
 * @param signal signal that killed it, decoded from the exit code; empty when none. Ambiguous by
 *     nature: {@code exit(137)} looks like SIGKILL
 * @param signalSentByUs true when {@code signal} is one this runtime sent to the process; false for
 *     a crash (SIGSEGV) or someone else's kill (the OOM killer)
 * @param stopReason why we stopped it ("stop", "force", "hang", "shutdown"), or null when it ended on
 *     its own
 * @param stderrTail the newest stderr output (UTF-8, bounded)
 * @param uptime from start to exit (or to now when timed out), monotonic
 * @param escapedPids descendants that survived the stop sweep (should be empty; a finding otherwise)
 */
public record ProcessResult(long pid, String name, ProcessState state, Integer exitCode, boolean timedOut,
        Optional<Signal> signal, boolean signalSentByUs, String stopReason, String stderrTail, Duration uptime,
        List<Long> escapedPids) {

    public ProcessResult {
        escapedPids = List.copyOf(escapedPids);
    }

    /** True when the process ended by a signal nobody here sent (a crash, the OOM killer). */
    public boolean crashedBySignal() {
        return signal.isPresent() && !signalSentByUs;
    }

    /** Signal name such as {@code SIGSEGV}, or null. */
    public String signalName() {
        return signal.map(Enum::name).orElse(null);
    }
}
