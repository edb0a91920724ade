package io.mcpfuzzer.config;

/** OS-level containment of a local (stdio) target: {@code auto} uses bubblewrap when available, {@code none} runs it directly, {@code bwrap} requires bubblewrap. */
public enum SandboxMode {
    AUTO, NONE, BWRAP;

    /** The command-line spelling, e.g. {@code "auto"}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
