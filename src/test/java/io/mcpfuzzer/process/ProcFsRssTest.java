package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The byte scan of {@code /proc/<pid>/status} for {@code VmRSS:}. */
class ProcFsRssTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void readsTheVmRssLineOnly() {
        byte[] status = bytes("Name:\tjava\nVmHWM:\t  99999 kB\nVmRSS:\t   12345 kB\nRssAnon:\t 777 kB\n");
        assertThat(ProcFs.vmRssKb(status)).hasValue(12345);
    }

    @Test
    void aLineThatOnlyContainsTheKeyIsNotIt() {
        assertThat(ProcFs.vmRssKb(bytes("Name:\tXVmRSS: 5 kB\n"))).isEmpty();
        assertThat(ProcFs.vmRssKb(bytes("VmRSS:\t kB\n"))).isEmpty();
        assertThat(ProcFs.vmRssKb(bytes(""))).isEmpty();
        assertThat(ProcFs.vmRssKb(bytes("VmRSS:\t42 kB"))).hasValue(42); // no final newline
    }

    @Test
    void agreesWithTheStatusFileOfThisJvm() throws Exception {
        long pid = ProcFs.selfPid();
        String text = Files.readString(Path.of("/proc/" + pid + "/status"));
        assertThat(text).contains("VmRSS:");
        assertThat(ProcFs.rssKb(pid)).isPresent();
        assertThat(ProcFs.rssKb(pid).getAsLong()).isPositive();
        assertThat(ProcFs.rssKb(-1)).isEmpty();
        assertThat(ProcFs.rssKb(Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void statmGivesTheResidentPagesField() {
        byte[] line = bytes("123456 7890 321 10 0 999 0\n");
        assertThat(StatmRss.residentPages(line, line.length)).isEqualTo(7890);
        byte[] bad = bytes("123456\n");
        assertThat(StatmRss.residentPages(bad, bad.length)).isEqualTo(-1);
        assertThat(StatmRss.kernelPageKb("55d0-55d1 r--p 0 08:01 1 /usr/bin/java\nSize: 4 kB\nKernelPageSize:        4 kB\n"))
                .isEqualTo(4);
        assertThat(StatmRss.kernelPageKb("Size: 4 kB\n")).isZero();
        // a heap mapped with large pages first: statm still counts base pages
        assertThat(StatmRss.kernelPageKb("6874-6875 rw-p 0 00:00 0\nKernelPageSize:     2048 kB\n"
                + "55d0-55d1 r--p 0 08:01 1 /usr/bin/java\nKernelPageSize:        4 kB\n")).isEqualTo(4);
    }

    @Test
    void statmAndStatusAgreeOnThisJvm() {
        assertThat(StatmRss.PAGE_KB).isPositive();
        long pid = ProcFs.selfPid();
        long fromStatus = ProcFs.statusRssKb(pid).orElseThrow();
        long fromStatm = StatmRss.kb(pid).orElseThrow();
        // two reads a moment apart of a running JVM: the same counter, give or take what it touched meanwhile
        assertThat((double) fromStatm).isCloseTo(fromStatus, org.assertj.core.data.Percentage.withPercentage(20));
        assertThat(ProcFs.rssKb(pid)).isPresent();
    }
}
