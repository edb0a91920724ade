package io.mcpfuzzer.process;

import java.time.Duration;

/**
 * How the watchdog judges hangs. A process is hung when a request to it is outstanding and neither an
 * answer nor activity arrived for more than {@code processTimeout + extraBuffer}; with {@code autoKill}
 * it is then killed; without it, it is killed once that silence exceeds {@code maxHangTime}. An idle
 * process (nothing outstanding) is never hung.
 *
 * @param checkInterval time between two scans
 * @param processTimeout per-request deadline (a {@link ProcessConfig#timeout()} overrides it)
 * @param extraBuffer slack added to the deadline before declaring a hang
 * @param maxHangTime silence after which a hung process is killed even without autoKill
 * @param autoKill kill as soon as a hang is detected (a {@link ProcessConfig#autoKill()} overrides it)
 */
public record WatchdogConfig(Duration checkInterval, Duration processTimeout, Duration extraBuffer,
        Duration maxHangTime, boolean autoKill) {

    public WatchdogConfig {
        Durations.requirePositive(checkInterval, "checkInterval");
        Durations.requirePositive(processTimeout, "processTimeout");
        Durations.requireNonNegative(extraBuffer, "extraBuffer");
        Durations.requirePositive(maxHangTime, "maxHangTime");
    }

    /** check 1 s, timeout 30 s, buffer 5 s, max hang 60 s, autoKill on. */
    public static WatchdogConfig defaults() {
        return new WatchdogConfig(Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(5),
                Duration.ofSeconds(60), true);
    }

    public WatchdogConfig withCheckInterval(Duration d) {
        return new WatchdogConfig(d, processTimeout, extraBuffer, maxHangTime, autoKill);
    }

    public WatchdogConfig withProcessTimeout(Duration d) {
        return new WatchdogConfig(checkInterval, d, extraBuffer, maxHangTime, autoKill);
    }

    public WatchdogConfig withExtraBuffer(Duration d) {
        return new WatchdogConfig(checkInterval, processTimeout, d, maxHangTime, autoKill);
    }

    public WatchdogConfig withMaxHangTime(Duration d) {
        return new WatchdogConfig(checkInterval, processTimeout, extraBuffer, d, autoKill);
    }

    public WatchdogConfig withAutoKill(boolean on) {
        return new WatchdogConfig(checkInterval, processTimeout, extraBuffer, maxHangTime, on);
    }
}
