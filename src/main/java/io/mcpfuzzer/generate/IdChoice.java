package io.mcpfuzzer.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Puts harvested ids into one generated value: a parameter that looks like an id
 * ({@link IdNames#parameterKind}) gets, with probability {@value #SHARE_NUMERATOR}/{@value #SHARE_DENOMINATOR},
 * a value from the {@link IdPool.Snapshot} instead of an invented one, when one of the right type fits.
 * Its draws come from its own random source, so the value generator's own draws, and therefore
 * every input of a session without harvested ids, stay as they were. Confined to one generation.
 */
final class IdChoice {
    static final int SHARE_NUMERATOR = 3;
    static final int SHARE_DENOMINATOR = 4;

    private final IdPool.Snapshot ids;
    private final SplittableRandom random;
    private int used;

    IdChoice(IdPool.Snapshot ids, SplittableRandom random) {
        this.ids = ids == null ? IdPool.Snapshot.empty() : ids;
        this.random = random;
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
        List<JsonNode> fitting = new ArrayList<>();
        for (JsonNode c : ids.candidates(kind)) {
            JsonNode typed = "string".equals(type) ? asString(c) : asInteger(c);
            if (typed != null && fits(v, typed, ctx, ptr)) {
                fitting.add(typed);
            }
        }
        if (fitting.isEmpty() || random.nextInt(SHARE_DENOMINATOR) >= SHARE_NUMERATOR) {
            return generated;
        }
        used++;
        return fitting.get(random.nextInt(fitting.size()));
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
