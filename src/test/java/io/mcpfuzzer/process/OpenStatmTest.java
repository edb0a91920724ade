package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A statm file kept open reads what opening the path reads, reads its process as gone once it is reaped
 * (never as a reason to open the pid's path again), and is not read when closed or by an interrupted thread.
 */
@Timeout(60)
class OpenStatmTest {

    @Test
    void readsLikeAFreshOpenUntilTheProcessIsGone() throws Exception {
        Assumptions.assumeTrue(StatmRss.PAGE_KB > 0, "no page size read from /proc/self/smaps");
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            OpenStatm open = OpenStatm.open(sleeper.pid());
            assertThat(open).isNotNull();
            // A process just started still maps pages in, so compare only between two fresh reads that
            // agree: the kept file, re-read from offset 0, must then read that same figure.
            int agreed = 0;
            for (int i = 0; i < 200 && agreed < 3; i++) {
                long before = StatmRss.kb(sleeper.pid()).orElse(-1);
                long kept = open.kb();
                long after = StatmRss.kb(sleeper.pid()).orElse(-1);
                assertThat(kept).isPositive();
                if (before == after) {
                    assertThat(kept).isEqualTo(before);
                    agreed++;
                } else {
                    Thread.sleep(10);
                }
            }
            assertThat(agreed).as("fresh reads that agreed").isEqualTo(3);
            sleeper.destroyForcibly();
            assertThat(sleeper.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(open.kb()).isEqualTo(OpenStatm.GONE);
            open.close();
            assertThat(open.kb()).isEqualTo(OpenStatm.UNREAD);
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void aClosedFileFailsAndAMissingProcessDoesNotOpen() {
        Assumptions.assumeTrue(StatmRss.PAGE_KB > 0, "no page size read from /proc/self/smaps");
        OpenStatm self = OpenStatm.open(ProcFs.selfPid());
        assertThat(self).isNotNull();
        assertThat(self.kb()).isPositive();
        Thread.currentThread().interrupt(); // a channel read would close the file for every reader
        try {
            assertThat(self.kb()).isEqualTo(OpenStatm.UNREAD);
        } finally {
            Thread.interrupted();
        }
        assertThat(self.kb()).isPositive();
        self.close();
        assertThat(self.kb()).isEqualTo(OpenStatm.UNREAD);
        assertThat(OpenStatm.open(-1)).isNull();
        assertThat(OpenStatm.open(Long.MAX_VALUE)).isNull();
    }
}
