package io.mcpfuzzer.config;

import java.util.Map;

/**
 * Which share of a campaign this run does: shard {@code index} (0-based) of {@code count}, from
 * {@code --shard K/N} (K 1-based, as a CI matrix counts) or from {@code --shard-count N} with the
 * Kubernetes Indexed Job variable {@value #JOB_INDEX_ENV} (0-based). Immutable.
 *
 * @param index 0-based, {@code 0 <= index < count}
 * @param count at least 1; 1 means unsharded
 */
public record ShardSpec(int index, int count) {
    /** Kubernetes sets this in every pod of an Indexed Job (0-based completion index). */
    public static final String JOB_INDEX_ENV = "JOB_COMPLETION_INDEX";
    /** The unsharded run. */
    public static final ShardSpec NONE = new ShardSpec(0, 1);

    public ShardSpec {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard index " + index + " is not within 0.." + (count - 1));
        }
    }

    public boolean sharded() {
        return count > 1;
    }

    /**
     * Resolves the shard from the option values.
     *
     * @param shard --shard text ({@code K/N}, or {@code K} with {@code shardCount}), or null
     * @param shardCount --shard-count, or null
     * @param env the process environment (for {@value #JOB_INDEX_ENV})
     * @throws IllegalArgumentException with a user-facing message when the values do not fit
     */
    public static ShardSpec resolve(String shard, Integer shardCount, Map<String, String> env) {
        if (shard != null) {
            String text = shard.strip();
            int slash = text.indexOf('/');
            int k = number(slash < 0 ? text : text.substring(0, slash), "--shard K");
            Integer n = slash < 0 ? shardCount : Integer.valueOf(number(text.substring(slash + 1), "--shard K/N"));
            if (n == null) {
                throw new IllegalArgumentException("expected K/N (for example 2/4), or K with --shard-count N");
            }
            if (shardCount != null && !shardCount.equals(n)) {
                throw new IllegalArgumentException("--shard " + text + " disagrees with --shard-count " + shardCount);
            }
            if (n < 1 || k < 1 || k > n) {
                throw new IllegalArgumentException("K must be within 1.." + n + " in --shard K/N, got " + text);
            }
            return new ShardSpec(k - 1, n);
        }
        if (shardCount == null || shardCount == 1) {
            return NONE;
        }
        String index = env.get(JOB_INDEX_ENV);
        if (index == null || index.isBlank()) {
            throw new IllegalArgumentException("--shard-count " + shardCount + " needs --shard K/N or the "
                    + JOB_INDEX_ENV + " environment variable (set by a Kubernetes Indexed Job)");
        }
        int i = number(index.strip(), JOB_INDEX_ENV);
        if (i >= shardCount) {
            throw new IllegalArgumentException(JOB_INDEX_ENV + "=" + i + " is not below --shard-count " + shardCount);
        }
        return new ShardSpec(i, shardCount);
    }

    private static int number(String text, String what) {
        try {
            int value = Integer.parseInt(text.strip());
            if (value < 0) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": '" + text + "' is not a non-negative whole number");
        }
    }

    /** {@code K/N}, K 1-based. */
    @Override
    public String toString() {
        return (index + 1) + "/" + count;
    }
}
