package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:EvidenceCapTest")
class EvidenceCapTest {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code [[[...[1]...]]]} with {@code depth} arrays, built without recursion. */
    static ArrayNode nestedArrays(int depth) {
        ArrayNode root = NODES.arrayNode();
        ArrayNode current = root;
        for (int i = 1; i < depth; i++) {
            current = current.addArray();
        }
        current.add(1);
        return root;
    }

    static String nestedArraysText(int depth) {
        return "[".repeat(depth) + "1" + "]".repeat(depth);
    }

    /** Deepest nesting of a tree, measured without recursion (root container = 1). */
    static int depth(JsonNode root) {
        int deepest = 0;
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {root, 1});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            JsonNode node = (JsonNode) top[0];
            int d = (Integer) top[1];
            if (node.isContainer()) {
                deepest = Math.max(deepest, d);
                for (JsonNode child : node.values()) {
                    stack.push(new Object[] {child, d + 1});
                }
            }
        }
        return deepest;
    }

    /** The first marker found under a tree, breadth first. */
    static JsonNode firstMarker(JsonNode root) {
        Deque<JsonNode> queue = new ArrayDeque<>();
        queue.add(root);
        while (!queue.isEmpty()) {
            JsonNode node = queue.poll();
            if (Truncation.isMarker(node)) {
                return node;
            }
            node.values().forEach(queue::add);
        }
        return null;
    }

    @Test
    void aHundredThousandLevelsAreCutWithoutRecursionAndTheMarkerHashesTheCutPart() throws Exception {
        int total = 100_000;
        EvidenceCap.Capped capped = EvidenceCap.value(nestedArrays(total));

        assertThat(capped.structural()).isTrue();
        assertThat(capped.cuts()).isEqualTo(1);
        assertThat(depth(capped.node())).isLessThanOrEqualTo(EvidenceCap.MAX_VALUE_DEPTH);
        JsonNode marker = firstMarker(capped.node());
        assertThat(marker).isNotNull();
        int cutDepth = EvidenceCap.MAX_VALUE_DEPTH; // the container at this depth has a container child
        String cutText = nestedArraysText(total - cutDepth + 1);
        assertThat(marker.path("reason").asString()).isEqualTo("depth");
        assertThat(marker.path("original_type").asString()).isEqualTo("array");
        assertThat(marker.path("original_size").asLong()).isEqualTo(cutText.length());
        assertThat(marker.path("sha256").asString()).isEqualTo(sha256(cutText));
        assertThat(marker.path("original_depth").asInt()).isEqualTo(total - cutDepth + 1);
        assertThat(marker.path("preview_complete").asBoolean()).isFalse(); // ~200 KB of text
        assertThat(cutText).startsWith(marker.path("preview").asString());
        assertThat(marker.path("preview").asString()).hasSize(EvidenceCap.MAX_STRING_BYTES);
    }

    @Test
    void aDeepButSmallValueSurvivesExactlyInItsRawText() throws Exception {
        ArrayNode deep = nestedArrays(3_000);
        EvidenceCap.Capped capped = EvidenceCap.value(deep);
        JsonNode raw = EvidenceCap.rawText(deep);

        assertThat(capped.structural()).isTrue();
        assertThat(raw.isString()).isTrue();
        assertThat(raw.asString()).isEqualTo(nestedArraysText(3_000));
        JsonNode marker = firstMarker(capped.node());
        assertThat(marker.path("preview_complete").asBoolean()).isTrue();
    }

    @Test
    void aTenMegabyteStringBecomesALengthMarkerWithSizeDigestAndA64KibPreview() throws Exception {
        String big = "é" + "x".repeat(10 * 1024 * 1024);
        JsonNode capped = EvidenceCap.string(big);

        assertThat(Truncation.isMarker(capped)).isTrue();
        assertThat(capped.path("reason").asString()).isEqualTo("length");
        assertThat(capped.path("original_type").asString()).isEqualTo("string");
        assertThat(capped.path("original_size").asLong()).isEqualTo(big.getBytes(StandardCharsets.UTF_8).length);
        assertThat(capped.path("original_chars").asLong()).isEqualTo(big.length());
        assertThat(capped.path("sha256").asString()).isEqualTo(sha256(big));
        String preview = capped.path("preview").asString();
        assertThat(preview.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(EvidenceCap.MAX_STRING_BYTES)
                .isGreaterThan(EvidenceCap.MAX_STRING_BYTES - 4);
        assertThat(big).startsWith(preview);
        assertThat(EvidenceCap.string("short").asString()).isEqualTo("short");
    }

    @Test
    void hugeArraysAndObjectsKeepTheirFirstEntriesUnderAMarker() throws Exception {
        ArrayNode array = NODES.arrayNode();
        for (int i = 0; i < 1_000_000; i++) {
            array.add(i);
        }
        ObjectNode object = NODES.objectNode();
        for (int i = 0; i < 5_000; i++) {
            object.put("k" + i, i);
        }
        ObjectNode holder = NODES.objectNode();
        holder.set("array", array);
        holder.set("object", object);

        JsonNode capped = EvidenceCap.value(holder).node();

        JsonNode a = capped.get("array");
        assertThat(a.path("reason").asString()).isEqualTo("entries");
        assertThat(a.path("original_entries").asInt()).isEqualTo(1_000_000);
        String arrayText = ReportJson.line(array);
        assertThat(a.path("original_size").asLong()).isEqualTo(arrayText.length());
        assertThat(a.path("sha256").asString()).isEqualTo(sha256(arrayText));
        assertThat(a.path("kept").size()).isEqualTo(EvidenceCap.KEPT_ENTRIES);
        assertThat(a.path("kept").get(99).asInt()).isEqualTo(99);
        JsonNode o = capped.get("object");
        assertThat(o.path("original_type").asString()).isEqualTo("object");
        assertThat(o.path("original_entries").asInt()).isEqualTo(5_000);
        assertThat(o.path("kept").path("k99").asInt()).isEqualTo(99);
        assertThat(o.path("kept").has("k100")).isFalse();
        // a container of exactly the cap is kept whole
        ArrayNode thousand = NODES.arrayNode();
        for (int i = 0; i < EvidenceCap.MAX_ENTRIES; i++) {
            thousand.add(i);
        }
        assertThat(EvidenceCap.value(thousand).node().size()).isEqualTo(EvidenceCap.MAX_ENTRIES);
    }

    @Test
    void loneSurrogatesBecomeReplacementCharactersAndLongKeysAreShortened() {
        ObjectNode node = NODES.objectNode();
        node.put("a\uD800", "x\uDC00y\uD83D\uDE00");
        node.put("k".repeat(5_000), 1);

        JsonNode capped = EvidenceCap.document(node);

        assertThat(capped.path("a\uFFFD").asString()).isEqualTo("x\uFFFDy\uD83D\uDE00");
        String longKey = capped.propertyNames().stream().filter(k -> k.startsWith("kkk")).findFirst().orElseThrow();
        assertThat(longKey.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(EvidenceCap.MAX_KEY_BYTES);
        assertThat(longKey).contains("key truncated: 5000 bytes, sha256 ");
    }

    @Test
    void theDocumentGuardCapsDepthButNeverCountsEntries() {
        ArrayNode many = NODES.arrayNode();
        for (int i = 0; i < 20_000; i++) {
            many.addObject().put("i", i);
        }
        ObjectNode doc = NODES.objectNode();
        doc.set("findings", many);
        doc.set("deep", nestedArrays(500));

        JsonNode capped = EvidenceCap.document(doc);

        assertThat(capped.get("findings").size()).isEqualTo(20_000);
        assertThat(depth(capped)).isLessThanOrEqualTo(EvidenceCap.MAX_DOCUMENT_DEPTH);
        assertThat(firstMarker(capped.get("deep")).path("reason").asString()).isEqualTo("depth");
        assertThat(doc.get("deep").isArray()).as("the input is not modified").isTrue();
        assertThat(depth(doc.get("deep"))).isEqualTo(500);
    }

    @Test
    void shallowValuesAreCopiedUnchanged() {
        ObjectNode node = NODES.objectNode();
        node.put("n", 9_223_372_036_854_775_807L).put("d", 1.5).putNull("z").put("b", true);
        node.putArray("l").add("x").addObject().put("y", "z");

        EvidenceCap.Capped capped = EvidenceCap.value(node);

        assertThat(capped.cuts()).isZero();
        assertThat(capped.structural()).isFalse();
        assertThat(capped.node()).isEqualTo(node);
    }
}
