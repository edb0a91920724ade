package io.mcpfuzzer.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Which earlier request a timed-out one was queued behind ({@link PendingRequests#unansweredBefore}). */
class PendingRequestsTest {
    private final PendingRequests table = new PendingRequests();

    /** Registers {@code key} and writes its frame (in call order), sent at {@code start}. */
    private void sent(String key, long start) {
        assertThat(table.add(key, new CompletableFuture<>(), start)).isTrue();
        table.written(key);
    }

    @Test
    void theEarliestUnansweredRequestSinceTheLastAnswerIsTheOneAhead() {
        sent("a", 100);
        sent("b", 200);
        sent("c", 300);
        table.expire("c");
        assertThat(table.unansweredBefore("c")).as("pending a and b, a sent first").isEqualTo("a");
        table.expire("a"); // timed out, never answered: still ahead
        assertThat(table.unansweredBefore("c")).isEqualTo("a");
        assertThat(table.unansweredBefore("a")).as("nothing was sent before a").isNull();
        assertThat(table.answered("b")).isNotNull(); // sent after a: the server answered past a, so a held nothing up
        assertThat(table.unansweredBefore("c")).isNull();
    }

    @Test
    void anAnswerToAnEarlierRequestLeavesTheLaterOnesAhead() {
        sent("a", 100);
        sent("b", 200);
        sent("c", 300);
        table.answered("a");
        table.expire("c");
        assertThat(table.unansweredBefore("c")).isEqualTo("b");
    }

    @Test
    void aLateAnswerCountsAsAnAnswer() {
        sent("a", 100);
        sent("b", 200);
        table.expire("a");
        table.expire("b");
        assertThat(table.unansweredBefore("b")).isEqualTo("a");
        assertThat(table.answeredLate("a")).isTrue();
        assertThat(table.cameLate("a")).isTrue();
        assertThat(table.unansweredBefore("b")).isNull();
        assertThat(table.answeredLate("b")).isTrue();
        assertThat(table.unansweredBefore("b")).as("answered itself").isNull();
    }

    @Test
    void onlyARememberedTimeoutHasAnAnswer() {
        sent("a", 100);
        sent("b", 200);
        assertThat(table.unansweredBefore(null)).isNull();
        assertThat(table.unansweredBefore("b")).as("still pending, not timed out").isNull();
        assertThat(table.unansweredBefore("zzz")).isNull();
        assertThat(table.answeredLate("zzz")).isFalse();
    }

    @Test
    void writeOrderDecidesNotTheSendTime() {
        sent("a", 500); // stamped later than b but written first (its policy check was quicker)
        sent("b", 100);
        table.expire("b");
        assertThat(table.unansweredBefore("b")).isEqualTo("a");
        table.expire("a");
        assertThat(table.unansweredBefore("a")).isNull();
    }

    @Test
    void aFrameNotWrittenYetIsAheadOfNothing() {
        assertThat(table.add("unwritten", new CompletableFuture<>(), 1)).isTrue();
        sent("b", 200);
        table.expire("b");
        assertThat(table.unansweredBefore("b")).isNull();
        table.expire("unwritten");
        assertThat(table.unansweredBefore("unwritten")).as("no write order to compare").isNull();
    }
}
