package io.mcpfuzzer.config;

/**
 * Log verbosity, named as in the Python tool ({@code --log-level}). {@code WARNING} maps to
 * logback WARN and {@code CRITICAL} to ERROR.
 */
public enum LogLevel {
    DEBUG, INFO, WARNING, ERROR, CRITICAL;

    /** The matching slf4j/logback level name (DEBUG, INFO, WARN, ERROR). */
    public String slf4jName() {
        return switch (this) {
            case WARNING -> "WARN";
            case CRITICAL -> "ERROR";
            default -> name();
        };
    }
}
