package io.mcpfuzzer.generate;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;

/**
 * Resolves local {@code $ref}s ({@code #}, {@code #/json/pointer} into {@code $defs},
 * {@code definitions} or anywhere, and {@code #anchor}) inside one schema document. Remote
 * references are not fetched (this layer does no I/O); they do not resolve. Pure, bounded.
 */
final class RefResolver {
    private static final int MAX_ANCHOR_SCAN = 20_000;
    private final JsonNode root;

    RefResolver(JsonNode root) {
        this.root = root;
    }

    /** The schema the reference points at, or empty when it does not resolve locally. */
    Optional<JsonNode> resolve(String ref) {
        if (ref == null) {
            return Optional.empty();
        }
        int hash = ref.indexOf('#');
        String base = hash < 0 ? ref : ref.substring(0, hash);
        if (!base.isEmpty() && !base.equals(root.path("$id").asString(""))) {
            return Optional.empty();
        }
        String fragment = hash < 0 ? "" : ref.substring(hash + 1);
        try {
            fragment = URLDecoder.decode(fragment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (fragment.isEmpty()) {
            return Optional.of(root);
        }
        if (fragment.startsWith("/")) {
            try {
                JsonNode target = root.at(JsonPointer.compile(fragment));
                return target.isMissingNode() ? Optional.empty() : Optional.of(target);
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return findAnchor(fragment);
    }

    private Optional<JsonNode> findAnchor(String anchor) {
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(root);
        int seen = 0;
        while (!todo.isEmpty() && seen++ < MAX_ANCHOR_SCAN) {
            JsonNode node = todo.pop();
            if (node.isObject() && (anchor.equals(node.path("$anchor").asString(null))
                    || ("#" + anchor).equals(node.path("$id").asString(null)))) {
                return Optional.of(node);
            }
            if (node.isContainer()) {
                for (JsonNode child : node.values()) {
                    todo.push(child);
                }
            }
        }
        return Optional.empty();
    }
}
