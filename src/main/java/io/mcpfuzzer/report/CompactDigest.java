package io.mcpfuzzer.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Size, SHA-256, nesting depth and a bounded prefix of a JSON value's compact (single-line) UTF-8
 * text, as Jackson writes it, computed by streaming: the text is never held whole, and the tree is
 * walked with an explicit stack, so any depth (100,000 levels and more) is measured without
 * recursion. Also the same facts for plain strings. Stateless and thread-safe.
 *
 * @param size      length of the text in UTF-8 bytes
 * @param sha256    lowercase hex SHA-256 of those bytes
 * @param depth     deepest nesting of arrays and objects (0 for a scalar or a string)
 * @param prefix    the text's first bytes, at most the requested limit, cut at a character boundary
 * @param complete  true when {@code prefix} is the whole text
 */
public record CompactDigest(long size, String sha256, int depth, String prefix, boolean complete) {
    /** No nesting limit on writing: the walk is iterative and the output is only measured. */
    private static final JsonMapper UNBOUNDED = JsonMapper.builder(JsonFactory.builder()
            .recyclerPool(JsonRecyclerPools.threadLocalPool()) // as common.Json's
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(Integer.MAX_VALUE).build())
            .build()).build();

    /** Digest of a tree's compact JSON; {@code prefixBytes} bounds the kept prefix (UTF-8 bytes). */
    public static CompactDigest of(JsonNode node, int prefixBytes) {
        Sink sink = new Sink(prefixBytes);
        int depth;
        try (JsonGenerator gen = UNBOUNDED.createGenerator(sink)) {
            depth = write(node, gen);
        }
        return sink.result(depth);
    }

    /** Characters encoded at a time by {@link #ofString}: no copy of a long text is made whole. */
    static final int CHUNK_CHARS = 8192;

    /**
     * Digest of a string's own UTF-8 bytes (not of its JSON quoting), encoded {@value #CHUNK_CHARS}
     * characters at a time (never splitting a surrogate pair), so a text of megabytes costs no
     * array of its size.
     */
    public static CompactDigest ofString(String text, int prefixBytes) {
        Sink sink = new Sink(prefixBytes);
        int n = text.length();
        for (int from = 0; from < n; ) {
            int to = Math.min(n, from + CHUNK_CHARS);
            if (to < n && Character.isHighSurrogate(text.charAt(to - 1)) && Character.isLowSurrogate(text.charAt(to))) {
                to--; // keep the pair together; a lone surrogate encodes alike in any chunk
            }
            byte[] bytes = text.substring(from, to).getBytes(StandardCharsets.UTF_8);
            sink.write(bytes, 0, bytes.length);
            from = to;
        }
        return sink.result(0);
    }

    /**
     * Writes a tree to a generator without recursion: containers through an explicit stack of
     * iterators, scalars through {@link JsonGenerator#writeTree}. Returns the deepest nesting.
     */
    static int write(JsonNode root, JsonGenerator gen) {
        Deque<Iterator<?>> stack = new ArrayDeque<>();
        int deepest = open(root, gen, stack);
        while (!stack.isEmpty()) {
            Iterator<?> it = stack.peek();
            if (!it.hasNext()) {
                stack.pop();
                if (gen.streamWriteContext().inArray()) {
                    gen.writeEndArray();
                } else {
                    gen.writeEndObject();
                }
                continue;
            }
            Object next = it.next();
            JsonNode child;
            if (next instanceof Map.Entry<?, ?> entry) {
                gen.writeName((String) entry.getKey());
                child = (JsonNode) entry.getValue();
            } else {
                child = (JsonNode) next;
            }
            deepest = Math.max(deepest, open(child, gen, stack));
        }
        return deepest;
    }

    /** Writes a scalar, or starts a container and pushes its iterator; returns the depth reached. */
    private static int open(JsonNode node, JsonGenerator gen, Deque<Iterator<?>> stack) {
        if (node == null || node.isMissingNode()) {
            gen.writeNull();
        } else if (node.isArray()) {
            gen.writeStartArray();
            stack.push(node.values().iterator());
        } else if (node.isObject()) {
            gen.writeStartObject();
            stack.push(node.properties().iterator());
        } else if (node.isString()) {
            gen.writeString(node.asString());
        } else {
            gen.writeTree(node);
        }
        return stack.size();
    }

    /** Counts, hashes and keeps the first bytes of everything written to it. */
    private static final class Sink extends OutputStream {
        private final MessageDigest sha = newSha256();
        private final byte[] prefix;
        private int kept;
        private long size;

        Sink(int prefixBytes) {
            prefix = new byte[Math.max(0, prefixBytes)];
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            sha.update(b, off, len);
            size += len;
            int room = Math.min(len, prefix.length - kept);
            if (room > 0) {
                System.arraycopy(b, off, prefix, kept, room);
                kept += room;
            }
        }

        @Override
        public void close() throws IOException {
            // nothing to release
        }

        CompactDigest result(int depth) {
            boolean complete = size == kept;
            int end = complete ? kept : Utf8.boundary(prefix, kept);
            return new CompactDigest(size, HexFormat.of().formatHex(sha.digest()), depth,
                    new String(prefix, 0, end, StandardCharsets.UTF_8), complete);
        }
    }

    static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
