package io.mcpfuzzer.fuzz;

import java.nio.charset.StandardCharsets;

/**
 * Which work items of a campaign this shard does ({@code --shard K/N}). A work item is one run,
 * named by its kind ({@code tool}, {@code protocol}, {@code frame}, {@code http}, {@code resource},
 * {@code prompt}), target and run index; it belongs to exactly one of the {@code count} shards, by a
 * stable 64-bit FNV-1a hash of those three values modulo {@code count}. The hash depends on nothing
 * else (not the JVM, the host or the order of scheduling), and every input is derived from the seed,
 * target and run index, so the shards of one seed together send exactly the inputs of one unsharded
 * run. One-off work (listing audits, the spec guard, the non-determinism probes, the aggregate
 * detectors) is done by the first shard only ({@link #first()}). Immutable and thread-safe.
 *
 * @param index 0-based shard index, {@code 0 <= index < count}
 * @param count number of shards, at least 1
 */
public record ShardFilter(int index, int count) {
    /** The unsharded campaign: owns every item. */
    public static final ShardFilter ALL = new ShardFilter(0, 1);

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    public ShardFilter {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + " of " + count + " is out of range");
        }
    }

    /** True when this shard does the run {@code run} of {@code target} of this kind. */
    public boolean owns(String kind, String target, int run) {
        return count == 1 || Math.floorMod(hash(kind, target, run), (long) count) == index;
    }

    /** True for the shard that does the one-off work (the first, and the only one when unsharded). */
    public boolean first() {
        return index == 0;
    }

    /** True when the campaign is split over more than one shard. */
    public boolean sharded() {
        return count > 1;
    }

    /** Stable hash of a work item (FNV-1a over the UTF-8 of kind, target and run, NUL-separated). */
    static long hash(String kind, String target, int run) {
        long h = FNV_OFFSET;
        String key = kind + '\0' + (target == null ? "" : target) + '\0' + run;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= FNV_PRIME;
        }
        return h ^ (h >>> 29); // mixes the high bits into the low ones the modulo reads
    }

    /** {@code K/N} with K 1-based, as on the command line. */
    @Override
    public String toString() {
        return (index + 1) + "/" + count;
    }
}
