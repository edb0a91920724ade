package io.mcpfuzzer.config;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import java.nio.file.Path;
import java.util.List;
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
        return new NumberTypes.IntegerType(min, max);
    }

    public static ValueType<Long> longInt(long min, long max) {
        return new NumberTypes.LongType(min, max);
    }

    /** A decimal number in the half-open range ({@code minExclusive}, {@code max}]. */
    public static ValueType<Double> decimal(double minExclusive, double max) {
        return new NumberTypes.DecimalType(minExclusive, max, false);
    }

    /** A decimal number in the closed range [{@code min}, {@code max}]. */
    public static ValueType<Double> decimalFrom(double min, double max) {
        return new NumberTypes.DecimalType(min, max, true);
    }

    /** One of a fixed list of names, matched case-insensitively and returned in the listed spelling. */
    public static ValueType<String> oneOf(String what, List<String> allowed) {
        return new TextTypes.NameType(what, List.copyOf(allowed));
    }

    /** A JSON object: from text it is parsed as JSON; from YAML a mapping or a JSON string is accepted. */
    public static ValueType<ObjectNode> jsonObject() {
        return new TextTypes.JsonObjectType();
    }

    public static ValueType<Boolean> flag() {
        return new NumberTypes.FlagType();
    }

    public static ValueType<String> text() {
        return new TextTypes.TextType();
    }

    public static ValueType<Path> path() {
        return new TextTypes.PathType();
    }

    public static ValueType<Severity> severity() {
        return new TextTypes.EnumType<>(Severity.class, "severity");
    }

    /** One of the constants of {@code type}, matched case-insensitively against {@code Enum.name()} with '-' as '_'. */
    public static <E extends Enum<E>> ValueType<E> choice(Class<E> type) {
        return new TextTypes.EnumType<>(type, null);
    }

    /**
     * A repeatable option. From the environment the text is split on {@code separator}
     * (blank items dropped); from YAML a sequence or a single scalar is accepted.
     */
    public static <E> ValueType<List<E>> listOf(ValueType<E> element, char separator) {
        return new ListType<>(element, separator);
    }











    /** Converts repeated command-line values of a list option (one value per occurrence). */
    @SuppressWarnings("unchecked")
    static Object fromTexts(ValueType<?> type, List<String> texts) {
        return ((ListType<Object>) type).fromTexts(texts);
    }
}
