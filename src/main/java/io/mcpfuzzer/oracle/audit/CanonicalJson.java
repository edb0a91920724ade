package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.common.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Canonical JSON for hashing definitions: object keys sorted (by UTF-16 code units), arrays in order,
 * compact, numbers as Jackson writes them. Nesting deeper than {@link #MAX_DEPTH} is kept as is (still
 * deterministic for a given input). Stateless and thread-safe.
 */
public final class CanonicalJson {
    public static final int MAX_DEPTH = 256;

    private CanonicalJson() {}

    /** A copy of node with every object's keys sorted; null becomes JSON null. */
    public static JsonNode sorted(JsonNode node) {
        return sorted(node == null ? Json.mapper().nullNode() : node, 0);
    }

    private static JsonNode sorted(JsonNode node, int depth) {
        if (depth >= MAX_DEPTH) {
            return node;
        }
        if (node.isObject()) {
            List<String> keys = new ArrayList<>(node.propertyNames());
            Collections.sort(keys);
            ObjectNode out = Json.object();
            for (String k : keys) {
                out.set(k, sorted(node.get(k), depth + 1));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.array();
            for (JsonNode e : node) {
                out.add(sorted(e, depth + 1));
            }
            return out;
        }
        return node;
    }

    /**
     * A copy of node without the object members whose value is JSON null (at every depth up to
     * {@link #MAX_DEPTH}): to a client a null member and an absent one say the same.
     */
    public static JsonNode withoutNullMembers(JsonNode node) {
        return withoutNullMembers(node == null ? Json.mapper().nullNode() : node, 0);
    }

    private static JsonNode withoutNullMembers(JsonNode node, int depth) {
        if (depth >= MAX_DEPTH || !node.isContainer()) {
            return node;
        }
        if (node.isObject()) {
            ObjectNode out = Json.object();
            for (var e : node.properties()) {
                if (!e.getValue().isNull()) {
                    out.set(e.getKey(), withoutNullMembers(e.getValue(), depth + 1));
                }
            }
            return out;
        }
        ArrayNode out = Json.array();
        for (JsonNode e : node) {
            out.add(withoutNullMembers(e, depth + 1));
        }
        return out;
    }

    /** Canonical text of node. */
    public static String write(JsonNode node) {
        return Json.write(sorted(node));
    }

    /** Lower-case hex SHA-256 of the canonical text (UTF-8), 64 characters. */
    public static String sha256(JsonNode node) {
        return sha256(write(node));
    }

    /** Lower-case hex SHA-256 of text encoded as UTF-8. */
    public static String sha256(String text) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(d.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
