package io.mcpfuzzer.safety;

/**
 * A safety control the user asked for cannot be put in place (for example the fs-root cannot be
 * created, or {@code --sandbox bwrap} was requested but bubblewrap does not work here). The run
 * must stop: safety setup fails closed, never open.
 */
public final class SafetyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SafetyException(String message) {
        super(message);
    }

    public SafetyException(String message, Throwable cause) {
        super(message, cause);
    }
}
