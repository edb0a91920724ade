package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.Finding;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one way an audit catalogue ({@link AuditCheck}, {@link AuthCheck}) turns a check into a finding of kind
 * {@code audit}: evidence starts with {@code check_id}, the OWASP id and URL (when mapped) and the reference
 * (when known), then the given fields in their order; a blank detail becomes the check's title. Stateless.
 */
final class AuditFindings {
    private AuditFindings() {}

    /**
     * @param owasp     OWASP MCP Top 10 item, or null
     * @param reference reference URL, or null
     * @param target    what the finding is about (tool, URI, endpoint); never null
     * @param signature what distinguishes findings of this check on the same target (deduplication); null is ""
     */
    static Finding build(String id, String category, Owasp owasp, String reference, String title, Severity sev,
            String target, String detail, Map<String, Object> evidence, String signature) {
        return build(id, category, owasp, reference, title, sev, target, detail, evidence, signature, false);
    }

    /** As above; with {@code cause}, one root cause across targets ({@link Finding#withAuditCause}). */
    static Finding build(String id, String category, Owasp owasp, String reference, String title, Severity sev,
            String target, String detail, Map<String, Object> evidence, String signature, boolean cause) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("check_id", id);
        if (owasp != null) {
            ev.put("owasp_mcp_top_10", owasp.id());
            ev.put("owasp_mcp_url", owasp.url());
        }
        if (reference != null) {
            ev.put("reference", reference);
        }
        if (evidence != null) {
            ev.putAll(evidence);
        }
        String text = detail == null || detail.isBlank() ? title : detail;
        Finding f = Finding.of(category, sev, "audit", target, null, text, ev, signature == null ? "" : signature);
        String owaspId = owasp == null ? null : owasp.id();
        return cause ? f.withAuditCause(id, owaspId) : f.withAudit(id, owaspId);
    }
}
