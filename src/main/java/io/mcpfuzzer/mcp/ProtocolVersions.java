package io.mcpfuzzer.mcp;

import java.util.List;

/** MCP protocol revisions this client speaks (spec "Lifecycle / Version negotiation"). */
public final class ProtocolVersions {
    public static final String V2024_11_05 = "2024-11-05";
    public static final String V2025_03_26 = "2025-03-26";
    public static final String V2025_06_18 = "2025-06-18";
    public static final String V2025_11_25 = "2025-11-25";
    /** Offered by default. */
    public static final String LATEST = V2025_11_25;
    /** Accepted in a server's answer, oldest first. */
    public static final List<String> SUPPORTED = List.of(V2024_11_05, V2025_03_26, V2025_06_18, V2025_11_25);

    private ProtocolVersions() {}

    public static boolean isSupported(String version) {
        return version != null && SUPPORTED.contains(version);
    }
}
