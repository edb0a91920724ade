package io.mcpfuzzer.transport;

import java.util.Locale;

/**
 * How to reach the target ({@code --protocol}). {@code http}/{@code https} mean Streamable HTTP, falling back to
 * the 2024-11-05 HTTP+SSE transport when the server only speaks that; {@code streamablehttp} is Streamable HTTP
 * only; {@code sse} is HTTP+SSE only. The one name of a transport choice in every layer; constants are immutable.
 */
public enum TransportProtocol {
    STDIO, HTTP, HTTPS, SSE, STREAMABLEHTTP;

    /** True for the HTTP family (everything except stdio). */
    public boolean isRemote() {
        return this != STDIO;
    }

    /**
     * The spelling on the command line, in the config file and in {@code run_summary.json}'s {@code transport},
     * e.g. {@code "stdio"}.
     */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
