package io.mcpfuzzer.process;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Delivers {@link ProcessEvent}s to observers (synchronously) and logs each at DEBUG. Thread-safe. */
final class EventBus {
    private static final Logger LOG = LoggerFactory.getLogger("io.mcpfuzzer.process.events");
    private final List<ProcessObserver> observers = new CopyOnWriteArrayList<>();

    void add(ProcessObserver o) {
        observers.add(o);
    }

    void remove(ProcessObserver o) {
        observers.remove(o);
    }

    /** Emits an event; {@code kv} alternates keys and values (values may be any object, null skipped). */
    void emit(EventType type, long pid, String name, Object... kv) {
        Map<String, String> details = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) {
            if (kv[i + 1] != null) {
                details.put(String.valueOf(kv[i]), String.valueOf(kv[i + 1]));
            }
        }
        ProcessEvent event = new ProcessEvent(type, pid, name, Instant.now(), details);
        LOG.debug("{}", event);
        for (ProcessObserver o : observers) {
            try {
                o.onEvent(event);
            } catch (RuntimeException e) {
                LOG.debug("observer failed on {}", event, e);
            }
        }
    }
}
