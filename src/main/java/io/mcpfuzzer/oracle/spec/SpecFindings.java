package io.mcpfuzzer.oracle.spec;

import io.mcpfuzzer.oracle.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns failed spec checks into findings (kind {@code protocol}, category {@code spec_violation}). */
public final class SpecFindings {
    public static final String KIND = "protocol";
    public static final String CATEGORY = "spec_violation";

    private SpecFindings() {}

    /**
     * One finding per FAIL result, with the check's severity, its id as {@code checkId} and as the
     * deduplication signature; PASS, WARN and SKIP results produce none.
     *
     * @param target what the findings are about, for example the server description; null becomes ""
     */
    public static List<Finding> toFindings(List<CheckResult> results, String target) {
        List<Finding> out = new ArrayList<>();
        for (CheckResult r : results) {
            if (r.status() != CheckStatus.FAIL) {
                continue;
            }
            Map<String, Object> evidence = new LinkedHashMap<>(r.evidence());
            evidence.put("checkId", r.checkId());
            evidence.put("title", r.check().title());
            Finding finding = Finding.of(CATEGORY, r.check().severity(), KIND, target, null,
                    r.checkId() + ": " + r.message(), evidence, r.checkId());
            out.add(finding.withAudit(r.checkId(), null));
        }
        return out;
    }
}
