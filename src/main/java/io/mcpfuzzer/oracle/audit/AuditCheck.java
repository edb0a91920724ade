package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.Map;

/**
 * Catalogue of security-audit checks. Every id is stable across releases (never renumbered; retired
 * ids are not reused). Each check has a category (finding category), a default severity (a finding may
 * carry a different one when its evidence is weaker or stronger, documented per check in
 * {@code docs/audit.md}), an optional OWASP MCP Top 10 item and an optional reference URL.
 */
public enum AuditCheck {
    // --- metadata (tools, resources, prompts) ---
    TOOL_POISONING("MCPF-META-001", "tool_poisoning", Severity.HIGH, Owasp.MCP03, Refs.INVARIANT_TPA,
            "Definition text carries instructions aimed at the model (injection/poisoning markers)."),
    SCHEMA_POISONING("MCPF-META-002", "schema_poisoning", Severity.HIGH, Owasp.MCP03, Refs.INVARIANT_TPA,
            "inputSchema/outputSchema text carries instructions aimed at the model."),
    SENSITIVE_PATH("MCPF-META-003", "sensitive_path_reference", Severity.MEDIUM, Owasp.MCP03, Refs.INVARIANT_TPA,
            "Definition text refers to secret locations (SSH keys, cloud credentials, .env files...)."),
    HIDDEN_CONTENT("MCPF-META-004", "hidden_instruction", Severity.HIGH, Owasp.MCP03, Refs.UNICODE_TAGS,
            "Definition text contains content invisible to a human reviewer (tag characters, zero-width, bidi "
                    + "overrides, ANSI escapes, control characters)."),
    HIDDEN_COMMENT("MCPF-META-005", "hidden_instruction", Severity.MEDIUM, Owasp.MCP03, Refs.INVARIANT_TPA,
            "Definition text hides content from a human reviewer with markup (HTML or Markdown comments, "
                    + "off-screen padding)."),
    ENCODED_INSTRUCTION("MCPF-META-006", "hidden_instruction", Severity.HIGH, Owasp.MCP03, Refs.INVARIANT_TPA,
            "Definition text contains an encoded (base64, hex, percent, escape) payload that decodes to "
                    + "injection markers."),
    TOOL_CONDITIONING("MCPF-META-007", "tool_conditioning", Severity.MEDIUM, Owasp.MCP03, Refs.INVARIANT_TPA,
            "Definition conditions behaviour on trigger phrases or conversation history."),
    NAME_SQUATTING("MCPF-META-008", "tool_name_squatting", Severity.LOW, Owasp.MCP03, null,
            "Name is a near miss of a well-known tool name (typosquatting / shadow-tool risk)."),
    CONFUSABLE_NAME("MCPF-META-009", "tool_name_squatting", Severity.MEDIUM, Owasp.MCP03, Refs.UTS39,
            "Name is a homoglyph (confusable skeleton) of a well-known or sibling tool name."),
    MIXED_SCRIPT_NAME("MCPF-META-010", "tool_name_squatting", Severity.MEDIUM, Owasp.MCP03, Refs.UTS39,
            "Name mixes letters from several scripts."),
    SIMILAR_SIBLING_NAMES("MCPF-META-011", "tool_name_squatting", Severity.LOW, Owasp.MCP03, null,
            "Two names on this server differ by a single edit (possible in-server shadowing)."),
    DUPLICATE_NAME("MCPF-META-012", "tool_shadowing", Severity.MEDIUM, Owasp.MCP03, null,
            "Same name listed more than once (shadowing / name collision)."),
    DEFINITION_DRIFT("MCPF-META-013", "tool_definition_drift", Severity.HIGH, Owasp.MCP03, Refs.INVARIANT_TPA,
            "A definition differs between duplicates or between two listings in one run (in-session rug pull)."),
    EXFILTRATION_PATH("MCPF-META-014", "dangerous_capability_combo", Severity.MEDIUM, Owasp.MCP02,
            Refs.LETHAL_TRIFECTA, "Tools together read local or private data and send data out (exfiltration path)."),
    COMMAND_EXECUTION("MCPF-META-015", "dangerous_capability", Severity.MEDIUM, Owasp.MCP05, null,
            "A tool executes commands or code supplied by the caller."),
    ANNOTATION_UNDERSTATES("MCPF-META-016", "misleading_annotation", Severity.MEDIUM, Owasp.MCP02,
            Refs.MCP_TOOLS, "Annotations claim a safer behaviour than the description states."),
    LISTING_CHANGED("MCPF-META-017", "tool_definition_drift", Severity.MEDIUM, Owasp.MCP03, null,
            "An item was added or removed between two listings in one run."),
    // --- pinning across runs ---
    PIN_CHANGED("MCPF-PIN-001", "rug_pull", Severity.HIGH, Owasp.MCP03, Refs.INVARIANT_TPA,
            "Tool definition differs from the pinned hash (rug pull)."),
    PIN_ADDED("MCPF-PIN-002", "rug_pull", Severity.MEDIUM, Owasp.MCP03, null, "Tool not present in the pin file."),
    PIN_REMOVED("MCPF-PIN-003", "rug_pull", Severity.LOW, Owasp.MCP03, null, "Pinned tool no longer listed."),
    // --- response oracles ---
    COMMAND_INJECTION("MCPF-RESP-001", "command_injection", Severity.CRITICAL, Owasp.MCP05, null,
            "Response shows that an injected command ran."),
    PATH_TRAVERSAL("MCPF-RESP-002", "path_traversal", Severity.HIGH, Owasp.MCP02, null,
            "Response contains the content of a system file outside any sane tool scope."),
    CANARY_TRAVERSAL("MCPF-RESP-003", "path_traversal", Severity.HIGH, Owasp.MCP02, null,
            "Response contains the secret of a canary file planted outside the allowed root."),
    SQL_INJECTION("MCPF-RESP-004", "sql_injection", Severity.HIGH, Owasp.MCP06, null,
            "Response shows that an injected SQL fragment reached the database."),
    OUTPUT_PROMPT_INJECTION("MCPF-RESP-005", "output_prompt_injection", Severity.MEDIUM, Owasp.MCP06, null,
            "Response carries instructions aimed at the model that were not in the request."),
    PROMPT_INJECTION_FOLLOWED("MCPF-RESP-006", "prompt_injection", Severity.HIGH, Owasp.MCP06, null,
            "A planted instruction was followed (its computed answer came back)."),
    CODE_INJECTION("MCPF-RESP-007", "code_injection", Severity.HIGH, Owasp.MCP05, null,
            "An injected expression was evaluated (template/code injection)."),
    // --- output contract ---
    MISSING_STRUCTURED("MCPF-CONTRACT-001", "output_contract", Severity.MEDIUM, null, Refs.MCP_TOOLS_OUTPUT,
            "Successful result lacks structuredContent although the tool declares an outputSchema."),
    INVALID_STRUCTURED("MCPF-CONTRACT-002", "output_contract", Severity.MEDIUM, null, Refs.MCP_TOOLS_OUTPUT,
            "structuredContent does not validate against the tool's outputSchema."),
    TEXT_INCONSISTENT("MCPF-CONTRACT-003", "output_contract", Severity.LOW, null, Refs.MCP_TOOLS_OUTPUT,
            "Text content is not the serialised structuredContent."),
    BAD_OUTPUT_SCHEMA("MCPF-CONTRACT-004", "output_contract", Severity.LOW, null, Refs.MCP_TOOLS_OUTPUT,
            "Declared outputSchema is unusable (not an object schema or not compilable)."),
    // --- annotation truth ---
    READ_ONLY_VIOLATED("MCPF-ANNOT-001", "annotation_violation", Severity.HIGH, Owasp.MCP02, Refs.MCP_TOOLS,
            "Tool annotated readOnlyHint=true changed files under the fs root (the server's bookkeeping aside)."),
    NON_DESTRUCTIVE_VIOLATED("MCPF-ANNOT-002", "annotation_violation", Severity.MEDIUM, Owasp.MCP02, Refs.MCP_TOOLS,
            "Tool annotated destructiveHint=false deleted or overwrote files."),
    IDEMPOTENT_ANSWERS_DIFFER("MCPF-ANNOT-003", "annotation_violation", Severity.LOW, null, Refs.MCP_TOOLS,
            "Tool annotated idempotentHint=true gave different (normalised) answers to identical calls."),
    IDEMPOTENT_EFFECTS_DIFFER("MCPF-ANNOT-004", "annotation_violation", Severity.MEDIUM, Owasp.MCP02, Refs.MCP_TOOLS,
            "Tool annotated idempotentHint=true changed files again on an identical repeated call."),
    // --- transport ---
    INSECURE_TRANSPORT("MCPF-HTTP-001", "insecure_transport", Severity.MEDIUM, Owasp.MCP08, null,
            "Endpoint uses cleartext HTTP to a non-loopback host."),
    MISSING_ORIGIN_VALIDATION("MCPF-HTTP-002", "missing_origin_validation", Severity.HIGH, Owasp.MCP07,
            Refs.MCP_TRANSPORT_SECURITY, "Server accepted a request carrying a foreign Origin (DNS rebinding)."),
    ORIGIN_INCONCLUSIVE("MCPF-HTTP-003", "origin_validation_inconclusive", Severity.INFO, null,
            Refs.MCP_TRANSPORT_SECURITY, "Origin validation could not be evaluated (authentication came first)."),
    CORS_REFLECTS_ORIGIN("MCPF-HTTP-004", "permissive_cors", Severity.MEDIUM, Owasp.MCP07, Refs.MCP_TRANSPORT_SECURITY,
            "Server allows a foreign Origin through CORS headers.");

    private final String id;
    private final String category;
    private final Severity severity;
    private final Owasp owasp;
    private final String reference;
    private final String title;

    AuditCheck(String id, String category, Severity severity, Owasp owasp, String reference, String title) {
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

    /** OWASP item, or null when none applies. */
    public Owasp owasp() {
        return owasp;
    }

    /** Reference URL (spec section, write-up), or null. */
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
     * Builds a finding of kind {@code audit}. Evidence starts with {@code check_id}, the OWASP id and URL
     * (when mapped) and the reference, then the given fields in their order.
     *
     * @param target    tool name, resource URI, prompt name or endpoint; never null
     * @param signature what distinguishes findings of this check on the same target (deduplication)
     */
    public Finding finding(Severity sev, String target, String detail, Map<String, Object> evidence,
            String signature) {
        return AuditFindings.build(id, category, owasp, reference, title, sev, target, detail, evidence, signature);
    }

    /**
     * As {@link #finding(Severity, String, String, Map, String)}, for a practice of the whole server: one root
     * cause whatever the target, which lists every target it was seen on ({@link Finding#COVERS}).
     */
    public Finding cause(Severity sev, String target, String detail, Map<String, Object> evidence, String signature) {
        return AuditFindings.build(id, category, owasp, reference, title, sev, target, detail, evidence, signature,
                true);
    }

    /** Reference URLs (public write-ups and spec sections). */
    static final class Refs {
        static final String INVARIANT_TPA =
                "https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks";
        static final String UNICODE_TAGS =
                "https://embracethered.com/blog/posts/2024/hiding-and-finding-text-with-unicode-tags/";
        static final String UTS39 = "https://www.unicode.org/reports/tr39/";
        static final String LETHAL_TRIFECTA = "https://simonwillison.net/2025/Jun/16/the-lethal-trifecta/";
        static final String MCP_TOOLS = "https://modelcontextprotocol.io/specification/2025-11-25/server/tools";
        static final String MCP_TOOLS_OUTPUT =
                "https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema";
        static final String MCP_TRANSPORT_SECURITY =
                "https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#security-warning";

        private Refs() {}
    }
}
