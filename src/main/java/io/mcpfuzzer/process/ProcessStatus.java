package io.mcpfuzzer.process;

import java.time.Instant;
import java.util.List;

/**
 * A point-in-time view of one managed process.
 *
 * @param pid process id
 * @param name name from its config
 * @param command command as configured
 * @param state lifecycle state
 * @param alive true while it runs (zombies count as dead)
 * @param startedAt wall-clock start
 * @param outstandingRequests requests the watchdog counts as outstanding
 * @param exitCode exit code once it ended, else null
 */
public record ProcessStatus(long pid, String name, List<String> command, ProcessState state, boolean alive,
        Instant startedAt, int outstandingRequests, Integer exitCode) {
}
