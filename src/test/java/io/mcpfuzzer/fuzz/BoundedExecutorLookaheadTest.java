package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** With a lookahead, tasks wait submitted behind the running ones, but no more run at once. */
@Timeout(120)
class BoundedExecutorLookaheadTest {
    @Test
    void oneTaskWaitsBehindTheRunningOneAndTheNextSubmitBlocks() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger max = new AtomicInteger();
        try (BoundedExecutor executor = new BoundedExecutor(1, "ahead", 1)) {
            Runnable body = () -> {
                max.accumulateAndGet(running.incrementAndGet(), Math::max);
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    running.decrementAndGet();
                }
            };
            Future<Object> first = executor.submit(() -> {
                body.run();
                return 1;
            });
            Future<Object> second = executor.submit(() -> { // does not block: it waits behind the first
                body.run();
                return 2;
            });
            CompletableFuture<Future<Object>> third = CompletableFuture.supplyAsync(() -> {
                try {
                    return executor.submit(() -> 3);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThatThrownBy(() -> third.get(300, TimeUnit.MILLISECONDS))
                    .isInstanceOf(java.util.concurrent.TimeoutException.class); // two slots taken
            assertThat(second.isDone()).isFalse();
            release.countDown();
            assertThat(first.get(60, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(second.get(60, TimeUnit.SECONDS)).isEqualTo(2);
            assertThat(third.get(60, TimeUnit.SECONDS).get(60, TimeUnit.SECONDS)).isEqualTo(3);
            executor.drain();
        }
        assertThat(max.get()).as("never two at once").isEqualTo(1);
    }

    @Test
    void aLookaheadOutOfRangeIsRefused() {
        assertThatThrownBy(() -> new BoundedExecutor(1, "x", 17)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BoundedExecutor(1, "x", -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
