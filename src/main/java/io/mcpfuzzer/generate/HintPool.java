package io.mcpfuzzer.generate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values a server named in its error answers as the ones it accepts ({@link ErrorHints}), per noun
 * key ({@link HintNouns#key}: "Available schemas: main" keeps {@code main} under {@code schema}), for
 * later realistic calls whose parameters are named after that noun ({@link HintChoice}). Bounded: at
 * most {@value #MAX_NOUNS} nouns (values of further nouns are not kept) and {@value #MAX_PER_NOUN}
 * values per noun (first in, first out); a value already kept for its noun is not added twice.
 * Thread-safe; {@link #snapshot} gives the immutable copy generation reads.
 */
public final class HintPool {
    public static final int MAX_NOUNS = 64;
    public static final int MAX_PER_NOUN = 32;

    private final Map<String, Deque<String>> byNoun = new LinkedHashMap<>();

    /** Adds every value of {@code hint}; returns how many were new. */
    public synchronized int add(ErrorHint hint) {
        if (hint == null) {
            return 0;
        }
        Deque<String> values = byNoun.get(hint.noun());
        if (values == null) {
            if (byNoun.size() >= MAX_NOUNS) {
                return 0;
            }
            values = new ArrayDeque<>();
            byNoun.put(hint.noun(), values);
        }
        int added = 0;
        for (String v : hint.values()) {
            if (!values.contains(v)) {
                if (values.size() >= MAX_PER_NOUN) {
                    values.removeFirst();
                }
                values.addLast(v);
                added++;
            }
        }
        return added;
    }

    /** An immutable copy: nouns in the order first seen, values oldest first. */
    public synchronized Snapshot snapshot() {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        byNoun.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return new Snapshot(Collections.unmodifiableMap(copy));
    }

    /** Hint values kept at one moment, by noun key. Immutable and thread-safe. */
    public static final class Snapshot {
        private static final Snapshot EMPTY = new Snapshot(Map.of());
        private final Map<String, List<String>> byNoun;

        private Snapshot(Map<String, List<String>> byNoun) {
            this.byNoun = byNoun;
        }

        public static Snapshot empty() {
            return EMPTY;
        }

        public boolean isEmpty() {
            return byNoun.isEmpty();
        }

        /** Values by noun key (unmodifiable). */
        public Map<String, List<String>> byNoun() {
            return byNoun;
        }

        /**
         * This snapshot with {@code hints} added after its own values, in the order given (the
         * pool's bounds hold). This snapshot is left as it was.
         */
        public Snapshot plus(List<ErrorHint> hints) {
            if (hints.isEmpty()) {
                return this;
            }
            HintPool pool = new HintPool();
            byNoun.forEach((noun, values) -> pool.add(new ErrorHint(noun, values)));
            hints.forEach(pool::add);
            return pool.snapshot();
        }

        /**
         * The values for a parameter named {@code name} ({@link HintNouns#matches}): every matching
         * noun's, nouns in the order first seen, without duplicates. Never null.
         */
        List<String> candidates(String name) {
            String key = byNoun.isEmpty() ? null : HintNouns.key(name);
            if (key == null || HintNouns.generic(key)) {
                return List.of();
            }
            List<String> same = byNoun.get(key);
            List<String> out = new ArrayList<>(same == null ? List.of() : same);
            byNoun.forEach((noun, values) -> {
                if (!noun.equals(key) && HintNouns.matches(noun, key)) {
                    values.stream().filter(v -> !out.contains(v)).forEach(out::add);
                }
            });
            return out;
        }
    }
}
