package io.mcpfuzzer.transport;

/**
 * Moves JSON-RPC frames to and from one MCP peer. Knows nothing of JSON-RPC semantics: a frame is
 * text that is sent as is (which lets the fuzzer send invalid JSON, batches and mutated envelopes).
 *
 * <p>Lifecycle: {@link #start} once, then any number of sends from any thread (implementations
 * serialise writes), then {@link #close}. Inbound frames go to the listener given to start.
 */
public interface Transport extends AutoCloseable {
    /** Opens the channel and starts delivering inbound frames to {@code listener}. */
    void start(FrameListener listener) throws TransportException;

    /** Sends one frame (a JSON text, possibly invalid on purpose). */
    void send(String frame) throws TransportException;

    /**
     * Sends one frame, running {@code beforeWrite} just before its bytes go out: where writes are
     * serialised, inside that order, so the order in which the callbacks run is the order in which the
     * peer receives the frames. Default: the callback, then {@link #send(String)} (no such guarantee).
     */
    default void send(String frame, Runnable beforeWrite) throws TransportException {
        beforeWrite.run();
        send(frame);
    }

    /** Sends raw bytes exactly as given (malformed-frame fuzzing). Default: UTF-8 decode not applied. */
    void sendRaw(byte[] bytes) throws TransportException;

    /** Short description for reports, with credentials removed (for example {@code stdio:node server.js}). */
    String describe();

    /** True while frames can still be sent. */
    boolean isOpen();

    /** Releases resources; idempotent; never throws. */
    @Override
    void close();
}
