package io.mcpfuzzer.config;

/** Tool-argument phase: schema-valid values, hostile values, or realistic then aggressive. */
public enum PhaseChoice {
    REALISTIC, AGGRESSIVE, BOTH;

    /** The command-line spelling, e.g. {@code "realistic"}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
