package io.mcpfuzzer.report.export;

import io.mcpfuzzer.report.CoverageSummary;
import io.mcpfuzzer.report.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The HTML report's coverage-pass table: one row per tool with the cases sent, the cases the budget
 * cut, the pairwise cases and the edge classes covered (comma separated, cut to
 * {@value KeyValueRows#MAX_VALUE} characters). Values are cleaned ({@link XmlText#visible}) but not
 * escaped (the template does that). Stateless and thread-safe.
 */
final class CoverageRows {
    private CoverageRows() {}

    static List<Map<String, Object>> of(RunSummary s) {
        List<Map<String, Object>> rows = new ArrayList<>();
        CoverageSummary.perTool(s).forEach((tool, record) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("tool", XmlText.visible(tool));
            row.put("cases", record.path("cases").asLong(0));
            row.put("cut", record.path("cut").asLong(0));
            row.put("pairs", record.path("pairs").asLong(0));
            List<String> classes = new ArrayList<>();
            for (JsonNode c : record.path("classes")) {
                classes.add(c.asString(""));
            }
            String text = classes.isEmpty() ? "(none)" : String.join(", ", classes);
            row.put("classes", XmlText.visible(text.length() <= KeyValueRows.MAX_VALUE ? text
                    : text.substring(0, KeyValueRows.MAX_VALUE) + "..."));
            rows.add(row);
        });
        return rows;
    }
}
