package io.mcpfuzzer.common;

/**
 * A set of {@code long} values in one open-addressing table (linear probing, no boxing, no per-entry
 * objects), for hot paths that remember many 64-bit hashes. The table doubles when it is half full, so
 * it takes 16 to 32 bytes per value (8 per slot). Values are never removed; at most 2^29 values (the
 * table's limit of 2^30 slots), past which {@link #add} throws {@link IllegalStateException}.
 *
 * <p>Thread-safe: every method holds the set's lock (critical sections are a few array reads).
 */
public final class LongHashSet {
    private long[] table;
    private boolean hasZero; // 0 marks a free slot, so the value 0 is kept aside
    private int size;

    /** An empty set with room for {@code expected} values before its first doubling. */
    public LongHashSet(int expected) {
        int slots = Math.max(16, Math.min(expected, 1 << 29)) * 2; // at most half full
        table = new long[Integer.highestOneBit(slots - 1) << 1];
    }

    /** Adds {@code value}; true when it was not there before. */
    public synchronized boolean add(long value) {
        if (value == 0) {
            boolean added = !hasZero;
            hasZero = true;
            size += added ? 1 : 0;
            return added;
        }
        if ((size + 1) * 2 > table.length) {
            grow();
        }
        if (!insert(table, value)) {
            return false;
        }
        size++;
        return true;
    }

    /** True when {@code value} was added before. */
    public synchronized boolean contains(long value) {
        return value == 0 ? hasZero : table[slotOf(table, value)] == value;
    }

    /** The number of values held. */
    public synchronized int size() {
        return size;
    }

    private void grow() {
        if (table.length >= 1 << 30) {
            throw new IllegalStateException("LongHashSet is full: " + size + " values");
        }
        long[] bigger = new long[table.length * 2];
        for (long v : table) {
            if (v != 0) {
                insert(bigger, v);
            }
        }
        table = bigger;
    }

    private static boolean insert(long[] into, long value) {
        int i = slotOf(into, value);
        if (into[i] == value) {
            return false;
        }
        into[i] = value;
        return true;
    }

    /** The slot holding {@code value}, or the free slot where it would go (the table is never full). */
    private static int slotOf(long[] in, long value) {
        int mask = in.length - 1;
        int i = slot(value, mask);
        while (in[i] != value && in[i] != 0) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static int slot(long value, int mask) {
        long h = value * 0x9E3779B97F4A7C15L; // spreads hashes whose low bits repeat
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
