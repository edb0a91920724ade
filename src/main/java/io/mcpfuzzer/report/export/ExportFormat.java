package io.mcpfuzzer.report.export;

import io.mcpfuzzer.oracle.Severity;
import io.mcpfuzzer.report.Report;
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
