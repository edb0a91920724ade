package io.mcpfuzzer.cli;

import io.mcpfuzzer.report.ReportJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What {@code replay} reads: the findings of an output directory ({@code findings.json}), of a
 * findings.json, or the one finding of a {@code crashes/*.json}, and the run_summary.json of the
 * same output directory when there is one. Immutable.
 *
 * @param source   the file the findings came from
 * @param findings findings in the findings.json shape
 * @param summary  the run summary, or null when none was found
 */
record ReplayInput(Path source, List<JsonNode> findings, JsonNode summary) {
    private static final String FINDINGS = "findings.json";
    private static final String SUMMARY = "run_summary.json";

    /** @throws IOException when the path cannot be read or holds no findings */
    static ReplayInput load(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve(FINDINGS) : path;
        JsonNode doc = ReportJson.compact().readTree(Files.readString(file));
        List<JsonNode> findings = new ArrayList<>();
        Path dir = file.toAbsolutePath().getParent();
        if (doc.path("findings").isArray()) {
            doc.get("findings").forEach(findings::add);
        } else if (doc.path("finding").isObject()) {
            findings.add(doc.get("finding"));
            if (dir != null && dir.getFileName() != null && dir.getFileName().toString().equals("crashes")) {
                dir = dir.getParent();
            }
        } else {
            throw new IOException("neither a findings.json nor a crash file (no 'findings' or 'finding')");
        }
        Path summaryFile = dir == null ? null : dir.resolve(SUMMARY);
        JsonNode summary = summaryFile != null && Files.isRegularFile(summaryFile)
                ? ReportJson.compact().readTree(Files.readString(summaryFile)) : null;
        return new ReplayInput(file, List.copyOf(findings), summary);
    }

    /** The findings whose id equals or starts with {@code id}; all of them when {@code id} is null. */
    List<JsonNode> select(String id) {
        if (id == null || id.isBlank()) {
            return findings;
        }
        List<JsonNode> exact = findings.stream().filter(f -> f.path("id").asString("").equals(id)).toList();
        return !exact.isEmpty() ? exact
                : findings.stream().filter(f -> f.path("id").asString("").startsWith(id)).toList();
    }
}
