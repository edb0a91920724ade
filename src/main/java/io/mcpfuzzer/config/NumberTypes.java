package io.mcpfuzzer.config;

import static io.mcpfuzzer.config.ValueType.checkLength;
import static io.mcpfuzzer.config.ValueType.nodeKind;
import static io.mcpfuzzer.config.ValueType.quote;
import static io.mcpfuzzer.config.ValueType.wrong;

import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/** Number and boolean value types (see {@link ValueType} factories). */
final class NumberTypes {
    private NumberTypes() {}

    static final class IntegerType extends ValueType<Integer> {
        private final LongType range;

        IntegerType(int min, int max) {
            range = new LongType(min, max);
        }

        @Override public String describe() { return range.describe(); }
        @Override public Integer parse(String text) { return range.parse(text).intValue(); }
        @Override public Integer fromNode(JsonNode node) { return range.fromNode(node).intValue(); }
    }

    static final class LongType extends ValueType<Long> {
        private final long min;
        private final long max;

        LongType(long min, long max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public String describe() {
            return "an integer from " + min + " to " + max;
        }

        @Override
        public Long parse(String text) {
            long v;
            try {
                v = Long.parseLong(checkLength(text).trim());
            } catch (NumberFormatException e) {
                throw wrong(describe(), quote(text));
            }
            return check(v, text);
        }

        @Override
        public Long fromNode(JsonNode node) {
            if (!node.isIntegralNumber() || !node.canConvertToLong()) {
                throw wrong(describe(), nodeKind(node));
            }
            return check(node.longValue(), node.toString());
        }

        private Long check(long v, String shown) {
            if (v < min || v > max) {
                throw wrong(describe(), shown.trim());
            }
            return v;
        }
    }

    static final class DecimalType extends ValueType<Double> {
        private final double min;
        private final double max;
        private final boolean inclusive;

        DecimalType(double min, double max, boolean inclusive) {
            this.min = min;
            this.max = max;
            this.inclusive = inclusive;
        }

        @Override
        public String describe() {
            return "a number " + (inclusive ? "from " + fmt(min) + " to " : "greater than " + fmt(min) + " and at most ")
                    + fmt(max);
        }

        private static String fmt(double d) {
            return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        }

        @Override
        public Double parse(String text) {
            double v;
            try {
                v = Double.parseDouble(checkLength(text).trim());
            } catch (NumberFormatException e) {
                throw wrong(describe(), quote(text));
            }
            return check(v, text.trim());
        }

        @Override
        public Double fromNode(JsonNode node) {
            if (!node.isNumber()) {
                throw wrong(describe(), nodeKind(node));
            }
            return check(node.doubleValue(), node.toString());
        }

        private Double check(double v, String shown) {
            if (!((inclusive ? v >= min : v > min) && v <= max)) {
                throw wrong(describe(), shown);
            }
            return v;
        }
    }

    static final class FlagType extends ValueType<Boolean> {
        private static final List<String> TRUE = List.of("true", "1", "yes", "on");
        private static final List<String> FALSE = List.of("false", "0", "no", "off");

        @Override public String describe() { return "true or false"; }
        @Override public boolean isFlag() { return true; }

        @Override
        public Boolean parse(String text) {
            String t = checkLength(text).trim().toLowerCase(Locale.ROOT);
            if (TRUE.contains(t)) {
                return true;
            }
            if (FALSE.contains(t)) {
                return false;
            }
            throw wrong("true/false (also 1/0, yes/no, on/off)", quote(text));
        }

        @Override
        public Boolean fromNode(JsonNode node) {
            if (!node.isBoolean()) {
                throw wrong("true or false", nodeKind(node));
            }
            return node.booleanValue();
        }
    }
}
