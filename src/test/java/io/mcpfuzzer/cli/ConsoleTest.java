package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.ProgressSink;
import io.mcpfuzzer.config.LogLevel;
import io.mcpfuzzer.config.Settings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ConsoleTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final AtomicLong clock = new AtomicLong(1_000_000_000L);

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void progressIsThrottledToAboutTenHertzButShowsTheFinalState() {
        ConsoleProgress p = new ConsoleProgress(err, clock::get);
        clock.addAndGet(1_000_000_000L);
        p.update(1, 4, 10, 0);
        assertThat(text()).isEqualTo("\r[1/4 targets] 10 runs (10.0/s), 0 findings");
        clock.addAndGet(10_000_000L);
        p.update(2, 4, 20, 1);
        assertThat(text()).doesNotContain("20 runs");
        clock.addAndGet(ConsoleProgress.MIN_INTERVAL_NANOS);
        p.update(2, 4, 21, 1);
        assertThat(text()).contains("\r[2/4 targets] 21 runs").contains("1 finding");
        p.update(4, 4, 40, 2);
        assertThat(text()).contains("\r[4/4 targets] 40 runs");
        int before = text().length();
        p.finish();
        assertThat(text().substring(before)).startsWith("\r").endsWith("\r").isBlank();
    }

    @Test
    void shorterLinesOverwriteLongerOnes() {
        ConsoleProgress p = new ConsoleProgress(err, clock::get);
        p.update(0, 0, 123_456, 99);
        String first = text();
        clock.addAndGet(ConsoleProgress.MIN_INTERVAL_NANOS);
        p.update(1, 0, 1, 0);
        String second = text().substring(first.length());
        assertThat(second.length()).isEqualTo(first.length());
    }

    @Test
    void finishWithoutUpdatesWritesNothing() {
        new ConsoleProgress(err, clock::get).finish();
        assertThat(text()).isEmpty();
    }

    @Test
    void progressAndColourOnlyOnATerminalOutsideCi() {
        Settings.Logging plain = new Settings.Logging(LogLevel.WARNING, false, false);
        ConsoleIO tty = ConsoleIO.create(err, err, plain, Map.of(), true);
        assertThat(tty.progress()).isInstanceOf(ConsoleProgress.class);
        assertThat(tty.color()).isTrue();
        assertThat(ConsoleIO.create(err, err, plain, Map.of(), false).progress()).isSameAs(ProgressSink.NONE);
        assertThat(ConsoleIO.create(err, err, plain, Map.of("CI", "true"), true).progress()).isSameAs(ProgressSink.NONE);
        assertThat(ConsoleIO.create(err, err, new Settings.Logging(LogLevel.WARNING, true, false), Map.of(), true)
                .progress()).isSameAs(ProgressSink.NONE);
        assertThat(ConsoleIO.create(err, err, plain, Map.of("NO_COLOR", "1"), true).color()).isFalse();
        assertThat(ConsoleIO.create(err, err, plain, Map.of("NO_COLOR", ""), true).color()).isTrue();
        assertThat(ConsoleIO.create(err, err, new Settings.Logging(LogLevel.WARNING, false, true), Map.of(), true)
                .color()).isFalse();
    }
}
