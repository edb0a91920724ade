package io.mcpfuzzer.config;

import io.mcpfuzzer.common.EditDistance;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reports config-file keys that are not options, with a hint when the key is a near miss. */
final class UnknownKeys {
    /** Python-tool keys we deliberately do not support, with why. */
    private static final Map<String, String> UNSUPPORTED = Map.ofEntries(
            Map.entry("auth", "put auth providers in a JSON file and use auth_config"),
            Map.entry("custom_transports", "custom transports are not supported"),
            Map.entry("safety", "use the flat keys no_safety, fs_root, no_network, allow_hosts"),
            Map.entry("safety_enabled", "use no_safety: true to disable the safety filter"),
            Map.entry("http_timeout", "use timeout"),
            Map.entry("sse_timeout", "use timeout"),
            Map.entry("stdio_timeout", "use timeout"),
            Map.entry("output.types", "standardized session outputs are not produced; use the export_* keys"),
            Map.entry("output.format", "use the export_* keys"),
            Map.entry("output.compress", "not supported"),
            Map.entry("output.schema", "not supported"),
            Map.entry("output.retention", "not supported"),
            Map.entry("output_types", "standardized session outputs are not produced; use the export_* keys"));
    private static final Set<String> RETRY_CURVE = Set.of("transport_retry_delay", "transport_retry_backoff",
            "transport_retry_max_delay", "transport_retry_jitter");

    private UnknownKeys() {}

    static void check(ConfigFile file, List<ConfigProblem> problems) {
        for (Map.Entry<String, ConfigFile.Entry> e : file.entries().entrySet()) {
            String key = e.getKey();
            if (Options.byFileKey(key) != null) {
                continue;
            }
            problems.add(ConfigProblem.usage(file.where(e.getValue()), key, message(key)));
        }
    }

    static String message(String key) {
        if (UNSUPPORTED.containsKey(key)) {
            return "unknown key (" + UNSUPPORTED.get(key) + ")";
        }
        if (RETRY_CURVE.contains(key)) {
            return "unknown key (only transport_retries is configurable)";
        }
        String best = null;
        int bestDistance = 3;
        for (OptionDef<?> d : Options.ALL) {
            int dist = distance(key, d.key(), bestDistance);
            if (dist < bestDistance) {
                bestDistance = dist;
                best = d.key();
            }
        }
        return best == null ? "unknown key" : "unknown key (did you mean '" + best + "'?)";
    }

    /** Levenshtein distance, or {@code max + 1} beyond {@code max}: {@link EditDistance#atMost}. */
    static int distance(String a, String b, int max) {
        return EditDistance.atMost(a, b, max);
    }
}
