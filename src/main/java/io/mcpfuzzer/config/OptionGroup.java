package io.mcpfuzzer.config;

/** Help sections, in display order. */
public enum OptionGroup {
    TARGET("Target"),
    FUZZING("Fuzzing"),
    PROTOCOL("Protocol"),
    SAFETY("Safety"),
    WATCHDOG("Watchdog"),
    OUTPUT("Output"),
    AUDIT("Audit"),
    LOGGING("Logging");

    private final String title;

    OptionGroup(String title) {
        this.title = title;
    }

    /** Heading shown in {@code --help}. */
    public String title() {
        return title;
    }
}
