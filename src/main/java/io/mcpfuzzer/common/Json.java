package io.mcpfuzzer.common;

import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one shared Jackson 3 mapper. Thread-safe. Parsing limits are raised enough for
 * hostile servers (deep and long documents) while still bounded.
 */
public final class Json {
    /** Largest nesting depth accepted when parsing a document from a peer, and when writing one. */
    public static final int MAX_PARSE_DEPTH = 2_000;

    private static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_PARSE_DEPTH)
                            .maxStringLength(64 * 1024 * 1024)
                            .maxNumberLength(100_000)
                            .build())
                    .streamWriteConstraints(StreamWriteConstraints.builder()
                            .maxNestingDepth(MAX_PARSE_DEPTH)
                            .build())
                    .build())
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();
    private static final JsonMapper PRETTY = MAPPER.rebuild().enable(SerializationFeature.INDENT_OUTPUT).build();

    private Json() {}

    public static JsonMapper mapper() {
        return MAPPER;
    }

    public static JsonMapper pretty() {
        return PRETTY;
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /** Parses text; throws {@link tools.jackson.core.JacksonException} on invalid JSON. */
    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    /** Compact single-line serialisation (never contains a raw newline). */
    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static JsonNode toTree(Object value) {
        return MAPPER.valueToTree(value);
    }
}
