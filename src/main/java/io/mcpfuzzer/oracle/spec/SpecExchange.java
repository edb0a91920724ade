package io.mcpfuzzer.oracle.spec;

import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The spec guard's view of one live, already initialised MCP connection. The lead implements it over
 * the real session (any transport); tests implement it over a child process. Used from one thread
 * at a time. Implementations must never throw for what the server does: a dead or silent server is
 * a {@link ProbeReply} with outcome TIMEOUT or CLOSED.
 */
public interface SpecExchange {
    /**
     * Sends {@code frameText} as is and waits for its answer.
     *
     * <p>Matching: when {@code id} is non-null, the first inbound response (an object with
     * {@code result} or {@code error}) whose {@code id} has the same text as {@code id} (so that
     * {@code 7} and {@code "7"} both match: the guard judges the type itself), or whose {@code id}
     * is null or absent (servers answer invalid requests that way). When {@code id} is null (a
     * batch), the first inbound JSON array, or the first response whose {@code id} is null or absent.
     * Every other inbound frame received meanwhile is kept for {@link #drainUnsolicited()}.
     */
    ProbeReply request(String frameText, JsonNode id, Duration timeout);

    /** Sends {@code frameText} as is and does not wait (notifications and fire-and-forget probes). */
    void notify(String frameText);

    /**
     * Sends a valid ping with a fresh id of the implementation's choosing and waits for the answer
     * carrying exactly that id (strict matching: null-id answers are not taken, they stay for
     * {@link #drainUnsolicited()}, because the guard uses ping to delimit what a probe provoked).
     */
    ProbeReply ping(Duration timeout);

    /**
     * Every inbound frame received since the previous call that no {@link #request} or {@link #ping}
     * consumed, in arrival order (server notifications and requests, stray or late responses,
     * arrays); clears them.
     */
    List<String> drainUnsolicited();

    /** The {@code result} member of the initialize answer obtained when the connection was opened. */
    JsonNode initializeResult();
}
