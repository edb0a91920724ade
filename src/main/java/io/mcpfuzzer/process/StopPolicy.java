package io.mcpfuzzer.process;

import java.time.Duration;
import java.util.Objects;

/**
 * The one source of truth for how long each step of stopping a process may take. A graceful stop is:
 * close stdin, wait {@code stdinGrace}; SIGTERM to the group, wait {@code termGrace}; SIGKILL to the
 * group, wait {@code killWait}; then sweep descendants. A hang kill skips the stdin step; a forced
 * stop starts at SIGKILL.
 *
 * @param stdinGrace wait after closing stdin (MCP stdio shutdown, first step)
 * @param termGrace wait after SIGTERM to the group
 * @param killWait wait after SIGKILL for the kernel to tear the process down
 */
public record StopPolicy(Duration stdinGrace, Duration termGrace, Duration killWait) {

    public StopPolicy {
        Durations.requireNonNegative(stdinGrace, "stdinGrace");
        Durations.requireNonNegative(termGrace, "termGrace");
        Durations.requireNonNegative(killWait, "killWait");
    }

    /** 2 s after closing stdin, 2 s after SIGTERM, 2 s after SIGKILL. */
    public static StopPolicy defaults() {
        return new StopPolicy(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    /** Short waits for the JVM shutdown hook: 200 ms, 500 ms, 1 s. */
    public static StopPolicy shutdownHook() {
        return new StopPolicy(Duration.ofMillis(200), Duration.ofMillis(500), Duration.ofSeconds(1));
    }

    /** Same policy with another stdin grace. */
    public StopPolicy withStdinGrace(Duration d) {
        return new StopPolicy(Objects.requireNonNull(d), termGrace, killWait);
    }

    /** Same policy with another SIGTERM grace. */
    public StopPolicy withTermGrace(Duration d) {
        return new StopPolicy(stdinGrace, Objects.requireNonNull(d), killWait);
    }
}
