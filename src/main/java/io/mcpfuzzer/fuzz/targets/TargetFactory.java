package io.mcpfuzzer.fuzz.targets;

/** Starts (or connects to) fresh incarnations of the server under test. Thread-safe. */
public interface TargetFactory extends AutoCloseable {
    /**
     * Starts a target and initializes its MCP session.
     *
     * @throws TargetStartException with evidence when it cannot start or initialize
     */
    Target start() throws TargetStartException;

    /**
     * Transport name for reports: the {@link io.mcpfuzzer.transport.TransportProtocol#wire()} spelling
     * ({@code stdio}, {@code http}, {@code https}, {@code sse} or {@code streamablehttp}).
     */
    String transport();

    /** Endpoint for reports, with credentials removed. */
    String describe();

    /** A raw-socket sender for HTTP-level hostile input, for remote targets; empty for stdio. */
    default java.util.Optional<RawHttpProbe> rawHttp() {
        return java.util.Optional.empty();
    }

    /** Releases shared resources (process manager, HTTP client). Idempotent. */
    @Override
    default void close() {}
}
