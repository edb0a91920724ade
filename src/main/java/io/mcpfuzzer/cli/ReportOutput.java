package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.FaultGuard;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.AtomicFiles;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportWriter;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.export.ExportFormat;
import io.mcpfuzzer.report.Redactor;
import io.mcpfuzzer.safety.SafetyContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a CLI run's files: findings.json, run_summary.json, crash files, exports, spec_guard.json
 * and the safety report. Each file is written behind the {@link FaultGuard}: a failure of our own
 * code while rendering one file is counted (check {@code report_writer} or {@code export}) and the
 * other files are still written; an I/O failure is printed and logged. Thread-safe (the writer
 * is synchronized; partial reports are written from worker threads).
 */
final class ReportOutput {
    private static final Logger LOG = LoggerFactory.getLogger(ReportOutput.class);

    private final Path out;
    private final String sessionId;
    private final Redactor redactor;
    private final ReportWriter writer;
    private final FaultGuard faults;
    private final ConsoleIO console;
    private final Map<String, Object> summaryExtras = new java.util.concurrent.ConcurrentHashMap<>();

    /** The redactor of every artifact (the user's secrets included), for console output too. */
    Redactor redactor() {
        return redactor;
    }

    ReportOutput(Path out, String sessionId, Redactor redactor, FaultGuard faults, ConsoleIO console) {
        this.out = out;
        this.sessionId = sessionId;
        this.redactor = redactor;
        this.writer = new ReportWriter(out);
        this.faults = faults;
        this.console = console;
    }

    /**
     * Writes findings.json, run_summary.json and the crash files; returns the report model. When
     * the findings cannot be rendered into the model, the model is built without them (the summary
     * still counts them) so both files exist.
     */
    Report write(RunSummary summary, List<Finding> findings) {
        Report report = faults.call("report_model", null, null, () -> Report.of(sessionId, summary, findings, redactor));
        if (report == null) {
            report = Report.of(sessionId, summary, List.of(), redactor);
        }
        Report model = report;
        faults.run("report_writer", "findings.json", () -> io(() -> writer.writeFindings(model)));
        faults.run("report_writer", "crashes", () -> io(() -> writer.writeCrashes(model)));
        writeSummary(model);
        return report;
    }

    /** Writes run_summary.json alone (again, for example after an export failed), with the extra blocks. */
    void writeSummary(Report report) {
        if (summaryExtras.isEmpty()) {
            faults.run("report_writer", "run_summary.json", () -> io(() -> writer.writeRunSummary(report)));
            return;
        }
        faults.run("report_writer", "run_summary.json", () -> io(() -> {
            var node = ReportWriter.summaryNode(report);
            summaryExtras.forEach((k, v) -> node.set(k, ReportNodes.value(redactor.redactValue(v))));
            return AtomicFiles.writeString(out.resolve("run_summary.json"), ReportJson.artifactText(node));
        }));
    }

    /** Adds (or with null, removes) a top-level block of run_summary.json, such as {@code baseline}. */
    void summaryExtra(String key, Object value) {
        if (value == null) {
            summaryExtras.remove(key);
        } else {
            summaryExtras.put(key, value);
        }
    }

    /**
     * What {@link #exports} did: the files written (absolute paths, in request order) and the
     * exports that could not be written (each already printed on stderr).
     */
    record Exports(Map<ExportFormat, Path> written, List<ExportFormat> failed) {}

    /**
     * The requested exports. {@link Settings.Output} paths are already resolved against the output
     * directory (relative to the working directory), so they are used as they are, once. A failure of
     * one is printed and the others are still written; a target that is a directory is refused before
     * anything is written (no temporary file is created next to it).
     */
    Exports exports(Settings.Output o, Report report) {
        Map<ExportFormat, Path> wanted = new LinkedHashMap<>();
        put(wanted, ExportFormat.CSV, o.exportCsv());
        put(wanted, ExportFormat.XML, o.exportXml());
        put(wanted, ExportFormat.HTML, o.exportHtml());
        put(wanted, ExportFormat.MARKDOWN, o.exportMarkdown());
        put(wanted, ExportFormat.SARIF, o.exportSarif());
        put(wanted, ExportFormat.JUNIT, o.exportJunit());
        Severity failOn = o.failOn() == null ? Severity.HIGH : o.failOn();
        Map<ExportFormat, Path> written = new LinkedHashMap<>();
        List<ExportFormat> failed = new java.util.ArrayList<>();
        wanted.forEach((format, requested) -> {
            Path file = requested.toAbsolutePath().normalize();
            String label = format.name().toLowerCase(java.util.Locale.ROOT);
            boolean done = faults.run("export", format.name(), () -> {
                if (Files.isDirectory(file)) {
                    console.err().println("mcp-fuzzer: cannot write the " + label + " export: " + file
                            + " is a directory (give a file name, for example " + file.resolve(format.defaultFileName())
                            + ")");
                    failed.add(format);
                    return;
                }
                try {
                    written.put(format, format.write(writer, report, file, failOn));
                } catch (IOException e) {
                    console.err().println("mcp-fuzzer: cannot write the " + label + " export " + file + ": "
                            + describe(e));
                    failed.add(format);
                }
            });
            if (!done) {
                console.err().println("mcp-fuzzer: the " + label + " export failed inside the fuzzer (see fuzzer_errors)");
                failed.add(format);
            }
        });
        return new Exports(written, List.copyOf(failed));
    }

    /** An I/O failure in words: the JDK's file exceptions carry only the path as their message. */
    static String describe(IOException e) {
        String what = null;
        if (e instanceof java.nio.file.AccessDeniedException) {
            what = "permission denied";
        } else if (e instanceof java.nio.file.NoSuchFileException) {
            what = "no such file or directory";
        } else if (e instanceof java.nio.file.FileAlreadyExistsException) {
            what = "a file is in the way";
        } else if (e instanceof java.nio.file.DirectoryNotEmptyException) {
            what = "it is a non-empty directory";
        } else if (e instanceof java.nio.file.NotDirectoryException) {
            what = "a parent is not a directory";
        } else if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            what = f.getReason();
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return what == null ? message : what + " (" + message + ")";
    }

    /** A JSON side file such as spec_guard.json; nothing when {@code value} is null. */
    void extra(String file, Object value) {
        if (value == null) {
            return;
        }
        faults.run("report_writer", file, () -> {
            try {
                Files.createDirectories(out);
                Object redacted = redactor.redactValue(value);
                AtomicFiles.writeString(out.resolve(file), ReportJson.artifactText(ReportNodes.value(redacted)));
            } catch (IOException e) {
                console.err().println("mcp-fuzzer: cannot write " + file + ": " + e.getMessage());
            }
        });
    }

    /** safety_report.json and its console summary. */
    void safetyReport(SafetyContext safety) {
        faults.run("report_writer", "safety_report.json", () -> {
            try {
                Files.createDirectories(out);
                AtomicFiles.writeString(out.resolve("safety_report.json"),
                        ReportJson.artifactText(ReportJson.toTree(safety.report().toJson())));
                console.err().print(safety.report().consoleSummary());
            } catch (IOException e) {
                console.err().println("mcp-fuzzer: cannot write the safety report: " + e.getMessage());
            }
        });
    }

    private interface Io {
        Object write() throws IOException;
    }

    private static void io(Io write) {
        try {
            write.write();
        } catch (IOException e) {
            LOG.error("cannot write reports: {}", e.getMessage());
        }
    }

    private static void put(Map<ExportFormat, Path> wanted, ExportFormat format, Path file) {
        if (file != null) {
            wanted.put(format, file);
        }
    }
}
