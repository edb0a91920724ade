package io.mcpfuzzer.generate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The edge classes of a number or integer location: zero, negative zero, one, minus one, each
 * declared bound and its neighbours at distance 1 (the bound itself is the invalid class of an
 * exclusive bound), the neighbours of a multiple of {@code multipleOf}, very large and very small
 * magnitudes, an integral float and a fraction. Most telling first. Stateless.
 */
final class NumberClasses {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private NumberClasses() {}

    static List<EdgeClass> of(SchemaView v, boolean integer) {
        List<EdgeClass> out = new ArrayList<>();
        out.add(new EdgeClass("number.zero", F.numberNode(0)));
        out.add(new EdgeClass("number.minus_one", F.numberNode(-1)));
        out.add(new EdgeClass("number.one", F.numberNode(1)));
        out.add(new EdgeClass("number.negative_zero", F.numberNode(-0.0)));
        SchemaView.Bounds b = v.bounds;
        if (b.lower != null) {
            String name = b.lowerExclusive ? "number.exclusive_minimum" : "number.minimum";
            out.add(new EdgeClass(name, NumberValues.node(b.lower)));
            out.add(new EdgeClass(name + "_minus_one", NumberValues.node(b.lower.subtract(BigDecimal.ONE))));
            out.add(new EdgeClass(name + "_plus_one", NumberValues.node(b.lower.add(BigDecimal.ONE))));
        }
        if (b.upper != null) {
            String name = b.upperExclusive ? "number.exclusive_maximum" : "number.maximum";
            out.add(new EdgeClass(name, NumberValues.node(b.upper)));
            out.add(new EdgeClass(name + "_minus_one", NumberValues.node(b.upper.subtract(BigDecimal.ONE))));
            out.add(new EdgeClass(name + "_plus_one", NumberValues.node(b.upper.add(BigDecimal.ONE))));
        }
        if (!v.multipleOf.isEmpty()) {
            BigDecimal m = v.multipleOf.get(0);
            BigDecimal start = b.lower != null ? b.lower : m.multiply(BigDecimal.valueOf(3));
            BigDecimal multiple = start.divide(m, 0, RoundingMode.CEILING).multiply(m);
            BigDecimal step = integer && m.compareTo(BigDecimal.ONE) > 0 ? BigDecimal.ONE : m.divide(BigDecimal.valueOf(2));
            out.add(new EdgeClass("number.multiple_of", NumberValues.node(multiple)));
            out.add(new EdgeClass("number.multiple_of_minus", NumberValues.node(multiple.subtract(step))));
            out.add(new EdgeClass("number.multiple_of_plus", NumberValues.node(multiple.add(step))));
        }
        out.add(new EdgeClass("number.very_large", F.numberNode(1e308)));
        out.add(new EdgeClass("number.very_small", F.numberNode(-1e308)));
        out.add(new EdgeClass("number.int64_overflow", F.numberNode(BigInteger.TWO.pow(63))));
        out.add(new EdgeClass("number.tiny", F.numberNode(1e-300)));
        out.add(new EdgeClass("number.integral_float", F.numberNode(inRange(BigDecimal.valueOf(2), b).doubleValue())));
        out.add(new EdgeClass("number.fraction", NumberValues.node(inRange(BigDecimal.ONE, b).add(new BigDecimal("0.5")))));
        return out;
    }

    /** {@code x} moved inside the bounds when it lies outside (to the nearest integer inside). */
    private static BigDecimal inRange(BigDecimal x, SchemaView.Bounds b) {
        BigDecimal out = x;
        if (b.lower != null && out.compareTo(b.lower) <= 0) {
            out = new BigDecimal(NumberValues.ceilInclusive(b.lower, b.lowerExclusive));
        }
        if (b.upper != null && out.compareTo(b.upper) >= 0) {
            out = new BigDecimal(NumberValues.floorInclusive(b.upper, b.upperExclusive));
        }
        return out.setScale(0, RoundingMode.FLOOR);
    }
}
