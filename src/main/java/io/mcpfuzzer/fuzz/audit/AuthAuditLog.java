package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.audit.AuthCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the auth audit concluded per check: {@code finding}, {@code passed}, {@code skipped} (the check could
 * not run; the reason says why, it is no finding) or {@code not_run} (intrusive checks without
 * {@code --auth-audit-intrusive}), plus the findings. The first conclusion of a check other than a finding
 * stands; a finding always wins. Not thread-safe (one audit, one thread).
 */
final class AuthAuditLog {
    private final Map<String, Map<String, Object>> checks = new LinkedHashMap<>();
    private final List<Finding> findings = new ArrayList<>();

    void found(Finding f) {
        findings.add(f);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", "finding");
        m.put("severity", f.severity().wire());
        checks.put(f.checkId(), m);
    }

    void passed(AuthCheck c, String note) {
        conclude(c, "passed", note);
    }

    void skipped(AuthCheck c, String reason) {
        conclude(c, "skipped", reason);
    }

    void notRun(AuthCheck c, String reason) {
        conclude(c, "not_run", reason);
    }

    boolean concluded(AuthCheck c) {
        return checks.containsKey(c.id());
    }

    /** Every still open check of {@code list} gets {@code skipped} with this reason. */
    void skipOpen(String reason, AuthCheck... list) {
        for (AuthCheck c : list) {
            skipped(c, reason);
        }
    }

    List<Finding> findings() {
        return List.copyOf(findings);
    }

    /** Check id to its conclusion, in catalogue order. */
    Map<String, Object> checks() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (AuthCheck c : AuthCheck.values()) {
            Map<String, Object> m = checks.get(c.id());
            out.put(c.id(), m == null ? Map.of("status", "skipped", "reason", "not reached") : m);
        }
        return out;
    }

    private void conclude(AuthCheck c, String status, String note) {
        if (checks.containsKey(c.id())) {
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", status);
        if (note != null) {
            m.put(status.equals("passed") ? "note" : "reason", note);
        }
        checks.put(c.id(), m);
    }
}
