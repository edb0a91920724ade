package io.mcpfuzzer.report.export;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The export formats, their default file names and renderers. Each renders the whole {@link Report}. */
public enum ExportFormat {
    CSV("report.csv"),
    XML("report.xml"),
    HTML("report.html"),
    MARKDOWN("report.md"),
    SARIF("report.sarif"),
    JUNIT("report.junit.xml");

    private final String defaultFileName;

    ExportFormat(String defaultFileName) {
        this.defaultFileName = defaultFileName;
    }

    public String defaultFileName() {
        return defaultFileName;
    }

    /** The document text; {@code failOn} is used by JUnit only (findings at or above it fail). */
    public String render(Report report, Severity failOn) {
        return switch (this) {
            case CSV -> CsvExport.render(report);
            case XML -> XmlExport.render(report);
            case HTML -> HtmlExport.render(report);
            case MARKDOWN -> MarkdownExport.render(report);
            case SARIF -> SarifExport.render(report);
            case JUNIT -> JunitExport.render(report, failOn);
        };
    }

    /**
     * Renders {@code report} and writes it through {@code writer} (atomically); a null {@code file} is
     * {@link #defaultFileName()}, a relative one resolves under the writer's output directory; a null
     * {@code failOn} is {@link Severity#HIGH}. Returns the absolute path written.
     */
    public Path write(ReportWriter writer, Report report, Path file, Severity failOn) throws IOException {
        return writer.writeDocument(file == null ? Path.of(defaultFileName) : file,
                render(report, failOn == null ? Severity.HIGH : failOn));
    }

    /** Parses {@code csv, xml, html, md|markdown, sarif, junit} case-insensitively. */
    public static ExportFormat parse(String name) {
        String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        if (key.equals("md")) {
            return MARKDOWN;
        }
        for (ExportFormat f : values()) {
            if (f.name().toLowerCase(Locale.ROOT).equals(key)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown export format '" + name + "' (expected "
                + Arrays.stream(values()).map(f -> f.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")) + ")");
    }
}
