package io.mcpfuzzer.config;

/**
 * Phase choice for protocol fuzzing: realistic (valid messages), aggressive (mutated envelopes, then the
 * malformed raw frames) or both, in that order.
 */
public enum ProtocolPhaseChoice {
    REALISTIC, AGGRESSIVE, BOTH;

    /** The command-line spelling, e.g. {@code "realistic"}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
