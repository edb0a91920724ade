package io.mcpfuzzer.config;

/** What to fuzz: {@code tools}, {@code protocol} (spec guard + protocol messages), {@code resources}, {@code prompts}, or {@code all} (tools, spec guard and protocol). */
public enum Mode {
    TOOLS, PROTOCOL, RESOURCES, PROMPTS, ALL;

    /** The command-line spelling, e.g. {@code "tools"}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
