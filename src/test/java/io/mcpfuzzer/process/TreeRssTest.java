package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The tree of a real process is scanned once per refresh window; samples in between read its members only. */
@Timeout(120)
class TreeRssTest {
    private final Leaks leaks = new Leaks();
    private ProcessManager manager;

    @BeforeEach
    void setUp() {
        manager = ProcessTestSupport.manager();
    }

    @AfterEach
    void tearDown() {
        try {
            manager.close();
            leaks.assertNoneAlive();
        } finally {
            leaks.killLeftovers();
        }
    }

    @Test
    void scansTheTreeOncePerWindowAndSeesALaterChildAfterIt() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.sh("read x; sleep 60 & read y").build());
        AtomicLong now = new AtomicLong(1);
        AtomicInteger scans = new AtomicInteger();
        TreeRss rss = new TreeRss(now::get, () -> {
            scans.incrementAndGet();
            return ProcFs.scan();
        });

        long alone = rss.sumKb(p).orElse(0);
        assertThat(alone).isPositive();
        for (int i = 0; i < 20; i++) {
            now.addAndGet(TreeRss.TREE_REFRESH_NANOS / 40);
            assertThat(rss.sumKb(p).orElse(0)).isPositive();
        }
        assertThat(scans.get()).isEqualTo(1);

        p.stdin().write("\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        p.stdin().flush();
        Awaitility.await("the child runs").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                .until(() -> ProcessTree.members(p, ProcFs.scan()).size() >= 2);
        now.addAndGet(TreeRss.TREE_REFRESH_NANOS);
        long withChild = rss.sumKb(p).orElse(0);
        assertThat(scans.get()).isEqualTo(2);
        assertThat(withChild).isGreaterThan(alone);
        assertThat(manager.rssKb(p.pid()).orElse(0)).isPositive();
    }
}
