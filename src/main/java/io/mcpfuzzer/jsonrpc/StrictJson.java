package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Parses an outgoing frame for the {@link OutboundPolicy} so that the tree holds every value the
 * peer could read: a document with a duplicate member name (peers disagree on which one wins) or
 * with content after the first value (a peer may read both) is not JSON here, and the policy then
 * judges the frame as text. Same depth and length limits as {@link Json}. Thread-safe.
 */
final class StrictJson {
    private static final JsonMapper STRICT = Json.mapper().rebuild()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    private StrictJson() {}

    /** The parsed document, or null when the text is not one strict JSON document. */
    static JsonNode parseOrNull(String text) {
        try {
            JsonNode node = STRICT.readTree(text);
            return node == null || node.isMissingNode() ? null : node;
        } catch (JacksonException | IllegalArgumentException e) {
            return null;
        }
    }
}
