package io.mcpfuzzer.config;

import static io.mcpfuzzer.config.ValueType.checkLength;
import static io.mcpfuzzer.config.ValueType.nodeKind;
import static io.mcpfuzzer.config.ValueType.wrong;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A repeatable option's type: a list of elements of another type, bounded to {@link #MAX_ITEMS}.
 *
 * @param <E> element type
 */
final class ListType<E> extends ValueType<List<E>> {
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
        for (String part : checkLength(text).split(Pattern.quote(String.valueOf(separator)))) {
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
