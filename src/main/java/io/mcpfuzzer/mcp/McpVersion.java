package io.mcpfuzzer.mcp;

import java.util.Optional;

/**
 * The MCP protocol revisions this project models, oldest first. The order of the constants is the
 * chronological order of the revisions, so {@link #atLeast} compares dates.
 */
public enum McpVersion {
    V2024_11_05("2024-11-05"),
    V2025_03_26("2025-03-26"),
    V2025_06_18("2025-06-18"),
    V2025_11_25("2025-11-25");

    private final String wire;

    McpVersion(String wire) {
        this.wire = wire;
    }

    /** The revision string as sent in {@code protocolVersion}, for example {@code 2025-06-18}. */
    public String wire() {
        return wire;
    }

    public boolean atLeast(McpVersion other) {
        return compareTo(other) >= 0;
    }

    /** The newest modelled revision. */
    public static McpVersion latest() {
        McpVersion[] all = values();
        return all[all.length - 1];
    }

    /** The revision with that wire name, or empty for an unknown or null name. */
    public static Optional<McpVersion> parse(String wire) {
        for (McpVersion v : values()) {
            if (v.wire.equals(wire)) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether JSON-RPC batches (arrays of messages) are part of this revision. Batching was added
     * explicitly in 2025-03-26 and removed in 2025-06-18; 2024-11-05 inherits plain JSON-RPC 2.0,
     * which allows batches, but MCP did not mention them, so callers should treat it as optional.
     */
    public boolean batchesRequired() {
        return this == V2025_03_26;
    }

    /** True from 2025-06-18 on, where a batch is not a valid MCP message. */
    public boolean batchesRemoved() {
        return atLeast(V2025_06_18);
    }

    @Override
    public String toString() {
        return wire;
    }
}
