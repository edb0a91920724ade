package io.mcpfuzzer.config;

/** Phase for protocol, resource and prompt fuzzing. */
public enum ProtocolPhase {
    REALISTIC, AGGRESSIVE;

    /** The command-line spelling, e.g. {@code "realistic"}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
