package io.mcpfuzzer.generate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The enumerable (finite, deterministic) edge values of the structural strategies, per slot.
 * Enumerating instead of sampling means a tool's runs never repeat one of these inputs.
 * Stateless.
 */
final class EdgeValues {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final int MAX_BOUNDARY_LENGTH = 100_000;

    private EdgeValues() {}

    static List<JsonNode> typeConfusion(Slot slot) {
        List<JsonNode> all = List.of(F.stringNode("42"), F.numberNode(42), F.numberNode(3.5), F.booleanNode(true),
                F.arrayNode().add("x"), F.objectNode().put("value", "x"), F.stringNode("true"), F.numberNode(0),
                F.booleanNode(false), F.stringNode("[object Object]"), F.arrayNode(), F.stringNode("null"));
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : all) {
            if (!slot.allows(ValueGenerator.jsonType(n))) {
                out.add(n);
            }
        }
        return out;
    }

    static List<JsonNode> nulls(Slot slot) {
        return slot.allows("null") ? List.of() : List.of(F.nullNode());
    }

    static List<JsonNode> huge() {
        return List.of(F.numberNode(1e308), F.numberNode(new BigInteger("9223372036854775808")),
                F.numberNode(new BigDecimal("1E+400")), F.numberNode(BigInteger.TWO.pow(64)),
                F.numberNode(2147483648L), F.numberNode(4294967296L), F.numberNode(9007199254740993L),
                F.numberNode(new BigInteger("1" + "0".repeat(40))));
    }

    static List<JsonNode> negative() {
        return List.of(F.numberNode(-1), F.numberNode(-2147483649L), F.numberNode(new BigInteger("-9223372036854775809")),
                F.numberNode(-1e308), F.numberNode(-0.0), F.numberNode(-0.5), F.numberNode(new BigDecimal("-1E+400")));
    }

    static List<JsonNode> nanLike() {
        List<JsonNode> out = new ArrayList<>();
        for (String s : List.of("NaN", "Infinity", "-Infinity", "1e999", "-0", "0x1F", "1_000", " 42 ", "+5",
                "\u0661\u0662\u0663", "4.2.1", "1e-400", "nan", "0b101", "１２３")) {
            out.add(F.stringNode(s));
        }
        return out;
    }

    static List<JsonNode> empty(Slot slot) {
        List<JsonNode> out = new ArrayList<>(List.of(F.stringNode(""), F.arrayNode(), F.objectNode(), F.stringNode(" ")));
        if (slot.isRoot()) {
            out.remove(0);
            out.remove(2);
        }
        return out;
    }

    /** Values just inside and just outside the slot's declared bounds (or common limits). */
    static List<JsonNode> boundary(Slot slot) {
        SchemaView v = slot.view();
        List<JsonNode> out = new ArrayList<>();
        if (slot.numeric()) {
            boolean integer = v.types != null && !v.types.contains("number");
            BigDecimal delta = integer ? BigDecimal.ONE : new BigDecimal("0.001");
            SchemaView.Bounds b = v.bounds;
            if (b.lower != null) {
                out.add(NumberValues.node(b.lower));
                out.add(NumberValues.node(b.lower.subtract(delta)));
                if (b.lowerExclusive) {
                    out.add(NumberValues.node(b.lower.add(delta)));
                }
            }
            if (b.upper != null) {
                out.add(NumberValues.node(b.upper));
                out.add(NumberValues.node(b.upper.add(delta)));
                if (b.upperExclusive) {
                    out.add(NumberValues.node(b.upper.subtract(delta)));
                }
            }
            if (!v.multipleOf.isEmpty()) {
                BigDecimal m = v.multipleOf.get(0);
                BigDecimal base = b.lower != null ? b.lower : BigDecimal.ZERO;
                out.add(NumberValues.node(base.add(m.divide(BigDecimal.valueOf(2)))));
            }
            if (b.lower == null && b.upper == null) {
                for (long x : new long[] {0, -1, 2147483647L, 2147483648L, -2147483649L, 9007199254740993L}) {
                    out.add(F.numberNode(x));
                }
            }
        }
        if (slot.allows("string") && (v.types != null || !slot.numeric())) {
            if (v.maxLength != Integer.MAX_VALUE && v.maxLength < MAX_BOUNDARY_LENGTH) {
                out.add(F.stringNode("a".repeat(v.maxLength)));
                out.add(F.stringNode("a".repeat(v.maxLength + 1)));
            }
            if (v.minLength > 0 && v.minLength <= MAX_BOUNDARY_LENGTH) {
                out.add(F.stringNode("a".repeat(v.minLength - 1)));
            }
            if (v.maxLength == Integer.MAX_VALUE && v.minLength == 0) {
                out.add(F.stringNode("a"));
                out.add(F.stringNode("a".repeat(255)));
                out.add(F.stringNode("a".repeat(256)));
                out.add(F.stringNode("a".repeat(65_536)));
            }
        }
        if (v.allows("array") && v.types != null && v.types.contains("array")) {
            if (v.maxItems != Integer.MAX_VALUE && v.maxItems < 10_000) {
                out.add(filled(v.maxItems + 1));
            }
            if (v.minItems > 0 && v.minItems <= 10_000) {
                out.add(filled(v.minItems - 1));
            }
            if (v.maxItems == Integer.MAX_VALUE) {
                out.add(filled(1_000));
            }
        }
        return dedupe(out);
    }

    private static JsonNode filled(int n) {
        var array = F.arrayNode();
        for (int i = 0; i < n; i++) {
            array.add(i);
        }
        return array;
    }

    private static List<JsonNode> dedupe(List<JsonNode> in) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode n : in) {
            if (!out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }
}
