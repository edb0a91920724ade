package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.oracle.spec.CheckResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Spec-guard results as plain maps for the reports. */
final class SpecReport {
    private SpecReport() {}

    static List<Map<String, Object>> toMaps(List<CheckResult> checks) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (CheckResult r : checks) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", r.checkId());
            m.put("title", r.check().title());
            m.put("status", r.status().name());
            m.put("message", r.message());
            m.put("spec", r.check().specRef());
            m.put("evidence", r.evidence());
            out.add(m);
        }
        return out;
    }
}
