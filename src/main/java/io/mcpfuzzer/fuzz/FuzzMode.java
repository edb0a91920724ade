package io.mcpfuzzer.fuzz;

import java.util.Locale;

/**
 * What a campaign fuzzes ({@code --mode}): {@code tools}, {@code protocol} (spec guard and protocol messages),
 * {@code resources}, {@code prompts}, or {@code all} (tools, spec guard and protocol; resources and prompts when
 * the server declares them). The one name of a mode in every layer; constants are immutable.
 */
public enum FuzzMode {
    TOOLS, PROTOCOL, RESOURCES, PROMPTS, ALL;

    /**
     * The spelling on the command line, in the config file and in {@code run_summary.json}'s {@code mode}, e.g.
     * {@code "tools"}; the Python tool's readers depend on it.
     */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True when this mode fuzzes {@code surface}: the same mode, or any surface when this is {@link #ALL}. */
    public boolean includes(FuzzMode surface) {
        return this == ALL || this == surface;
    }
}
