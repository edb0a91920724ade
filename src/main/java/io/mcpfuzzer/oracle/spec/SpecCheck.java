package io.mcpfuzzer.oracle.spec;

import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.common.Severity;
import java.util.Objects;

/**
 * Metadata of one deterministic spec check. Ids are stable across releases (reports, baselines and
 * suppressions refer to them).
 *
 * @param id         stable id such as {@code SPEC-INIT-001}
 * @param title      one-line statement of the requirement
 * @param specRef    section of the specification, relative to {@code specification/<version>/}
 *                   (for example {@code basic/lifecycle#initialization}), or a JSON-RPC 2.0 section
 * @param severity   severity of the finding when the check fails
 * @param since      first revision the check applies to
 * @param until      last revision it applies to, or null for "all later revisions"
 */
public record SpecCheck(String id, String title, String specRef, Severity severity, McpVersion since,
        McpVersion until) {
    private static final String SPEC_BASE = "https://modelcontextprotocol.io/specification/";
    private static final String JSONRPC_BASE = "https://www.jsonrpc.org/specification";

    public SpecCheck {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(specRef, "specRef");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(since, "since");
    }

    public boolean appliesTo(McpVersion version) {
        return version.atLeast(since) && (until == null || until.atLeast(version));
    }

    /** The specification URL for {@code version}. */
    public String url(McpVersion version) {
        if (specRef.startsWith("jsonrpc")) {
            return JSONRPC_BASE + specRef.substring("jsonrpc".length());
        }
        return SPEC_BASE + version.wire() + "/" + specRef;
    }

    /** Human text of the applicable revisions, for example {@code 2025-06-18+} or {@code 2025-03-26}. */
    public String versionsText() {
        if (until == null) {
            return since == McpVersion.values()[0] ? "all" : since.wire() + "+";
        }
        return since == until ? since.wire() : since.wire() + " to " + until.wire();
    }
}
