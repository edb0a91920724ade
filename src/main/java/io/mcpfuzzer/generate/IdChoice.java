package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Puts harvested ids into one generated value: a parameter that looks like an id
 * ({@link IdNames#parameterKind}) gets, with probability {@value #SHARE_NUMERATOR}/{@value #SHARE_DENOMINATOR},
 * a live value from the {@link IdPool.Snapshot} instead of an invented one, when one of the right type
 * fits; in the runs chosen for it ({@link ToolInputPlanner}: every fourth, from run 1) it always takes a
 * released id when one fits, so a use after close is tried systematically.
 * Its draws come from its own random source, so the value generator's own draws, and therefore
 * every input of a session without harvested ids, stay as they were. Confined to one generation.
 */
final class IdChoice {
    static final int SHARE_NUMERATOR = 3;
    static final int SHARE_DENOMINATOR = 4;

    private final IdPool.Snapshot ids;
    private final SplittableRandom random;
    private final boolean useReleased;
    private int used;

    IdChoice(IdPool.Snapshot ids, SplittableRandom random) {
        this(ids, random, false);
    }

    /**
     * @param useReleased this run uses a released id whenever one fits (a use after close, on
     *                    purpose, not by luck); other runs use only live ids
     */
    IdChoice(IdPool.Snapshot ids, SplittableRandom random, boolean useReleased) {
        this.ids = ids == null ? IdPool.Snapshot.empty() : ids;
        this.random = random;
        this.useReleased = useReleased;
    }

    /** How many values of this generation came from the pool. */
    int used() {
        return used;
    }

    /**
     * A harvested id to use instead of {@code generated}, or {@code generated} itself.
     *
     * @param type the JSON type being generated ({@code string} or {@code integer}; others are left alone)
     */
    JsonNode choose(SchemaView v, String name, String type, JsonNode generated, GenContext ctx, String ptr) {
        if (ids.isEmpty() || !("string".equals(type) || "integer".equals(type))) {
            return generated;
        }
        String kind = IdNames.parameterKind(name, v.description, v.format);
        if (kind == null) {
            return generated;
        }
        List<JsonNode> live = new ArrayList<>();
        List<JsonNode> released = new ArrayList<>();
        for (JsonNode c : ids.candidates(kind)) {
            JsonNode typed = "string".equals(type) ? asString(c) : asInteger(c);
            if (typed != null && fits(v, typed, ctx, ptr)) {
                (ids.released(c) ? released : live).add(typed);
            }
        }
        if (useReleased && !released.isEmpty()) {
            used++;
            return released.get(random.nextInt(released.size()));
        }
        if (live.isEmpty() || random.nextInt(SHARE_DENOMINATOR) >= SHARE_NUMERATOR) {
            return generated;
        }
        used++;
        return live.get(random.nextInt(live.size()));
    }

    private static JsonNode asString(JsonNode c) {
        return c.isString() ? c : c.isIntegralNumber() ? JsonNodeFactory.instance.stringNode(c.asString()) : null;
    }

    private static JsonNode asInteger(JsonNode c) {
        if (c.isIntegralNumber()) {
            return c;
        }
        String s = c.asString("");
        if (s.isEmpty() || s.length() > 18) {
            return null;
        }
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isDigit(s.charAt(i)) || s.charAt(i) > '9') {
                return null;
            }
        }
        return JsonNodeFactory.instance.numberNode(Long.parseLong(s));
    }

    /** The view's length, pattern and bound keywords hold (the planner validates the whole value anyway). */
    private static boolean fits(SchemaView v, JsonNode value, GenContext ctx, String ptr) {
        if (value.isString()) {
            String s = value.asString();
            if (!StringValues.fits(s, v.minLength, v.maxLength)) {
                return false;
            }
            if ("uuid".equals(v.format) && !IdNames.uuidShaped(s)) {
                return false;
            }
            return v.patterns.isEmpty() || StringValues.patternsHold(v.patterns, s, ctx, ptr);
        }
        java.math.BigDecimal n = value.decimalValue();
        SchemaView.Bounds b = v.bounds;
        if (b.lower != null && (b.lowerExclusive ? n.compareTo(b.lower) <= 0 : n.compareTo(b.lower) < 0)) {
            return false;
        }
        return b.upper == null || (b.upperExclusive ? n.compareTo(b.upper) < 0 : n.compareTo(b.upper) <= 0);
    }
}
