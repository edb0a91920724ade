package io.mcpfuzzer.process;

import java.util.Locale;

/** What a {@link ProcessEvent} reports. {@link #wireName()} is the snake_case name for logs and reports. */
public enum EventType {
    STARTED, START_FAILED, STOPPING, STOPPED, SIGNAL, SIGNAL_FAILED, HANG_DETECTED, HANG_CLEARED,
    KILLED, EXITED, ESCAPED, STOPPED_ALL, SHUTDOWN;

    /** Lower-case name, for example {@code hang_detected}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
