package io.mcpfuzzer.report;

import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ContainerNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.StringNode;

/**
 * Jackson mappers for writing reports, and the one way artifacts reach their bytes
 * ({@link #writeArtifact}, {@link #artifactText}, {@link #artifactLine}): every document passes
 * {@link EvidenceCap#document} first, so no artifact is deeper than
 * {@value EvidenceCap#MAX_DOCUMENT_DEPTH} or holds a string over 64 KiB. The mappers themselves
 * accept deep trees (fuzz inputs can be 1,000+ levels deep) so that converting evidence never
 * fails. Thread-safe.
 */
public final class ReportJson {
    /**
     * Deepest nesting accepted when converting or redacting a value (the redactor recurses this
     * deep and replaces anything deeper by a marker string). A fixed number, independent of the
     * peer parse limit in {@code common.Json}, so that raising that limit cannot make report
     * code recurse deeper. Artifacts are capped far lower, by {@link EvidenceCap}.
     */
    public static final int MAX_DEPTH = 2_100;

    private static final JsonMapper COMPACT = JsonMapper.builder(JsonFactory.builder()
                    .recyclerPool(JsonRecyclerPools.threadLocalPool()) // as common.Json's
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
     * Any evidence value as a tree: Jackson nodes are returned as is; maps, collections and object
     * arrays are converted with an explicit stack (never recursion, so a deep value is safe on any
     * thread; deeper than {@link #MAX_DEPTH} or cyclic parts become marker strings); other values
     * are converted by Jackson, and one Jackson cannot convert becomes its {@code String.valueOf}
     * text. Never throws.
     */
    public static JsonNode toTree(Object value) {
        Deque<Frame> stack = new ArrayDeque<>();
        Set<Object> open = Collections.newSetFromMap(new IdentityHashMap<>());
        JsonNode root = step(value, stack, open);
        while (!stack.isEmpty()) {
            Frame frame = stack.peek();
            if (!frame.source().hasNext()) {
                open.remove(stack.pop().owner());
                continue;
            }
            Object next = frame.source().next();
            if (frame.target() instanceof ObjectNode object) {
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) next;
                object.set(String.valueOf(entry.getKey()), step(entry.getValue(), stack, open));
            } else {
                ((ArrayNode) frame.target()).add(step(next, stack, open));
            }
        }
        return root;
    }

    private static JsonNode step(Object value, Deque<Frame> stack, Set<Object> open) {
        if (value == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (value instanceof JsonNode node) {
            return node;
        }
        Iterator<?> source = value instanceof Map<?, ?> map ? map.entrySet().iterator()
                : value instanceof Collection<?> list ? list.iterator()
                : value instanceof Object[] array ? Arrays.asList(array).iterator() : null;
        if (source == null) {
            return leaf(value);
        }
        if (stack.size() >= MAX_DEPTH) {
            return StringNode.valueOf("[TRUNCATED: nested deeper than " + MAX_DEPTH + "]");
        }
        if (!open.add(value)) {
            return StringNode.valueOf("[cycle: a container inside itself]");
        }
        ContainerNode<?> copy = value instanceof Map<?, ?> ? JsonNodeFactory.instance.objectNode()
                : JsonNodeFactory.instance.arrayNode();
        stack.push(new Frame(value, source, copy));
        return copy;
    }

    private static JsonNode leaf(Object value) {
        try {
            return COMPACT.valueToTree(value);
        } catch (JacksonException | IllegalArgumentException e) {
            return StringNode.valueOf(String.valueOf(value));
        }
    }

    /** A container being converted: the original, its remaining entries, the copy. */
    private record Frame(Object owner, Iterator<?> source, ContainerNode<?> target) {}

    /** An artifact document, capped ({@link EvidenceCap#document}), pretty-printed to {@code out}. */
    public static void writeArtifact(OutputStream out, JsonNode doc) {
        PRETTY.writeValue(out, EvidenceCap.document(doc));
    }

    /** An artifact document, capped and pretty-printed, ending with a newline. */
    public static String artifactText(JsonNode doc) {
        return PRETTY.writeValueAsString(EvidenceCap.document(doc)) + "\n";
    }

    /** One capped JSON line (no raw newline, no trailing newline), for JSON Lines artifacts. */
    public static String artifactLine(JsonNode doc) {
        return COMPACT.writeValueAsString(EvidenceCap.document(doc));
    }

    /** Single-line JSON (no raw newline), never throws for trees made by {@link #toTree}. */
    public static String line(JsonNode node) {
        return COMPACT.writeValueAsString(node);
    }
}
