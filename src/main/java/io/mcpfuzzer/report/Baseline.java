package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The findings of an earlier run (its findings.json), to tell which findings of this run are
 * {@code new} and which {@code unchanged} (same id, i.e. same fingerprint), and which earlier ones
 * are absent now. Immutable and thread-safe.
 */
public final class Baseline {
    /** A finding's state against the baseline: not in it. */
    public static final String NEW = "new";
    /** A finding's state against the baseline: in it too. */
    public static final String UNCHANGED = "unchanged";

    private final Path file;
    private final Map<String, Map<String, Object>> earlier;

    private Baseline(Path file, Map<String, Map<String, Object>> earlier) {
        this.file = file;
        this.earlier = earlier;
    }

    /**
     * Reads a findings.json (or the findings.json of an output directory).
     *
     * @throws IOException when it cannot be read or is not a findings.json
     */
    public static Baseline load(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve(ReportWriter.FINDINGS_FILE) : path;
        JsonNode doc;
        try {
            doc = ReportJson.compact().readTree(Files.readString(file));
        } catch (JacksonException e) {
            throw new IOException("not JSON: " + e.getOriginalMessage());
        }
        if (!doc.path("findings").isArray()) {
            throw new IOException("not a findings.json (no 'findings' array)");
        }
        Map<String, Map<String, Object>> earlier = new LinkedHashMap<>();
        for (JsonNode f : doc.get("findings")) {
            String id = f.path("id").asString(f.path("fingerprint").asString(""));
            if (!id.isEmpty()) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("id", id);
                for (String key : List.of("category", "severity", "kind", "target")) {
                    entry.put(key, f.path(key).asString(""));
                }
                earlier.put(id, entry);
            }
        }
        return new Baseline(file, earlier);
    }

    /** The findings, each with {@value ReportNodes#BASELINE_STATE} in its evidence ({@code new} or {@code unchanged}). */
    public List<Finding> mark(List<Finding> findings) {
        List<Finding> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            Map<String, Object> ev = new LinkedHashMap<>(f.evidence());
            ev.put(ReportNodes.BASELINE_STATE, earlier.containsKey(f.id()) ? UNCHANGED : NEW);
            out.add(f.withEvidence(f.detail(), ev));
        }
        return out;
    }

    /** True when the finding is not in the baseline. */
    public boolean isNew(Finding f) {
        return !earlier.containsKey(f.id());
    }

    /**
     * The {@code baseline} block of run_summary.json: {@code file}, counts of {@code new} and
     * {@code unchanged} findings, and the {@code absent} ones (id, category, severity, kind, target).
     */
    public Map<String, Object> summary(List<Finding> findings) {
        Set<String> now = new HashSet<>();
        findings.forEach(f -> now.add(f.id()));
        long unchanged = findings.stream().filter(f -> earlier.containsKey(f.id())).count();
        List<Map<String, Object>> absent = new ArrayList<>();
        earlier.forEach((id, entry) -> {
            if (!now.contains(id)) {
                absent.add(entry);
            }
        });
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("file", file.toString());
        block.put("new", findings.size() - unchanged);
        block.put("unchanged", unchanged);
        block.put("absent", absent);
        return block;
    }
}
