package io.mcpfuzzer.testservers;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.StringNode;

/**
 * Splices raw JSON text that Jackson would refuse to write (3,000-deep nesting, escaped lone
 * surrogates) into an otherwise normal message: {@link #mark} returns a placeholder string node
 * and {@link #render} replaces each placeholder (with its quotes) by its fragment. One instance
 * per message; not thread-safe.
 */
final class RawJson {
    private static final String NONCE = UUID.randomUUID().toString();
    private final List<String> fragments = new ArrayList<>();

    /** A placeholder that {@link #render} turns into {@code rawJson}, which must be one JSON value. */
    StringNode mark(String rawJson) {
        fragments.add(rawJson);
        return JsonNodeFactory.instance.stringNode(placeholder(fragments.size() - 1));
    }

    /** The message as one line of JSON text, fragments in place. */
    String render(JsonNode message) {
        String text = Json.write(message);
        for (int i = 0; i < fragments.size(); i++) {
            text = text.replace("\"" + placeholder(i) + "\"", fragments.get(i));
        }
        return text;
    }

    private static String placeholder(int i) {
        return "@raw-" + i + "-" + NONCE + "@";
    }
}
