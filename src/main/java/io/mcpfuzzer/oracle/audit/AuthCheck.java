package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.Map;

/**
 * Catalogue of the authorization audit ({@code --auth-audit}, {@code --auth-audit-intrusive}): checks of
 * an MCP server's OAuth 2.1 authorization layer (MCP 2025-11-25, "Authorization"). Ids are stable (never
 * renumbered; retired ids are not reused). Findings have kind {@code audit} like {@link AuditCheck}'s, so
 * they land in findings.json, run_summary.json and SARIF the same way; severity adjustments per check are
 * documented in {@code docs/audit.md}.
 */
public enum AuthCheck {
    CLEARTEXT_ENDPOINT("MCPF-AUTH-001", "oauth_metadata", Severity.MEDIUM, Owasp.MCP01, Refs.MCP_COMMS,
            "An authorization endpoint or authorization server named in the metadata uses cleartext HTTP to a "
                    + "non-loopback host."),
    ISSUER_MISMATCH("MCPF-AUTH-002", "oauth_metadata", Severity.MEDIUM, Owasp.MCP07, Refs.RFC8414_ISSUER,
            "Authorization server metadata names another issuer than the one it was fetched for (mix-up risk)."),
    S256_NOT_ADVERTISED("MCPF-AUTH-003", "oauth_metadata", Severity.MEDIUM, Owasp.MCP07, Refs.MCP_PKCE,
            "Authorization server metadata does not list S256 in code_challenge_methods_supported."),
    LEGACY_GRANT("MCPF-AUTH-004", "oauth_metadata", Severity.MEDIUM, Owasp.MCP07, Refs.RFC9700,
            "Authorization server advertises the implicit or the resource owner password grant."),
    RESOURCE_NOT_BOUND("MCPF-AUTH-005", "oauth_metadata", Severity.MEDIUM, Owasp.MCP07, Refs.RFC9728_RESOURCE,
            "Protected resource metadata has no resource, or one that is not the MCP server's URL."),
    PKCE_NOT_REQUIRED("MCPF-AUTH-006", "pkce_downgrade", Severity.HIGH, Owasp.MCP07, Refs.MCP_PKCE,
            "An authorization request without code_challenge was accepted (a code came back)."),
    PKCE_PLAIN_ACCEPTED("MCPF-AUTH-007", "pkce_downgrade", Severity.MEDIUM, Owasp.MCP07, Refs.MCP_PKCE,
            "An authorization request with code_challenge_method=plain was accepted (a code came back)."),
    STATE_NOT_RETURNED("MCPF-AUTH-008", "oauth_state", Severity.MEDIUM, Owasp.MCP07, Refs.RFC6749_STATE,
            "The authorization response did not carry the request's state back unchanged."),
    UNAUTHENTICATED_TOOLS("MCPF-AUTH-009", "missing_authentication", Severity.HIGH, Owasp.MCP07, Refs.MCP_AUTHZ,
            "Tools are reachable without a token on a server that advertises authorization."),
    AUDIENCE_NOT_CHECKED("MCPF-AUTH-010", "token_audience", Severity.HIGH, Owasp.MCP07, Refs.MCP_AUDIENCE,
            "A token issued for another resource (RFC 8707) was accepted: the token audience is not validated."),
    OPEN_REDIRECT("MCPF-AUTH-011", "open_redirect", Severity.HIGH, Owasp.MCP07, Refs.MCP_OPEN_REDIRECT,
            "The authorization endpoint redirected to a redirect_uri that was never registered."),
    REGISTRATION_ATTACKER_REDIRECT("MCPF-AUTH-012", "client_registration", Severity.MEDIUM, Owasp.MCP07,
            Refs.RFC7591_SECURITY, "Dynamic client registration accepted an attacker's redirect URI.");

    private final String id;
    private final String category;
    private final Severity severity;
    private final Owasp owasp;
    private final String reference;
    private final String title;

    AuthCheck(String id, String category, Severity severity, Owasp owasp, String reference, String title) {
        this.id = id;
        this.category = category;
        this.severity = severity;
        this.owasp = owasp;
        this.reference = reference;
        this.title = title;
    }

    public String id() {
        return id;
    }

    public String category() {
        return category;
    }

    public Severity severity() {
        return severity;
    }

    /** OWASP item; never null for this catalogue. */
    public Owasp owasp() {
        return owasp;
    }

    public String reference() {
        return reference;
    }

    public String title() {
        return title;
    }

    /** Finding with the default severity; see {@link #finding(Severity, String, String, Map, String)}. */
    public Finding finding(String target, String detail, Map<String, Object> evidence, String signature) {
        return finding(severity, target, detail, evidence, signature);
    }

    /**
     * Builds a finding of kind {@code audit}; evidence starts with {@code check_id}, the OWASP id and URL and
     * the reference, then the given fields in their order.
     *
     * @param target    the URL the finding is about (without credentials), never null
     * @param signature what distinguishes findings of this check on one target (deduplication)
     */
    public Finding finding(Severity sev, String target, String detail, Map<String, Object> evidence,
            String signature) {
        return AuditFindings.build(id, category, owasp, reference, title, sev, target, detail, evidence, signature);
    }

    /** Reference URLs (spec sections and RFCs). */
    static final class Refs {
        static final String MCP_AUTHZ =
                "https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization";
        static final String MCP_COMMS = MCP_AUTHZ + "#communication-security";
        static final String MCP_PKCE = MCP_AUTHZ + "#authorization-code-protection";
        static final String MCP_AUDIENCE = MCP_AUTHZ + "#token-audience-binding-and-validation";
        static final String MCP_OPEN_REDIRECT = MCP_AUTHZ + "#open-redirection";
        static final String RFC8414_ISSUER = "https://www.rfc-editor.org/rfc/rfc8414#section-3.3";
        static final String RFC9728_RESOURCE = "https://www.rfc-editor.org/rfc/rfc9728#section-3.3";
        static final String RFC9700 = "https://www.rfc-editor.org/rfc/rfc9700#section-2.1.2";
        static final String RFC6749_STATE = "https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2";
        static final String RFC7591_SECURITY = "https://www.rfc-editor.org/rfc/rfc7591#section-5";

        private Refs() {}
    }
}
