package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Puts values the server named in its error answers ({@link HintPool}) into one generated value: in
 * a run chosen for it, a string parameter named after a hint's noun ({@link HintNouns#matches}:
 * {@code schema}, {@code schemas}, {@code schemaName}, {@code target_schema} for "Available schemas:
 * main") takes one of the noun's values instead of an invented one, when one fits the parameter's
 * schema: its {@code enum} or {@code const} if any, {@code minLength}/{@code maxLength} and every
 * {@code pattern}; a parameter with a {@code format} keeps its invented value. Its draws come from
 * its own random source, so the value generator's draws, and every input of a run not chosen (or
 * of a session without hints), stay as they were. Confined to one generation.
 */
final class HintChoice {
    private static final HintChoice NONE = new HintChoice(HintPool.Snapshot.empty(), null, false);

    private final HintPool.Snapshot hints;
    private final SplittableRandom random;
    private final boolean active;
    private int used;

    /**
     * @param hints  the hints this generation may use; null is none
     * @param random the source of this choice's draws (not null when {@code active})
     * @param active whether this run uses hints at all (the planner decides it per run)
     */
    HintChoice(HintPool.Snapshot hints, SplittableRandom random, boolean active) {
        this.hints = hints == null ? HintPool.Snapshot.empty() : hints;
        this.random = random;
        this.active = active && !this.hints.isEmpty();
    }

    /** A choice that never changes a value. */
    static HintChoice none() {
        return NONE;
    }

    /** How many values of this generation came from hints. */
    int used() {
        return used;
    }

    /**
     * A hinted value to use instead of {@code generated}, or {@code generated} itself (always when
     * this run is not active, the value is not a string, or no hinted value fits).
     *
     * @param name the parameter's name (for array items, the array's name made singular); may be null
     */
    JsonNode choose(SchemaView v, String name, JsonNode generated, GenContext ctx, String ptr) {
        if (!active || name == null || generated == null || !generated.isString() || v.format != null) {
            return generated;
        }
        List<String> fitting = new ArrayList<>();
        for (String c : hints.candidates(name)) {
            if (fits(v, c, ctx, ptr)) {
                fitting.add(c);
            }
        }
        if (fitting.isEmpty()) {
            return generated;
        }
        used++;
        return JsonNodeFactory.instance.stringNode(fitting.get(random.nextInt(fitting.size())));
    }

    private static boolean fits(SchemaView v, String s, GenContext ctx, String ptr) {
        JsonNode node = JsonNodeFactory.instance.stringNode(s);
        if (v.constValue != null && !v.constValue.equals(node) || v.enumValues != null && !v.enumValues.contains(node)) {
            return false;
        }
        return StringValues.fits(s, v.minLength, v.maxLength)
                && (v.patterns.isEmpty() || StringValues.patternsHold(v.patterns, s, ctx, ptr));
    }
}
