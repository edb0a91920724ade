package io.mcpfuzzer.transport;

/**
 * Receives what a transport reads from the peer. Called from the transport's reader thread(s);
 * implementations must be thread-safe and must not block for long.
 */
public interface FrameListener {
    /** One complete inbound message text: a stdio line, an SSE {@code data} payload, or a JSON body. */
    void onFrame(String text);

    /**
     * The peer sent a frame longer than the transport's cap; the frame was discarded.
     *
     * @param bytesSeen bytes read before giving up (at least the cap)
     */
    void onOversized(long bytesSeen);

    /**
     * Like {@link #onOversized(long)}, with the first and last bytes of the discarded frame (decoded as
     * UTF-8, at most a few hundred characters each; empty when the transport kept none), from which the
     * listener may read the frame's id.
     */
    default void onOversized(long bytesSeen, String head, String tail) {
        onOversized(bytesSeen);
    }

    /**
     * A transport-level problem that is not a frame: an HTTP status such as 401/404/500, an undecodable
     * SSE stream, a dropped connection. {@code kind} is a short stable word ({@code http_status},
     * {@code stream_dropped}, ...), {@code detail} a bounded human excerpt.
     */
    default void onProblem(String kind, String detail) {}

    /**
     * The peer refused the frame of the request with this {@code id} (an HTTP error status for its POST): that
     * request, if still pending, gets no other answer. Default: {@link #onProblem}.
     *
     * @param id the request's {@code id} as sent (never null)
     */
    default void onRefused(tools.jackson.databind.JsonNode id, String kind, String detail) {
        onProblem(kind, detail);
    }

    /** The inbound side ended (EOF, process exit, stream closed). Called at most once. */
    void onClosed(String reason);
}
