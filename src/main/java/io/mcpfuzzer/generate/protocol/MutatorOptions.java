package io.mcpfuzzer.generate.protocol;

/**
 * Size bounds for aggressive protocol cases.
 *
 * @param nestingDepth   array/object depth of {@link Strategy#DEEP_NESTING} frames (1..{@value #MAX_DEPTH})
 * @param oversizedBytes minimum UTF-8 length of {@link Strategy#OVERSIZED} frames (1..{@value #MAX_OVERSIZED})
 */
public record MutatorOptions(int nestingDepth, int oversizedBytes) {
    public static final int MAX_DEPTH = 100_000;
    public static final int MAX_OVERSIZED = 64 * 1024 * 1024;

    public MutatorOptions {
        if (nestingDepth < 1 || nestingDepth > MAX_DEPTH) {
            throw new IllegalArgumentException("nestingDepth must be 1.." + MAX_DEPTH + ", got " + nestingDepth);
        }
        if (oversizedBytes < 1 || oversizedBytes > MAX_OVERSIZED) {
            throw new IllegalArgumentException("oversizedBytes must be 1.." + MAX_OVERSIZED + ", got " + oversizedBytes);
        }
    }

    /** Depth 1000 and 1 MiB. */
    public static MutatorOptions defaults() {
        return new MutatorOptions(1_000, 1024 * 1024);
    }
}
