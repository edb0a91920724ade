package io.mcpfuzzer.generate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Ids the server handed out earlier in the session (harvested from successful answers, see
 * {@link IdHarvester}), per kind, for later calls whose parameters look like ids. Bounded: at most
 * {@value #MAX_PER_KIND} values per kind (first in, first out: the oldest goes) and
 * {@value #MAX_KINDS} kinds (values of further kinds are not kept); a value already kept for its kind
 * is not added twice. Values are JSON strings or integral numbers. Ids that a closing tool accepted
 * are remembered as released (at most {@value #MAX_RELEASED}). Thread-safe; {@link #snapshot}
 * gives an immutable copy, the form generation reads, so a snapshot taken at a fixed point of the
 * campaign makes the inputs reproducible.
 */
public final class IdPool {
    public static final int MAX_PER_KIND = 32;
    public static final int MAX_KINDS = 64;

    /** Most released ids remembered (first in, first out). */
    public static final int MAX_RELEASED = 256;

    private final Map<String, Deque<JsonNode>> byKind = new LinkedHashMap<>();
    private final java.util.LinkedHashSet<String> released = new java.util.LinkedHashSet<>();

    /** Adds one id of {@code kind}; returns false when it was already kept or there is no room for its kind. */
    public synchronized boolean add(String kind, JsonNode value) {
        if (kind == null || value == null || !(value.isString() || value.isIntegralNumber())) {
            return false;
        }
        Deque<JsonNode> values = byKind.get(kind);
        if (values == null) {
            if (byKind.size() >= MAX_KINDS) {
                return false;
            }
            values = new ArrayDeque<>();
            byKind.put(kind, values);
        }
        if (values.contains(value)) {
            return false;
        }
        if (values.size() >= MAX_PER_KIND) {
            values.removeFirst();
        }
        values.addLast(value);
        return true;
    }

    /**
     * Marks an id as released: a tool that closes, deletes or removes things accepted it. Later
     * generations use released ids on purpose in some runs (a use after close), live ids otherwise.
     */
    public synchronized void release(String value) {
        if (value == null || released.contains(value)) {
            return;
        }
        if (released.size() >= MAX_RELEASED) {
            released.remove(released.iterator().next());
        }
        released.add(value);
    }

    /** An immutable copy, kinds in the order first seen, values oldest first. */
    public synchronized Snapshot snapshot() {
        Map<String, List<JsonNode>> copy = new LinkedHashMap<>();
        byKind.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return new Snapshot(copy, java.util.Set.copyOf(released));
    }

    /** Ids kept at one moment, by kind. Immutable. */
    public static final class Snapshot {
        private static final Snapshot EMPTY = new Snapshot(Map.of(), java.util.Set.of());
        private final Map<String, List<JsonNode>> byKind;
        private final java.util.Set<String> released;

        private Snapshot(Map<String, List<JsonNode>> byKind, java.util.Set<String> released) {
            this.byKind = byKind;
            this.released = released;
        }

        /** True when the id (compared as text) was released by a closing tool. */
        public boolean released(JsonNode value) {
            return value != null && released.contains(value.asString(""));
        }

        public static Snapshot empty() {
            return EMPTY;
        }

        public boolean isEmpty() {
            return byKind.isEmpty();
        }

        /** Values by kind (unmodifiable). */
        public Map<String, List<JsonNode>> byKind() {
            return java.util.Collections.unmodifiableMap(byKind);
        }

        /**
         * Candidates for a parameter of {@code kind}, best match first: the same kind; else kinds of
         * the same family ({@code file_id} takes an {@code id}); else every kind. For kind {@code uuid}
         * only UUID-shaped strings. Never null.
         */
        List<JsonNode> candidates(String kind) {
            if (kind == null || byKind.isEmpty()) {
                return List.of();
            }
            if ("uuid".equals(kind)) {
                List<JsonNode> out = new ArrayList<>();
                byKind.values().forEach(v -> v.stream().filter(n -> IdNames.uuidShaped(n.asString(""))).forEach(out::add));
                return out;
            }
            List<JsonNode> same = byKind.get(kind);
            if (same != null) {
                return same;
            }
            String family = IdNames.family(kind);
            List<JsonNode> related = new ArrayList<>();
            List<JsonNode> all = new ArrayList<>();
            byKind.forEach((k, v) -> {
                if (IdNames.family(k).equals(family) || k.equals("uuid")) {
                    related.addAll(v);
                }
                all.addAll(v);
            });
            return related.isEmpty() ? all : related;
        }
    }
}
