package io.mcpfuzzer.safety;

import java.util.Locale;

/** {@code --sandbox auto|none|bwrap}: filesystem containment of a local target. */
public enum SandboxMode {
    /** bubblewrap when it works on this machine, otherwise none (reported). */
    AUTO,
    /** No filesystem containment. */
    NONE,
    /** bubblewrap, or the run stops with a {@link SafetyException}. */
    BWRAP;

    /** The command-line spelling, e.g. {@code "auto"}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code auto}, {@code none} or {@code bwrap} (any case). */
    public static SandboxMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--sandbox must be auto, none or bwrap, not '" + text + "'", e);
        }
    }
}
