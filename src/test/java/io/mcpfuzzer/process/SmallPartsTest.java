package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** ByteRing, Signal decoding, ProcStat parsing, Backoff. */
class SmallPartsTest {

    @Test
    void ringKeepsTheNewestBytesInOrder() {
        ByteRing ring = new ByteRing(8);
        ring.write("abcdef".getBytes(StandardCharsets.UTF_8), 0, 6);
        ring.write("ghij".getBytes(StandardCharsets.UTF_8), 0, 4);
        assertThat(new String(ring.tail(100), StandardCharsets.UTF_8)).isEqualTo("cdefghij");
        assertThat(new String(ring.tail(3), StandardCharsets.UTF_8)).isEqualTo("hij");
        ring.write("0123456789XYZ".getBytes(StandardCharsets.UTF_8), 2, 11);
        assertThat(new String(ring.tail(8), StandardCharsets.UTF_8)).isEqualTo("56789XYZ");
        assertThat(ring.totalWritten()).isEqualTo(21);
    }

    @Test
    void ringTextDropsACutLeadingCharacter() {
        ByteRing ring = new ByteRing(1024);
        byte[] text = "aé€".getBytes(StandardCharsets.UTF_8); // 1 + 2 + 3 bytes
        ring.write(text, 0, text.length);
        assertThat(ring.tailText(4)).isEqualTo("€"); // starts with the second byte of é: dropped
        assertThat(ring.tailText(5)).isEqualTo("é€");
        assertThat(ring.tailText(6)).isEqualTo("aé€");
    }

    @Test
    void signalsDecodeFromExitCodes() {
        assertThat(Signal.fromExitCode(137)).contains(Signal.SIGKILL);
        assertThat(Signal.fromExitCode(143)).contains(Signal.SIGTERM);
        assertThat(Signal.fromExitCode(139)).contains(Signal.SIGSEGV);
        assertThat(Signal.fromExitCode(1)).isEmpty();
        assertThat(Signal.fromExitCode(128)).isEmpty();
        assertThat(Signal.SIGTERM.shortName()).isEqualTo("TERM");
    }

    @Test
    void statParsingSurvivesHostileCommandNames() {
        String line = "4242 (evil) S 1 2 (x) R 1 77 77 0 -1 4194560 0 0 0 0 5 7 0 0 20 0 3 0 987654 0 0";
        ProcStat s = ProcStat.parse(line);
        assertThat(s).isNotNull();
        assertThat(s.comm()).isEqualTo("evil) S 1 2 (x");
        assertThat(s.state()).isEqualTo('R');
        assertThat(s.ppid()).isEqualTo(1);
        assertThat(s.pgrp()).isEqualTo(77);
        assertThat(s.session()).isEqualTo(77);
        assertThat(s.startTicks()).isEqualTo(987654);
        assertThat(s.cpuTicks()).isEqualTo(12);
        assertThat(s.threads()).isEqualTo(3);
        assertThat(s.stateName()).isEqualTo("running");
        assertThat(ProcStat.parse("garbage")).isNull();
        assertThat(ProcFs.stat(ProcFs.selfPid())).hasValueSatisfying(me -> assertThat(me.isDead()).isFalse());
    }

    @Test
    void backoffIsExponentialCappedAndDeterministic() {
        Backoff b = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), 2.0);
        assertThat(b.next()).isEqualTo(Duration.ofMillis(100));
        assertThat(b.next()).isEqualTo(Duration.ofMillis(200));
        assertThat(b.next()).isEqualTo(Duration.ofMillis(400));
        assertThat(b.next()).isEqualTo(Duration.ofMillis(800));
        assertThat(b.next()).isEqualTo(Duration.ofSeconds(1));
        assertThat(b.delay(10_000)).isEqualTo(Duration.ofSeconds(1));
        assertThat(b.attempts()).isEqualTo(5);
        b.reset();
        assertThat(b.next()).isEqualTo(Duration.ofMillis(100));
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1), 2.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(2), 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
