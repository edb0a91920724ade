package io.mcpfuzzer.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class LongHashSetTest {
    @Test
    void agreesWithAHashSetThroughManyDoublings() {
        LongHashSet set = new LongHashSet(4);
        Set<Long> model = new HashSet<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            // small values repeat often, so adds of values already there are tested too; 0 and negatives included
            long v = i % 3 == 0 ? random.nextLong(-50, 50) : random.nextLong();
            assertThat(set.add(v)).isEqualTo(model.add(v));
        }
        assertThat(set.size()).isEqualTo(model.size());
        for (long v : model) {
            assertThat(set.contains(v)).isTrue();
        }
        for (int i = 0; i < 10_000; i++) {
            long v = random.nextLong();
            assertThat(set.contains(v)).isEqualTo(model.contains(v));
        }
    }

    @Test
    void zeroIsAValueLikeAnyOther() {
        LongHashSet set = new LongHashSet(16);
        assertThat(set.contains(0)).isFalse();
        assertThat(set.add(0)).isTrue();
        assertThat(set.add(0)).isFalse();
        assertThat(set.contains(0)).isTrue();
        assertThat(set.size()).isEqualTo(1);
    }

    @Test
    void valuesSharingTheirLowBitsStillSpread() {
        LongHashSet set = new LongHashSet(16);
        for (long i = 1; i <= 50_000; i++) {
            assertThat(set.add(i << 32)).isTrue(); // identical low 32 bits
        }
        assertThat(set.size()).isEqualTo(50_000);
        assertThat(set.contains(50_000L << 32)).isTrue();
        assertThat(set.contains(50_001L << 32)).isFalse();
    }

    @Test
    void concurrentAddersLoseNothing() throws Exception {
        LongHashSet set = new LongHashSet(16);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long base = t * 1_000_000L;
                done.add(pool.submit(() -> {
                    for (long i = 1; i <= 50_000; i++) {
                        set.add(base + i);
                        set.add(i); // shared by every thread
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(set.size()).isEqualTo(4 * 50_000); // thread 0's own range is the shared one
    }
}
