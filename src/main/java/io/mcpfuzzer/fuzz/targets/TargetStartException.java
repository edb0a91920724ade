package io.mcpfuzzer.fuzz.targets;

/**
 * A target could not be started or initialized; the message carries the evidence and a hint.
 * {@link #permanent()} says whether trying again can help: a missing program, a refused login
 * (401/403) or a TLS failure will fail the same way every time, so the campaign stops at once
 * instead of retrying and repeating the same message.
 */
public class TargetStartException extends Exception {
    /** Title of the section of a start failure that quotes the server's stdout lines that were not JSON-RPC. */
    public static final String UNPARSEABLE_STDOUT = "stdout (not JSON-RPC)";
    private final boolean permanent;

    public TargetStartException(String message) {
        this(message, null, false);
    }

    public TargetStartException(String message, Throwable cause) {
        this(message, cause, false);
    }

    public TargetStartException(String message, Throwable cause, boolean permanent) {
        super(message, cause);
        this.permanent = permanent;
    }

    /** True when another attempt would fail the same way (no retry). */
    public boolean permanent() {
        return permanent;
    }
}
