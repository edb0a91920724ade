package io.mcpfuzzer.fuzz.targets;

import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.oracle.CrashInfo;

/**
 * One live incarnation of the server under test, with an initialized MCP session.
 * Thread-safe. Closing stops it and everything it started (for a local process).
 */
public interface Target extends AutoCloseable {
    McpSession session();

    /**
     * Evidence of how it died; meaningful once the session is closed. For a local process, waits up to
     * 3 s for it to exit (unknown exit when it has not). Never null.
     */
    CrashInfo crashInfo();

    /** Last bytes of the target's stderr (bounded); empty for remote targets. */
    String stderrTail();

    /** Kills it on purpose (for example after a hang); later crash evidence says we sent the signal. */
    void kill(String reason);

    /** Resident memory in KiB of the target's processes, or -1 when unknown (remote). */
    long rssKb();

    @Override
    void close();
}
