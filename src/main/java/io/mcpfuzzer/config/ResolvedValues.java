package io.mcpfuzzer.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Typed option values with their origins, filled by {@link SettingsResolver}. Mutable while
 * resolving; not thread-safe. Every option in {@link Options#ALL} has an entry (possibly null).
 */
final class ResolvedValues {
    private final Map<OptionDef<?>, Object> values = new LinkedHashMap<>();
    private final Map<String, Origin> origins = new LinkedHashMap<>();

    <T> void put(OptionDef<T> def, T value, Origin origin) {
        values.put(def, value);
        origins.put(def.key(), origin);
    }

    @SuppressWarnings("unchecked")
    <T> T get(OptionDef<T> def) {
        return (T) values.get(def);
    }

    Origin origin(OptionDef<?> def) {
        return origins.getOrDefault(def.key(), Origin.DEFAULT);
    }

    /** Records the origin of a value that is not an option (e.g. the config file itself). */
    void note(String key, Origin origin) {
        origins.put(key, origin);
    }

    Map<String, Origin> origins() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(origins));
    }
}
