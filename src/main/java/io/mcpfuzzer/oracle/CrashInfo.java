package io.mcpfuzzer.oracle;

/**
 * How a local target died, as evidence for a crash verdict.
 *
 * @param exitCode   exit code, or null if unknown (still running, remote)
 * @param signal     decoded signal name (SIGSEGV...) when killed by a signal, else null
 * @param sentByUs   whether the fuzzer sent that signal (a hang kill), so it is not the server's own crash
 * @param stderrTail last bytes of the target's stderr (bounded), possibly empty
 * @param stopReason why we stopped it ({@code hang}, {@code max_hang_time}, {@code force}, ...), or null
 */
public record CrashInfo(Integer exitCode, String signal, boolean sentByUs, String stderrTail, String stopReason) {
    public CrashInfo {
        stderrTail = stderrTail == null ? "" : stderrTail;
    }

    /**
     * A target whose end is not known (still running, or remote): no exit code, no signal, not stopped by us;
     * {@code tail} is the only evidence (a local stderr tail, or why a remote connection closed); null is "".
     */
    public static CrashInfo unknown(String tail) {
        return new CrashInfo(null, null, false, tail, null);
    }
}
