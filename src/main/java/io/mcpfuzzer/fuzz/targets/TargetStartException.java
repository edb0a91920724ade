package io.mcpfuzzer.fuzz.targets;

/** A target could not be started or initialized; the message carries the evidence and a hint. */
public class TargetStartException extends Exception {
    public TargetStartException(String message) {
        super(message);
    }

    public TargetStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
