package io.mcpfuzzer.generate;

import java.nio.charset.StandardCharsets;

/**
 * Deterministic seed derivation. A child seed depends only on the parent seed and the given
 * parts (for example target name and run index), never on scheduling, time or JVM identity
 * hashes, so any single run can be replayed from the campaign seed alone.
 *
 * <p>Stateless and thread-safe.
 */
public final class Seeds {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Seeds() {}

    /**
     * Derives a child seed from {@code seed} and the ordered {@code parts}. Parts are hashed as
     * UTF-8 with separators, so {@code ("ab","c")} and {@code ("a","bc")} differ.
     *
     * @param seed  parent seed
     * @param parts non-null parts; a null element is treated as the text {@code "null"}
     */
    public static long derive(long seed, String... parts) {
        long h = mix(seed ^ GOLDEN);
        for (String part : parts) {
            String text = String.valueOf(part);
            // an ASCII part's UTF-8 bytes are its chars: hashed without encoding a copy
            long ascii = mix(h + text.length() + GOLDEN);
            int i = 0;
            for (char c; i < text.length() && (c = text.charAt(i)) < 0x80; i++) {
                ascii = (ascii ^ c) * 0x100000001B3L;
            }
            if (i == text.length()) {
                h = ascii;
            } else {
                byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                h = mix(h + bytes.length + GOLDEN);
                for (byte b : bytes) {
                    h = (h ^ (b & 0xFF)) * 0x100000001B3L;
                }
            }
            h = mix(h ^ 0xFFL);
        }
        return mix(h);
    }

    /** Convenience for the common (target, phase, run index) triple. */
    public static long forRun(long seed, String target, Phase phase, int runIndex) {
        return derive(seed, target, phase.label(), Integer.toString(runIndex));
    }

    /** SplitMix64 finaliser: a bijective, well-distributed 64-bit mix. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
