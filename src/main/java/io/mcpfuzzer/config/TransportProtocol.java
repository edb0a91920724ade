package io.mcpfuzzer.config;

/** How to reach the target. {@code http}/{@code https} mean Streamable HTTP; {@code sse} is the 2024-11-05 HTTP+SSE transport. */
public enum TransportProtocol {
    STDIO, HTTP, HTTPS, SSE, STREAMABLEHTTP;

    /** True for the HTTP family (everything except stdio). */
    public boolean isRemote() {
        return this != STDIO;
    }

    /** The command-line spelling, e.g. {@code "stdio"}. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
