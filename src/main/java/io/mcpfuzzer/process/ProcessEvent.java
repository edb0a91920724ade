package io.mcpfuzzer.process;

import java.time.Instant;
import java.util.Map;

/**
 * One lifecycle event.
 *
 * @param type what happened
 * @param pid the process, or 0 for manager-wide events (stopped_all, shutdown)
 * @param name the process name from its config, or "manager"
 * @param at wall-clock time (for reports only; durations use the monotonic clock)
 * @param details flat, small, string-valued evidence (for example {@code signal=SIGTERM})
 */
public record ProcessEvent(EventType type, long pid, String name, Instant at, Map<String, String> details) {
    public ProcessEvent {
        details = Map.copyOf(details);
    }

    @Override
    public String toString() {
        return type.wireName() + " pid=" + pid + " name=" + name + " " + details;
    }
}
