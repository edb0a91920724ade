package io.mcpfuzzer.oracle.audit;

/**
 * OWASP MCP Top 10 (2025 edition) identifiers used by the security audit, with the page each one cites.
 * The mapping follows the Python tool's (tool poisoning family to MCP03, scope creep to MCP02, command
 * execution to MCP05, SQL and output prompt injection to MCP06, cleartext transport to MCP08) and adds
 * ids where it had none (name squatting to MCP03, missing Origin validation to MCP07, tokens and client
 * secrets sent to an authorization server in cleartext to MCP01).
 */
public enum Owasp {
    MCP01("MCP01:2025", "Token Mismanagement & Secret Exposure", null),
    MCP02("MCP02:2025", "Privilege Escalation via Scope Creep",
            "MCP02-2025%E2%80%93Privilege-Escalation-via-Scope-Creep"),
    MCP03("MCP03:2025", "Tool Poisoning", "MCP03-2025%E2%80%93Tool-Poisoning"),
    MCP05("MCP05:2025", "Command Injection & Execution", "MCP05-2025%E2%80%93Command-Injection%26Execution"),
    MCP06("MCP06:2025", "Intent Flow Subversion", "MCP06-2025%E2%80%93Intent-Flow-Subversion"),
    MCP07("MCP07:2025", "Insufficient Authentication & Authorization", null),
    MCP08("MCP08:2025", "Lack of Audit and Telemetry", null);

    /** Project index page, cited when an item has no page of its own we could verify. */
    public static final String INDEX = "https://owasp.org/www-project-mcp-top-10/";

    private final String id;
    private final String title;
    private final String slug;

    Owasp(String id, String title, String slug) {
        this.id = id;
        this.title = title;
        this.slug = slug;
    }

    /** Wire id as written in findings, for example {@code MCP03:2025}. */
    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    /** Reference page for this item (the project index when no item page is known). */
    public String url() {
        return slug == null ? INDEX : INDEX + "2025/" + slug;
    }
}
