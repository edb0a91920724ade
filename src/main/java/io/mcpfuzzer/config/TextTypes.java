package io.mcpfuzzer.config;

import static io.mcpfuzzer.config.ValueType.checkLength;
import static io.mcpfuzzer.config.ValueType.nodeKind;
import static io.mcpfuzzer.config.ValueType.quote;
import static io.mcpfuzzer.config.ValueType.wrong;

import io.mcpfuzzer.common.Json;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Text-based value types: strings, paths, enum constants, fixed names, JSON objects. */
final class TextTypes {
    private TextTypes() {}

    static class TextType extends ValueType<String> {
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

    static final class PathType extends ValueType<Path> {
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

    static final class EnumType<E extends Enum<E>> extends ValueType<E> {
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
            throw new IllegalArgumentException(wrong(describe(), quote(text)).getMessage()
                    + Suggestions.hint(text, names()));
        }

        @Override
        public E fromNode(JsonNode node) {
            if (!node.isString()) {
                throw wrong(describe(), nodeKind(node));
            }
            return parse(node.stringValue());
        }
    }

    static final class NameType extends ValueType<String> {
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
            throw new IllegalArgumentException(wrong(describe(), quote(text)).getMessage()
                    + Suggestions.hint(text, allowed));
        }

        @Override
        public String fromNode(JsonNode node) {
            if (!node.isString()) {
                throw wrong(describe(), nodeKind(node));
            }
            return parse(node.stringValue());
        }
    }

    static final class JsonObjectType extends ValueType<ObjectNode> {
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
}
