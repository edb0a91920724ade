package io.mcpfuzzer.report;

import java.io.OutputStream;
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
