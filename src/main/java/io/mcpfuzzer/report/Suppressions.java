package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Known findings the team chose to ignore, from a YAML file ({@code --ignore-file}, by default
 * {@code .mcp-fuzzer-ignore.yml} in the working directory):
 *
 * <pre>
 * suppressions:
 *   - fingerprint: 3f2a9c...        # a finding's id
 *     reason: tracked in BUG-12
 *   - category: error_leakage       # or a category, optionally with target and kind
 *     target: lookup_user
 *     reason: debug build only
 *     expires: 2027-01-31           # optional; after that day the entry no longer applies
 * </pre>
 *
 * A top-level list of entries is accepted too. Every entry needs a {@code reason} and either a
 * {@code fingerprint} or a {@code category}. A suppressed finding stays in every report, marked
 * {@code suppressed: {reason, ...}}, and never counts for {@code --fail-on}. An expired entry is not
 * applied and gives a warning. Immutable and thread-safe.
 */
public final class Suppressions {
    /** The default file name, looked up in the working directory. */
    public static final String DEFAULT_FILE = ".mcp-fuzzer-ignore.yml";

    private record Entry(int index, String fingerprint, String category, String target, String kind, String reason,
            LocalDate expires) {

        boolean matches(Finding f) {
            if (fingerprint != null) {
                return f.id().equals(fingerprint) || (fingerprint.length() >= 8 && f.id().startsWith(fingerprint));
            }
            return category.equals(f.category()) && (target == null || target.equals(f.target()))
                    && (kind == null || kind.equals(f.kind()));
        }

        String describe() {
            return fingerprint != null ? "fingerprint " + fingerprint
                    : "category " + category + (target == null ? "" : " target " + target);
        }
    }

    private final Path file;
    private final List<Entry> active;
    private final List<String> warnings;

    private Suppressions(Path file, List<Entry> active, List<String> warnings) {
        this.file = file;
        this.active = active;
        this.warnings = warnings;
    }

    /** No suppressions. */
    public static Suppressions none() {
        return new Suppressions(null, List.of(), List.of());
    }

    /**
     * Reads the file; entries that expired before {@code today} are left out with a warning.
     *
     * @throws IOException when the file cannot be read, is not YAML, or an entry is invalid (the
     *                     message names the entry)
     */
    public static Suppressions load(Path file, LocalDate today) throws IOException {
        JsonNode doc;
        try {
            doc = YAMLMapper.builder().build().readTree(Files.readString(file));
        } catch (JacksonException e) {
            throw new IOException("not valid YAML: " + e.getOriginalMessage());
        }
        JsonNode list = doc == null || doc.isMissingNode() || doc.isNull() ? null
                : doc.isArray() ? doc : doc.path("suppressions").isArray() ? doc.get("suppressions") : null;
        if (list == null) {
            if (doc == null || doc.isMissingNode() || doc.isNull() || (doc.isObject() && doc.isEmpty())) {
                return new Suppressions(file, List.of(), List.of());
            }
            throw new IOException("expected a list of entries under 'suppressions:'");
        }
        List<Entry> active = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int index = 0;
        for (JsonNode e : list) {
            index++;
            Entry entry = entry(index, e);
            if (entry.expires() != null && entry.expires().isBefore(today)) {
                warnings.add("suppression " + index + " (" + entry.describe() + ") in " + file + " expired on "
                        + entry.expires() + " and no longer applies (reason was: " + entry.reason() + ")");
            } else {
                active.add(entry);
            }
        }
        return new Suppressions(file, List.copyOf(active), List.copyOf(warnings));
    }

    private static Entry entry(int index, JsonNode e) throws IOException {
        String where = "suppression " + index + ": ";
        if (!e.isObject()) {
            throw new IOException(where + "expected a mapping with reason and fingerprint or category");
        }
        String fingerprint = text(e, "fingerprint");
        if (fingerprint == null) {
            fingerprint = text(e, "id");
        }
        String category = text(e, "category");
        String reason = text(e, "reason");
        if (reason == null || reason.isBlank()) {
            throw new IOException(where + "a reason is required");
        }
        if (fingerprint == null && category == null) {
            throw new IOException(where + "give a fingerprint, or a category (with an optional target)");
        }
        LocalDate expires = null;
        String date = text(e, "expires");
        if (date != null) {
            try {
                expires = LocalDate.parse(date);
            } catch (DateTimeParseException ex) {
                throw new IOException(where + "expires must be a date such as 2027-01-31, not '" + date + "'");
            }
        }
        return new Entry(index, fingerprint, category, text(e, "target"), text(e, "kind"), reason, expires);
    }

    private static String text(JsonNode e, String key) {
        JsonNode v = e.get(key);
        return v == null || v.isNull() ? null : v.asString();
    }

    /** Warnings for entries that expired (empty when none did). */
    public List<String> warnings() {
        return warnings;
    }

    /** The findings, each matched one with {@value ReportNodes#SUPPRESSED} ({@code reason}, {@code by}, {@code expires}) in its evidence. */
    public List<Finding> mark(List<Finding> findings) {
        List<Finding> out = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            Entry entry = active.stream().filter(e -> e.matches(f)).findFirst().orElse(null);
            if (entry == null) {
                out.add(f);
                continue;
            }
            Map<String, Object> mark = new LinkedHashMap<>();
            mark.put("reason", entry.reason());
            mark.put("by", entry.describe());
            if (entry.expires() != null) {
                mark.put("expires", entry.expires().toString());
            }
            mark.put("file", file.toString());
            Map<String, Object> ev = new LinkedHashMap<>(f.evidence());
            ev.put(ReportNodes.SUPPRESSED, mark);
            out.add(f.withEvidence(f.detail(), ev));
        }
        return out;
    }

    /** True when the finding carries a suppression mark. */
    public static boolean isSuppressed(Finding f) {
        return f.evidence().containsKey(ReportNodes.SUPPRESSED);
    }
}
