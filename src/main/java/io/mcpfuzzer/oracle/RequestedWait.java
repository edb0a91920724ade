package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.NameTokens;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A latency the run's own input asked for: a positive number under a name that says "wait"
 * ({@code duration}, {@code delay}, {@code sleepMs}, {@code wait_seconds}, {@code timeout},
 * {@code interval}...) whose value, read as milliseconds or seconds (minutes for a name with
 * {@code minute}), the latency matches within {@code [0.8 x, 1.5 x + 500 ms]}. Such a run is no
 * evidence of slow code (server-everything's {@code trigger-long-running-operation} sleeps
 * {@code duration} seconds, so its runs asked for 10 s were a "performance outlier"), and is kept
 * out of the latency samples. An argument the input leaves out counts with its schema default
 * ({@link #waitDefaults}): that tool sleeps its default 10 s for {@code {}}. A number so small that the window ends below a second explains no
 * outlier (outliers are at least a second over the median). Looks at most {@value #MAX_NODES}
 * nodes, {@value #MAX_DEPTH} levels deep. Stateless, thread-safe.
 */
public final class RequestedWait {
    private static final int MAX_NODES = 256;
    private static final int MAX_DEPTH = 4;
    private static final Set<String> WAIT_WORDS = Set.of("duration", "delay", "sleep", "wait", "timeout",
            "interval", "pause", "seconds", "second", "secs", "sec", "ms", "millis", "milliseconds", "minutes",
            "minute", "mins");

    private RequestedWait() {}

    /**
     * The numeric {@code default}s of an input schema's top-level properties named as a wait
     * ({@code {"duration": 10}}); an empty object when none (never null; {@code schema} may be).
     */
    public static ObjectNode waitDefaults(JsonNode schema) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        JsonNode properties = schema == null ? null : schema.get("properties");
        if (properties == null || !properties.isObject()) {
            return out;
        }
        int seen = 0;
        for (Map.Entry<String, JsonNode> p : properties.properties()) {
            if (++seen > MAX_NODES) {
                break;
            }
            JsonNode dflt = p.getValue().get("default");
            if (dflt != null && dflt.isNumber() && isWaitName(NameTokens.of(p.getKey()))) {
                out.set(p.getKey(), dflt);
            }
        }
        return out;
    }

    /**
     * True when {@code input} (may be null), or a default of {@code defaults} (from
     * {@link #waitDefaults}; may be null) for an argument the input leaves out, asks for a wait
     * that {@code latencyMs} matches.
     */
    public static boolean explains(JsonNode input, JsonNode defaults, double latencyMs) {
        if (explains(input, latencyMs)) {
            return true;
        }
        if (defaults == null || latencyMs <= 0 || (input != null && !input.isObject())) {
            return false;
        }
        for (Map.Entry<String, JsonNode> d : defaults.properties()) {
            if ((input == null || !input.has(d.getKey())) && matches(d.getKey(), toDouble(d.getValue()), latencyMs)) {
                return true;
            }
        }
        return false;
    }

    /** True when {@code input} (may be null) asks for a wait that {@code latencyMs} matches. */
    public static boolean explains(JsonNode input, double latencyMs) {
        if (input == null || !input.isContainer() || latencyMs <= 0) {
            return false;
        }
        Deque<Map.Entry<JsonNode, Integer>> todo = new ArrayDeque<>();
        todo.add(Map.entry(input, 0));
        int seen = 0;
        while (!todo.isEmpty() && seen < MAX_NODES) {
            Map.Entry<JsonNode, Integer> next = todo.poll();
            JsonNode node = next.getKey();
            int depth = next.getValue();
            if (node.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext() && seen < MAX_NODES;) {
                    Map.Entry<String, JsonNode> field = it.next();
                    seen++;
                    JsonNode value = field.getValue();
                    if (value.isNumber() && matches(field.getKey(), toDouble(value), latencyMs)) {
                        return true;
                    }
                    if (value.isContainer() && depth + 1 < MAX_DEPTH) {
                        todo.add(Map.entry(value, depth + 1));
                    }
                }
            } else if (node.isArray() && depth + 1 < MAX_DEPTH) {
                for (JsonNode element : node) {
                    if (++seen > MAX_NODES) {
                        break;
                    }
                    if (element.isContainer()) {
                        todo.add(Map.entry(element, depth + 1));
                    }
                }
            }
        }
        return false;
    }

    /**
     * A number node's value; infinite beyond the double range (Jackson's {@code asDouble} throws for
     * {@code 1E+400}, which fuzzed inputs carry), NaN when it cannot be read.
     */
    private static double toDouble(JsonNode number) {
        try {
            return number.numberValue().doubleValue();
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private static boolean matches(String name, double value, double latencyMs) {
        if (!(value > 0) || Double.isInfinite(value)) {
            return false;
        }
        List<String> words = NameTokens.of(name);
        if (!isWaitName(words)) {
            return false;
        }
        if (words.contains("minute") || words.contains("minutes") || words.contains("mins")) {
            return within(value * 60_000, latencyMs);
        }
        return within(value, latencyMs) || within(value * 1_000, latencyMs);
    }

    private static boolean within(double askedMs, double latencyMs) {
        return latencyMs >= 0.8 * askedMs && latencyMs <= 1.5 * askedMs + 500;
    }

    private static boolean isWaitName(List<String> words) {
        return words.stream().anyMatch(WAIT_WORDS::contains);
    }
}
