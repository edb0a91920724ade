package io.mcpfuzzer.config;

/**
 * Where a resolved setting came from, for provenance and error messages.
 *
 * @param kind   the source
 * @param detail human text: the option name, variable name, {@code file:line}, or why derived
 */
public record Origin(Kind kind, String detail) {
    /** Sources in increasing precedence (DERIVED values are computed when no source gave one). */
    public enum Kind { DEFAULT, DERIVED, CONFIG_FILE, ENVIRONMENT, COMMAND_LINE }

    public static final Origin DEFAULT = new Origin(Kind.DEFAULT, "default");

    public static Origin derived(String why) {
        return new Origin(Kind.DERIVED, why);
    }

    /** True when the user set the value (command line, environment or config file). */
    public boolean isExplicit() {
        return kind == Kind.CONFIG_FILE || kind == Kind.ENVIRONMENT || kind == Kind.COMMAND_LINE;
    }

    @Override
    public String toString() {
        return detail;
    }
}
