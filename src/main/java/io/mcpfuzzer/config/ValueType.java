package io.mcpfuzzer.config;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Severity;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The type and allowed range of one option value, with conversion from the three raw forms:
 * text (command line, environment), a YAML node, and (for flags) a boolean. Conversions throw
 * {@link IllegalArgumentException} whose message says what was expected and what was found,
 * without naming the option (the caller adds the source). Immutable and thread-safe.
 *
 * @param <T> the Java type of a converted value
 */
public abstract class ValueType<T> {
    /** Longest accepted textual value, in chars (bounds env and YAML input). */
    public static final int MAX_TEXT = 64 * 1024;

    /** Short description used in help and messages, e.g. "an integer from 1 to 100". */
    public abstract String describe();

    /** Converts command-line or environment text. */
    public abstract T parse(String text);

    /** Converts a YAML value node. */
    public abstract T fromNode(JsonNode node);

    /** True for flags: on the command line the option takes no parameter. */
    public boolean isFlag() {
        return false;
    }

    /** True for repeatable options whose values accumulate into a list. */
    public boolean isList() {
        return false;
    }

    static String quote(String text) {
        String t = text.length() > 80 ? text.substring(0, 80) + "..." : text;
        return "'" + t + "'";
    }

    static String nodeKind(JsonNode node) {
        if (node.isNull()) {
            return "null";
        }
        if (node.isBoolean()) {
            return "a boolean (" + node + ")";
        }
        if (node.isNumber()) {
            return "a number (" + node + ")";
        }
        if (node.isString()) {
            return "a string (" + quote(node.stringValue()) + ")";
        }
        return node.isArray() ? "a list" : "a mapping";
    }

    static IllegalArgumentException wrong(String expected, String found) {
        return new IllegalArgumentException("expected " + expected + ", got " + found);
    }

    static String checkLength(String text) {
        if (text.length() > MAX_TEXT) {
            throw wrong("at most " + MAX_TEXT + " characters", text.length() + " characters");
        }
        return text;
    }

    public static ValueType<Integer> integer(int min, int max) {
        return new IntegerType(min, max);
    }

    public static ValueType<Long> longInt(long min, long max) {
        return new LongType(min, max);
    }

    /** A decimal number in the half-open range ({@code minExclusive}, {@code max}]. */
    public static ValueType<Double> decimal(double minExclusive, double max) {
        return new DecimalType(minExclusive, max, false);
    }

    /** A decimal number in the closed range [{@code min}, {@code max}]. */
    public static ValueType<Double> decimalFrom(double min, double max) {
        return new DecimalType(min, max, true);
    }

    /** One of a fixed list of names, matched case-insensitively and returned in the listed spelling. */
    public static ValueType<String> oneOf(String what, List<String> allowed) {
        return new NameType(what, List.copyOf(allowed));
    }

    /** A JSON object: from text it is parsed as JSON; from YAML a mapping or a JSON string is accepted. */
    public static ValueType<ObjectNode> jsonObject() {
        return new JsonObjectType();
    }

    public static ValueType<Boolean> flag() {
        return new FlagType();
    }

    public static ValueType<String> text() {
        return new TextType();
    }

    public static ValueType<Path> path() {
        return new PathType();
    }

    public static ValueType<Severity> severity() {
        return new EnumType<>(Severity.class, "severity");
    }

    /** One of the constants of {@code type}, matched case-insensitively against {@code Enum.name()} with '-' as '_'. */
    public static <E extends Enum<E>> ValueType<E> choice(Class<E> type) {
        return new EnumType<>(type, null);
    }

    /**
     * A repeatable option. From the environment the text is split on {@code separator}
     * (blank items dropped); from YAML a sequence or a single scalar is accepted.
     */
    public static <E> ValueType<List<E>> listOf(ValueType<E> element, char separator) {
        return new ListType<>(element, separator);
    }

    private static final class IntegerType extends ValueType<Integer> {
        private final LongType range;

        IntegerType(int min, int max) {
            range = new LongType(min, max);
        }

        @Override public String describe() { return range.describe(); }
        @Override public Integer parse(String text) { return range.parse(text).intValue(); }
        @Override public Integer fromNode(JsonNode node) { return range.fromNode(node).intValue(); }
    }

    private static final class LongType extends ValueType<Long> {
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

    private static final class DecimalType extends ValueType<Double> {
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

    private static final class FlagType extends ValueType<Boolean> {
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

    private static class TextType extends ValueType<String> {
        @Override public String describe() { return "a string"; }

        @Override
        public String parse(String text) {
            return checkLength(text);
        }

        @Override
        public String fromNode(JsonNode node) {
            if (!node.isString()) {
                throw wrong(describe(), nodeKind(node));
            }
            return parse(node.stringValue());
        }
    }

    private static final class PathType extends ValueType<Path> {
        private final TextType text = new TextType();

        @Override public String describe() { return "a file system path"; }
        @Override public Path fromNode(JsonNode node) { return parse(text.fromNode(node)); }

        @Override
        public Path parse(String raw) {
            String t = checkLength(raw);
            if (t.isBlank() || t.indexOf('\0') >= 0) {
                throw wrong("a non-empty path", quote(t));
            }
            try {
                return Path.of(t);
            } catch (InvalidPathException e) {
                throw wrong(describe(), quote(t) + " (" + e.getReason() + ")");
            }
        }
    }

    private static final class EnumType<E extends Enum<E>> extends ValueType<E> {
        private final Class<E> type;
        private final String what;

        EnumType(Class<E> type, String what) {
            this.type = type;
            this.what = what;
        }

        /** The CLI spelling of each constant: lower case, '_' shown as '-'. */
        List<String> names() {
            return Arrays.stream(type.getEnumConstants())
                    .map(e -> e.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .collect(Collectors.toList());
        }

        @Override
        public String describe() {
            return (what == null ? "one of " : "a " + what + ": one of ") + String.join(", ", names());
        }

        @Override
        public E parse(String text) {
            String t = checkLength(text).trim().replace('-', '_');
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(t)) {
                    return e;
                }
            }
            throw wrong(describe(), quote(text));
        }

        @Override
        public E fromNode(JsonNode node) {
            if (!node.isString()) {
                throw wrong(describe(), nodeKind(node));
            }
            return parse(node.stringValue());
        }
    }

    private static final class NameType extends ValueType<String> {
        private final String what;
        private final List<String> allowed;

        NameType(String what, List<String> allowed) {
            this.what = what;
            this.allowed = allowed;
        }

        @Override
        public String describe() {
            return "a " + what + ": one of " + String.join(", ", allowed);
        }

        @Override
        public String parse(String text) {
            String t = checkLength(text).trim();
            for (String a : allowed) {
                if (a.equalsIgnoreCase(t)) {
                    return a;
                }
            }
            throw wrong(describe(), quote(text));
        }

        @Override
        public String fromNode(JsonNode node) {
            if (!node.isString()) {
                throw wrong(describe(), nodeKind(node));
            }
            return parse(node.stringValue());
        }
    }

    private static final class JsonObjectType extends ValueType<ObjectNode> {
        @Override public String describe() { return "a JSON object"; }

        @Override
        public ObjectNode parse(String text) {
            JsonNode node;
            try {
                node = Json.parse(checkLength(text));
            } catch (JacksonException e) {
                throw wrong(describe(), "invalid JSON " + quote(text) + " (" + e.getOriginalMessage() + ")");
            }
            return fromNode(node);
        }

        @Override
        public ObjectNode fromNode(JsonNode node) {
            if (node.isString()) {
                return parse(node.stringValue());
            }
            if (!node.isObject()) {
                throw wrong(describe(), nodeKind(node));
            }
            return (ObjectNode) node.deepCopy();
        }
    }

    private static final class ListType<E> extends ValueType<List<E>> {
        /** Most items accepted in one list. */
        static final int MAX_ITEMS = 1_000;
        private final ValueType<E> element;
        private final char separator;

        ListType(ValueType<E> element, char separator) {
            this.element = element;
            this.separator = separator;
        }

        @Override public String describe() { return "a list of " + element.describe().replaceFirst("^an? ", "") + " items"; }
        @Override public boolean isList() { return true; }

        @Override
        public List<E> parse(String text) {
            List<E> out = new ArrayList<>();
            for (String part : checkLength(text).split(java.util.regex.Pattern.quote(String.valueOf(separator)))) {
                if (!part.isBlank()) {
                    out.add(element.parse(part.trim()));
                }
            }
            return bounded(out);
        }

        @Override
        public List<E> fromNode(JsonNode node) {
            List<E> out = new ArrayList<>();
            if (node.isArray()) {
                int index = 0;
                for (JsonNode item : node) {
                    try {
                        out.add(element.fromNode(item));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("item " + index + ": " + e.getMessage(), e);
                    }
                    index++;
                }
            } else if (node.isValueNode() && !node.isNull()) {
                out.add(element.fromNode(node));
            } else {
                throw wrong(describe(), nodeKind(node));
            }
            return bounded(out);
        }

        /** Converts command-line values, one item per occurrence of the option. */
        List<E> fromTexts(List<String> texts) {
            List<E> out = new ArrayList<>();
            for (String t : texts) {
                out.add(element.parse(t));
            }
            return bounded(out);
        }

        private List<E> bounded(List<E> out) {
            if (out.size() > MAX_ITEMS) {
                throw wrong("at most " + MAX_ITEMS + " items", out.size() + " items");
            }
            return List.copyOf(out);
        }
    }

    /** Converts repeated command-line values of a list option (one value per occurrence). */
    @SuppressWarnings("unchecked")
    static Object fromTexts(ValueType<?> type, List<String> texts) {
        return ((ListType<Object>) type).fromTexts(texts);
    }
}
