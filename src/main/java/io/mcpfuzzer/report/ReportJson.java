package io.mcpfuzzer.report;

import io.mcpfuzzer.common.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.StringNode;

/**
 * Jackson mappers for writing reports. Unlike the shared mapper, writing accepts nesting as deep
 * as parsing does (fuzz inputs can be 1,000+ levels deep), so evidence always serialises.
 * Thread-safe.
 */
public final class ReportJson {
    /** Deepest nesting written; deeper values are replaced by a marker string. */
    public static final int MAX_DEPTH = Json.MAX_PARSE_DEPTH + 100;

    private static final JsonMapper COMPACT = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .maxStringLength(256 * 1024 * 1024)
                            .build())
                    .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_DEPTH + 10).build())
                    .build())
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .build();
    private static final JsonMapper PRETTY = COMPACT.rebuild().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ReportJson() {}

    public static JsonMapper compact() {
        return COMPACT;
    }

    public static JsonMapper pretty() {
        return PRETTY;
    }

    /**
     * Any evidence value as a tree: Jackson nodes are returned as is, other values converted;
     * a value Jackson cannot convert becomes its {@code String.valueOf} text. Never throws.
     */
    public static JsonNode toTree(Object value) {
        if (value == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (value instanceof JsonNode node) {
            return node;
        }
        try {
            return COMPACT.valueToTree(value);
        } catch (JacksonException | IllegalArgumentException e) {
            return StringNode.valueOf(String.valueOf(value));
        }
    }

    /** Single-line JSON (no raw newline), never throws for trees made by {@link #toTree}. */
    public static String line(JsonNode node) {
        return COMPACT.writeValueAsString(node);
    }
}
