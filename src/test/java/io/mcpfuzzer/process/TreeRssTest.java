package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The tree of a real process is scanned once per refresh window; samples in between read its members only,
 * through statm files that are bounded in number, bound to the processes the scan saw, and closed when the
 * tree's process ends or the sampler closes.
 */
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
        Set<String> files = statmPaths(p.pid());
        assertThat(openFiles(files)).isEqualTo(2 * files.size()); // this sampler's and the manager's
        rss.close();
        assertThat(rss.openFiles()).isZero();
        assertThat(openFiles(files)).isEqualTo(files.size());
        manager.stopProcess(p.pid(), true);
        Awaitility.await("the tree's files closed when it ended").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20)).until(() -> openFiles(files) == 0);
    }

    @Test
    void filesPastTheBoundAreReadAfreshAndAMemberWhosePidChangedHandsIsLeftOut() throws Exception {
        ManagedProcess p = manager.startProcess(leaks.sh("sleep 60 & read y").build());
        Awaitility.await("the child runs").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                .until(() -> ProcessTree.members(p, ProcFs.scan()).size() >= 2);
        long leader = ProcFs.rssKb(p.pid()).orElse(0);
        long child;
        AtomicLong now = new AtomicLong(1);
        try (TreeRss bounded = new TreeRss(now::get, ProcFs::scan, 1)) {
            long both = bounded.sumKb(p).orElse(0);
            assertThat(bounded.openFiles()).isEqualTo(1);
            assertThat(both).isGreaterThan(leader);
            child = both - leader;
        }
        // the child as a scan would see it had its pid gone to another process since (another start time)
        try (TreeRss reused = new TreeRss(now::get, () -> ProcFs.scan().stream()
                .map(s -> s.pid() == p.pid() ? s : new ProcStat(s.pid(), s.comm(), s.state(), s.ppid(), s.pgrp(),
                        s.session(), s.startTicks() + 1, s.cpuTicks(), s.threads()))
                .toList())) {
            assertThat(reused.sumKb(p).orElse(0)).isPositive().isLessThan(leader + child / 2);
            assertThat(reused.openFiles()).isEqualTo(1);
        }
    }

    /** The statm paths of {@code pid}'s tree now (the leader and its descendants). */
    private static Set<String> statmPaths(long pid) {
        Set<String> tree = new HashSet<>();
        tree.add("/proc/" + pid + "/statm");
        ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> tree.add("/proc/" + d.pid() + "/statm")));
        return tree;
    }

    /** How many of this JVM's open files are one of {@code paths}. */
    private static long openFiles(Set<String> paths) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return paths.contains(Files.readSymbolicLink(fd).toString());
                } catch (IOException | RuntimeException e) {
                    return false; // closed meanwhile
                }
            }).count();
        }
    }
}
