package io.mcpfuzzer.common;

import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one shared Jackson 3 mapper. Thread-safe. Parsing limits are raised enough for
 * hostile servers (deep and long documents) while still bounded.
 *
 * <p>Parse and write limits agree: anything parsed (at most {@link #MAX_PARSE_DEPTH} levels) can be
 * written again with {@link #write(Object)}, also inside a few levels of our own envelope
 * ({@link #MAX_WRITE_DEPTH}). Turn a peer's node into text with {@link #write(Object)}, never with
 * {@code JsonNode.toString()}: that goes through Jackson's own shared mapper (write depth 500 by default).
 * Loading this class raises Jackson's process-wide default write depth to {@link #MAX_WRITE_DEPTH} as a
 * second line of defence, which only reaches the shared mapper when this class loads before the first
 * {@code toString()} of any node (a warning is logged otherwise).
 */
public final class Json {
    /** Largest nesting depth accepted when parsing a document from a peer. */
    public static final int MAX_PARSE_DEPTH = 2_000;
    /** Largest nesting depth written: a parsed document plus room for the envelope around it. */
    public static final int MAX_WRITE_DEPTH = MAX_PARSE_DEPTH + 100;

    static {
        StreamWriteConstraints.overrideDefaultStreamWriteConstraints(
                StreamWriteConstraints.builder().maxNestingDepth(MAX_WRITE_DEPTH).build());
        int shared = JsonMapper.shared().tokenStreamFactory().streamWriteConstraints().getMaxNestingDepth();
        if (shared < MAX_WRITE_DEPTH) {
            org.slf4j.LoggerFactory.getLogger(Json.class).warn("Jackson's shared mapper was built before the write "
                    + "depth was raised: JsonNode.toString() fails beyond {} levels", shared);
        }
    }

    // buffers recycled per thread: Jackson 3's default pool is a shared concurrent deque, 12 % of the stdio
    // reader's CPU at concurrency 1 (docs/bench.md, round 12); our threads are few and long-lived
    private static final JsonMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .recyclerPool(JsonRecyclerPools.threadLocalPool())
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_PARSE_DEPTH)
                            .maxStringLength(64 * 1024 * 1024)
                            .maxNumberLength(100_000)
                            .build())
                    .streamWriteConstraints(StreamWriteConstraints.builder()
                            .maxNestingDepth(MAX_WRITE_DEPTH)
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
