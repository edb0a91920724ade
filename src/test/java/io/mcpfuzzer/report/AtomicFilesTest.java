package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesCreatesParentsAndOverwritesWithoutLeavingTempFiles() throws IOException {
        Path file = dir.resolve("a/b/report.json");
        AtomicFiles.writeString(file, "first");
        AtomicFiles.writeString(file, "second é");
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo("second é");
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("report.json");
        }
    }

    @Test
    void failureMidWriteLeavesOldContentAndNoTempFile() throws IOException {
        Path file = dir.resolve("keep.txt");
        AtomicFiles.writeString(file, "old");
        assertThatThrownBy(() -> AtomicFiles.write(file, out -> {
            out.write("partial new content".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk on fire");
        })).hasMessage("disk on fire");
        assertThat(Files.readString(file)).isEqualTo("old");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    @Timeout(120)
    void readersNeverSeeAPartialFile() throws Exception {
        Path file = dir.resolve("big.txt");
        byte[] a = new byte[512 * 1024];
        byte[] b = new byte[512 * 1024];
        Arrays.fill(a, (byte) 'a');
        Arrays.fill(b, (byte) 'b');
        AtomicFiles.write(file, a);
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger reads = new AtomicInteger();
        AtomicReference<String> bad = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            while (!done.get() || reads.get() < 10) {
                try {
                    byte[] seen = Files.readAllBytes(file);
                    reads.incrementAndGet();
                    if (!Arrays.equals(seen, a) && !Arrays.equals(seen, b)) {
                        bad.set("saw " + seen.length + " bytes of mixed or partial content");
                    }
                } catch (NoSuchFileException e) {
                    bad.set("file vanished during rename");
                } catch (IOException e) {
                    bad.set(e.toString());
                }
            }
        });
        reader.start();
        for (int i = 0; i < 40; i++) {
            AtomicFiles.write(file, i % 2 == 0 ? b : a);
        }
        done.set(true);
        reader.join(60_000);
        assertThat(reader.isAlive()).isFalse();
        assertThat(bad.get()).isNull();
        assertThat(reads.get()).isGreaterThanOrEqualTo(10);
    }
}
