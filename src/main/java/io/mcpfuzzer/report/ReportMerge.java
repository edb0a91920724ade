package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.Fingerprint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Merges the output folders of the shards of one campaign ({@code --shard K/N}, same seed) into one
 * {@link Report}: findings by fingerprint ({@link FindingMerge}), outcome buckets and run totals
 * summed, the earliest start and the latest end, the worst status, warnings unioned, fuzzer errors
 * summed. Values every shard shares (endpoint, mode, versions, server info, containment, tool
 * discovery) are taken from the first shard in a fixed order (shard index, then session id), so the
 * result depends only on the set of folders, never on the order they are given in or on how often
 * it is merged. The merged session id is derived from the shards' session ids. Stateless.
 */
public final class ReportMerge {
    /** Status ranks: the merged status is the worst one. */
    private static final List<String> STATUS_ORDER = List.of("completed", "running", "interrupted", "blocked", "error");
    private static final int MAX_WARNINGS = 100;

    private ReportMerge() {}

    /** A shard folder that cannot be merged (missing or unreadable files, another seed). */
    public static final class MergeException extends Exception {
        public MergeException(String message) {
            super(message);
        }
    }

    /** One shard's parsed files. */
    record Part(Path dir, JsonNode summary, JsonNode findings) {
        String sessionId() {
            return summary.path("session_id").asString("");
        }

        int shardIndex() {
            return summary.path("shard").path("index").asInt(0);
        }
    }

    /** Reads and merges the folders; the report is redacted again (idempotent) and sorted. */
    public static Report merge(List<Path> dirs) throws IOException, MergeException {
        if (dirs.isEmpty()) {
            throw new MergeException("no shard folder given");
        }
        List<Part> parts = new ArrayList<>();
        for (Path dir : dirs) {
            parts.add(new Part(dir, read(dir, ReportWriter.SUMMARY_FILE), read(dir, ReportWriter.FINDINGS_FILE)));
        }
        parts.sort(Comparator.comparingInt(Part::shardIndex).thenComparing(Part::sessionId)
                .thenComparing(p -> p.summary().toString()));
        parts = distinct(parts);
        check(parts);
        List<Finding> all = new ArrayList<>();
        for (Part p : parts) {
            p.findings().path("findings").forEach(f -> all.add(FindingMerge.read(f)));
        }
        List<Finding> findings = FindingMerge.merge(all).stream().sorted(Report.ORDER).toList();
        Set<String> sessions = new TreeSet<>();
        parts.forEach(p -> sessions.add(p.sessionId()));
        String sessionId = "merged-" + Fingerprint.of(sessions.toArray(String[]::new));
        return Report.of(sessionId, summary(parts, findings), findings, io.mcpfuzzer.report.Redactor.standard());
    }

    /** The session ids of the shards, in the merge's fixed order (their {@code sessions/} folders). */
    public static List<String> sessionIds(List<Path> dirs) throws IOException, MergeException {
        Set<String> ids = new TreeSet<>();
        for (Path dir : dirs) {
            ids.add(read(dir, ReportWriter.SUMMARY_FILE).path("session_id").asString(""));
        }
        return List.copyOf(ids);
    }

    /** The same folder (same session) given twice is taken once. */
    private static List<Part> distinct(List<Part> sorted) {
        List<Part> out = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (Part p : sorted) {
            if (seen.add(p.sessionId() + "\u0000" + p.summary().path("shard"))) {
                out.add(p);
            }
        }
        return out;
    }

    private static void check(List<Part> parts) throws MergeException {
        Part first = parts.get(0);
        for (Part p : parts) {
            if (!p.summary().path("seed_string").asString("").equals(first.summary().path("seed_string").asString(""))) {
                throw new MergeException(p.dir() + " was run with seed " + p.summary().path("seed_string").asString()
                        + ", " + first.dir() + " with " + first.summary().path("seed_string").asString()
                        + ": only shards of one seed can be merged");
            }
        }
        int count = first.summary().path("shard").path("count").asInt(1);
        Set<Integer> indexes = new TreeSet<>();
        for (Part p : parts) {
            if (p.summary().path("shard").path("count").asInt(1) != count) {
                throw new MergeException(p.dir() + " is a shard of " + p.summary().path("shard").path("count").asInt(1)
                        + ", " + first.dir() + " of " + count + ": only shards of one split can be merged");
            }
            if (count > 1 && !indexes.add(p.shardIndex())) {
                throw new MergeException("shard " + p.shardIndex() + "/" + count + " is given twice");
            }
        }
    }

    private static RunSummary summary(List<Part> parts, List<Finding> findings) {
        JsonNode s0 = parts.get(0).summary();
        String status = "completed";
        String reason = null;
        String started = null;
        String ended = null;
        long runs = 0;
        Map<String, Map<String, Long>> perTarget = new TreeMap<>();
        Set<String> warnings = new TreeSet<>();
        Set<String> tools = new LinkedHashSet<>();
        for (Part p : parts) {
            JsonNode s = p.summary();
            String st = s.path("status").asString("completed");
            if (rank(st) > rank(status)) {
                status = st;
                reason = s.path("status_reason").isNull() ? null : s.path("status_reason").asString(null);
            }
            started = earliest(started, s.path("started_at").asString(null));
            ended = latest(ended, s.path("ended_at").asString(null));
            runs += s.path("total_runs").asLong();
            JsonNode per = s.path("per_target");
            for (String key : per.propertyNames()) {
                Map<String, Long> buckets = perTarget.computeIfAbsent(key, k -> new TreeMap<>());
                per.get(key).propertyNames().forEach(o -> buckets.merge(o, per.get(key).get(o).asLong(), Long::sum));
            }
            s.path("warnings").forEach(w -> warnings.add(w.asString("")));
            s.path("tools").path("by_name").propertyNames().forEach(tools::add);
        }
        Map<String, Long> byCategory = new TreeMap<>();
        Map<String, Long> bySeverity = new LinkedHashMap<>();
        for (Finding f : findings) {
            byCategory.merge(f.category(), 1L, Long::sum);
            bySeverity.merge(f.severity().wire(), 1L, Long::sum);
        }
        return new RunSummary(status, reason, s0.path("seed").asLong(), s0.path("mode").asString(""),
                s0.path("phase").asString(""), s0.path("transport").asString(""), s0.path("endpoint").asString(""),
                s0.path("protocol_version").isNull() ? null : s0.path("protocol_version").asString(null),
                map(s0.path("server_info")), strings(s0.path("command_line")), s0.path("fuzzer_version").asString(""),
                started, ended, runs, perTarget, byCategory, bySeverity, map(s0.path("containment")),
                new ArrayList<>(warnings).subList(0, Math.min(MAX_WARNINGS, warnings.size())), fuzzerErrors(parts),
                map(s0.path("tool_discovery")), new ArrayList<>(tools), Map.of());
    }

    /** Totals summed, entries listed in a fixed order; empty when no shard counted one. */
    private static Map<String, Object> fuzzerErrors(List<Part> parts) {
        long total = 0;
        long distinct = 0;
        long unlisted = 0;
        List<String> entries = new ArrayList<>();
        for (Part p : parts) {
            JsonNode e = p.summary().path("fuzzer_errors");
            total += e.path("total").asLong();
            distinct += e.path("distinct").asLong();
            unlisted += e.path("unlisted").asLong();
            e.path("entries").forEach(x -> entries.add(ReportJson.line(x)));
        }
        if (total == 0) {
            return Map.of();
        }
        entries.sort(null);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("total", total);
        m.put("distinct", distinct);
        m.put("unlisted", unlisted);
        m.put("entries", entries.stream().map(x -> (Object) ReportJson.compact().readTree(x)).toList());
        return m;
    }

    private static int rank(String status) {
        int i = STATUS_ORDER.indexOf(status);
        return i < 0 ? STATUS_ORDER.size() : i;
    }

    private static String earliest(String a, String b) {
        return a == null ? b : b == null ? a : instant(b).isBefore(instant(a)) ? b : a;
    }

    private static String latest(String a, String b) {
        return a == null ? b : b == null ? a : instant(b).isAfter(instant(a)) ? b : a;
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH; // not a time we wrote: sorts first, never wins as the end
        }
    }

    private static Map<String, Object> map(JsonNode node) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (node.isObject()) {
            node.propertyNames().forEach(k -> m.put(k, node.get(k)));
        }
        return m;
    }

    private static List<String> strings(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.forEach(n -> out.add(n.asString("")));
        return out;
    }

    private static JsonNode read(Path dir, String file) throws IOException, MergeException {
        Path path = dir.resolve(file);
        try {
            return ReportJson.compact().readTree(Files.readString(path));
        } catch (NoSuchFileException e) {
            throw new MergeException(dir + " holds no " + file + " (is it a fuzzer output folder?)");
        } catch (JacksonException e) {
            throw new MergeException(path + " is not valid JSON: " + e.getOriginalMessage());
        }
    }
}
