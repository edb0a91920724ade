package io.mcpfuzzer.mcp;

import tools.jackson.databind.JsonNode;

/**
 * The server's answer to {@code initialize}.
 *
 * @param protocolVersion negotiated version (one of {@link ProtocolVersions#SUPPORTED})
 * @param serverInfo      the {@code serverInfo} object (may be empty, never null)
 * @param capabilities    the {@code capabilities} object (may be empty, never null)
 * @param instructions    optional instructions text, or null
 * @param raw             the whole result object
 */
public record InitializeResult(String protocolVersion, JsonNode serverInfo, JsonNode capabilities,
        String instructions, JsonNode raw) {

    public boolean hasCapability(String name) {
        return capabilities.has(name);
    }
}
