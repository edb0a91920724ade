package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.oracle.Fingerprint;
import java.util.SplittableRandom;

/** Child random sources per (surface, target, run), independent of thread scheduling. */
final class SurfaceSeeds {
    private SurfaceSeeds() {}

    static SplittableRandom random(long seed, String surface, String target, int run) {
        String hex = Fingerprint.of(Long.toString(seed), surface, target, Integer.toString(run));
        return new SplittableRandom(Long.parseUnsignedLong(hex, 16));
    }
}
