package io.mcpfuzzer.report;

import io.mcpfuzzer.oracle.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the primary artifacts into an output directory: {@code findings.json},
 * {@code run_summary.json} (with {@code fuzzer_errors} and the Python tool's keys) and {@code crashes/<name>.json} (one replayable record per crash or
 * hang bucket), plus exports on request. Every file is written atomically ({@link AtomicFiles}),
 * so calling again at any time (for example from a shutdown hook on Ctrl-C, then at the end)
 * replaces the files cleanly. Methods are synchronized: one writer per output directory.
 */
public final class ReportWriter {
    /** Categories that get a crash reproduction file. */
    public static final Set<String> CRASH_CATEGORIES = Set.of("crash", "hang");
    public static final String FINDINGS_FILE = "findings.json";
    public static final String SUMMARY_FILE = "run_summary.json";
    public static final String CRASH_DIR = "crashes";
    private static final int MAX_STALE_SCAN = 10_000;
    private static final long MAX_STALE_BYTES = 64L * 1024 * 1024;

    private final Path outputDir;

    public ReportWriter(Path outputDir) {
        this.outputDir = outputDir.toAbsolutePath().normalize();
    }

    public Path outputDir() {
        return outputDir;
    }

    /** Writes findings.json, run_summary.json and the crash files; returns every path written. */
    public synchronized List<Path> writeAll(Report report) throws IOException {
        List<Path> written = new ArrayList<>();
        written.add(writeFindings(report));
        written.add(writeRunSummary(report));
        written.addAll(writeCrashes(report));
        return written;
    }

    /** {@code {"findings": [...], "count": N, "run_info": {...}}}. */
    public synchronized Path writeFindings(Report report) throws IOException {
        ObjectNode doc = ReportJson.compact().createObjectNode();
        var array = doc.putArray("findings");
        report.findings().forEach(f -> array.add(ReportNodes.finding(f, report)));
        doc.put("count", report.findings().size());
        doc.set("run_info", ReportNodes.runInfo(report));
        return writeJson(outputDir.resolve(FINDINGS_FILE), doc);
    }

    /**
     * Our summary ({@link ReportNodes#summary}), then {@code fuzzer_errors} (always present; zero
     * counts when the fuzzer's own code never failed), then the Python tool's keys
     * ({@link PythonSummaryKeys}).
     */
    public synchronized Path writeRunSummary(Report report) throws IOException {
        return writeJson(outputDir.resolve(SUMMARY_FILE), summaryNode(report));
    }

    /** The {@code run_summary.json} document. */
    public static ObjectNode summaryNode(Report report) {
        ObjectNode node = ReportNodes.summary(report);
        node.set("fuzzer_errors", fuzzerErrors(report.summary()));
        PythonSummaryKeys.addTo(node, report);
        return node;
    }

    private static JsonNode fuzzerErrors(RunSummary s) {
        if (!s.fuzzerErrors().isEmpty()) {
            return ReportJson.toTree(s.fuzzerErrors());
        }
        ObjectNode none = ReportJson.compact().createObjectNode();
        none.put("total", 0);
        none.put("distinct", 0);
        none.put("unlisted", 0);
        none.putArray("entries");
        return none;
    }

    /**
     * One file per crash/hang bucket, named deterministically from category, kind, target and
     * finding id. Crash files left by another session in the same directory are removed so that
     * {@code crashes/} always matches {@code findings.json}; other files are never touched.
     */
    public synchronized List<Path> writeCrashes(Report report) throws IOException {
        Path dir = outputDir.resolve(CRASH_DIR);
        List<Path> written = new ArrayList<>();
        SafeFileName.Allocator names = new SafeFileName.Allocator(SafeFileName.DEFAULT_MAX_LENGTH + 30);
        for (Finding f : report.findings()) {
            if (!CRASH_CATEGORIES.contains(f.category())) {
                continue;
            }
            String prefix = SafeFileName.of(f.category() + "-" + f.kind() + "-" + f.target(), 80);
            Path file = dir.resolve(names.allocate(prefix + "-" + f.id(), ".json"));
            written.add(writeJson(file, crashRecord(f, report)));
        }
        if (Files.isDirectory(dir)) {
            removeStale(dir, report.sessionId(), written);
        }
        return written;
    }

    /** A crash reproduction: the Python fields (kind, target, run, input, crash) and ours. */
    static ObjectNode crashRecord(Finding f, Report report) {
        ObjectNode replay = ReportNodes.replay(f, report);
        ObjectNode node = ReportJson.compact().createObjectNode();
        node.put("kind", f.kind());
        node.put("target", f.target());
        node.set("run", replay.get("run"));
        node.set("input", replay.has("input") ? replay.get("input") : replay.get("raw_input"));
        Object crash = crashInfo(f);
        if (crash != null) { // a hang killed by the fuzzer has no process crash to describe
            node.set("crash", ReportNodes.value(crash));
        }
        node.set("finding", ReportNodes.finding(f, report));
        node.set("replay", replay);
        node.set("run_info", ReportNodes.runInfo(report));
        return node;
    }

    /**
     * Writes a whole document (an export, see {@code report.export.ExportFormat#write}) atomically; a relative
     * {@code file} resolves under the output directory. Returns the absolute path written.
     */
    public synchronized Path writeDocument(Path file, String text) throws IOException {
        return AtomicFiles.writeString(outputDir.resolve(file), text);
    }

    /**
     * The Python tool's {@code crash} block: the finding's {@code crash} evidence when present, else
     * {@code exit_code}, {@code signal}, {@code signal_sent_by_fuzzer} and {@code stderr_tail} (as a
     * list of lines) from its evidence; null when the evidence has none of them.
     */
    static Object crashInfo(Finding f) {
        Object given = f.evidence().get("crash");
        if (given != null) {
            return given;
        }
        java.util.Map<String, Object> crash = new java.util.LinkedHashMap<>();
        for (String key : List.of("exit_code", "signal", "signal_sent_by_fuzzer")) {
            Object v = f.evidence().get(key);
            if (v != null) {
                crash.put(key, v);
            }
        }
        Object tail = f.evidence().get("stderr_tail");
        if (tail instanceof JsonNode node && node.isString()) {
            tail = node.asString();
        }
        if (tail instanceof CharSequence chars) {
            String text = chars.toString();
            crash.put("stderr_tail", text.isEmpty() ? List.of() : text.lines().toList());
        } else if (tail != null) {
            crash.put("stderr_tail", tail);
        }
        return crash.isEmpty() ? null : crash;
    }

    private static Path writeJson(Path file, JsonNode doc) throws IOException {
        return AtomicFiles.write(file, out -> ReportJson.writeArtifact(out, doc));
    }

    private static void removeStale(Path dir, String sessionId, List<Path> keep) throws IOException {
        int seen = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
            for (Path file : files) {
                if (++seen > MAX_STALE_SCAN) {
                    return;
                }
                if (keep.contains(file.toAbsolutePath().normalize()) || !Files.isRegularFile(file)
                        || Files.size(file) > MAX_STALE_BYTES) {
                    continue;
                }
                String owner = crashOwner(file);
                if (owner != null && !owner.equals(sessionId)) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** Session id of a crash file we wrote, or null when the file is not ours. */
    private static String crashOwner(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            JsonNode node = ReportJson.compact().readTree(in);
            JsonNode info = node.path("run_info");
            return node.has("replay") && node.has("finding") && info.path("session_id").isString()
                    ? info.path("session_id").asString() : null;
        } catch (IOException | JacksonException e) {
            return null;
        }
    }
}
