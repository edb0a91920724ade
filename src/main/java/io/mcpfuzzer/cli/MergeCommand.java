package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.AtomicFiles;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportMerge;
import io.mcpfuzzer.report.ReportWriter;
import io.mcpfuzzer.report.export.ExportFormat;
import io.mcpfuzzer.report.text.ConsoleSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code mcp-fuzzer merge DIR... --output-dir OUT}: merges the output folders of a sharded campaign
 * ({@link ReportMerge}) and writes findings.json, run_summary.json, the crash files, the requested
 * exports and {@code spec_guard.json} (from the shard that ran the guard) into OUT; each shard's
 * {@code sessions/<id>} folder is copied under OUT/sessions. {@code --fail-on} gates the exit code on
 * the merged findings. Merging the same folders again, in any order, writes the same bytes.
 */
final class MergeCommand {
    static final String NAME = "merge";
    private static final Map<String, ExportFormat> EXPORTS = new LinkedHashMap<>();

    static {
        EXPORTS.put("--export-csv", ExportFormat.CSV);
        EXPORTS.put("--export-xml", ExportFormat.XML);
        EXPORTS.put("--export-html", ExportFormat.HTML);
        EXPORTS.put("--export-markdown", ExportFormat.MARKDOWN);
        EXPORTS.put("--export-sarif", ExportFormat.SARIF);
        EXPORTS.put("--export-junit", ExportFormat.JUNIT);
    }

    private MergeCommand() {}

    /** The picocli model of the subcommand. */
    static CommandSpec spec() {
        CommandSpec spec = CommandSpec.create().name(NAME);
        spec.usageMessage().sortOptions(false)
                .customSynopsis(CommandBuilder.NAME + " merge DIR... --output-dir OUT [--export-sarif FILE] [--fail-on SEVERITY]", "")
                .description("Merge the output folders of the shards of one campaign (--shard K/N, same --seed) "
                        + "into one report.");
        spec.addPositional(PositionalParamSpec.builder().paramLabel("DIR").arity("1..*").type(List.class)
                .auxiliaryTypes(String.class).description("Output folder of one shard").build());
        spec.addOption(OptionSpec.builder("--output-dir").paramLabel("OUT").type(String.class).required(true)
                .description("Folder for the merged report").build());
        EXPORTS.forEach((name, format) -> spec.addOption(OptionSpec.builder(name).paramLabel("FILE").type(String.class)
                .description("Also write the " + format.name() + " export (relative: under OUT)").build()));
        spec.addOption(OptionSpec.builder("--fail-on").paramLabel("SEVERITY").type(String.class)
                .description("Exit 3 when a merged finding is at or above this severity").build());
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help and exit").build());
        return spec;
    }

    /** Runs the parsed subcommand; returns the exit code. */
    static int run(ParseResult parsed, PrintStream out, PrintStream err) {
        List<String> given = parsed.matchedPositionalValue(0, List.of());
        List<Path> dirs = new ArrayList<>();
        given.forEach(d -> dirs.add(Path.of(d).toAbsolutePath().normalize()));
        Path target = Path.of(parsed.matchedOptionValue("--output-dir", "")).toAbsolutePath().normalize();
        Severity failOn;
        try {
            String text = parsed.matchedOptionValue("--fail-on", (String) null);
            failOn = text == null ? null : io.mcpfuzzer.config.ValueType.severity().parse(text);
        } catch (IllegalArgumentException e) {
            err.println(CommandBuilder.NAME + " merge: --fail-on: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Report report;
        try {
            report = ReportMerge.merge(dirs);
        } catch (ReportMerge.MergeException e) {
            err.println(CommandBuilder.NAME + " merge: " + e.getMessage());
            return ExitCodes.USAGE;
        } catch (IOException e) {
            err.println(CommandBuilder.NAME + " merge: cannot read the shard folders: " + e.getMessage());
            return ExitCodes.ERROR;
        }
        try {
            ReportWriter writer = new ReportWriter(target);
            writer.writeAll(report);
            for (Map.Entry<String, ExportFormat> e : EXPORTS.entrySet()) {
                String file = parsed.matchedOptionValue(e.getKey(), (String) null);
                if (file != null) {
                    e.getValue().write(writer, report, Path.of(file), failOn);
                }
            }
            copySpecGuard(dirs, target);
            for (Path dir : new TreeSet<>(dirs)) {
                copyTree(dir.resolve("sessions"), target.resolve("sessions"));
            }
        } catch (IOException e) {
            err.println(CommandBuilder.NAME + " merge: cannot write the merged report to " + target + ": "
                    + e.getMessage());
            return ExitCodes.ERROR;
        }
        out.print(ConsoleSummary.render(report.summary(), report.findings(), false));
        out.println("merged " + dirs.size() + " folder(s); reports: " + target);
        if (failOn != null && report.findings().stream().anyMatch(f -> f.severity().atLeast(failOn))) {
            return ExitCodes.FINDINGS;
        }
        return ExitCodes.OK;
    }

    /** spec_guard.json of the shard that ran the guard (only the first does); the smallest text if several. */
    private static void copySpecGuard(List<Path> dirs, Path target) throws IOException {
        String chosen = null;
        for (Path dir : dirs) {
            Path file = dir.resolve("spec_guard.json");
            if (Files.isRegularFile(file) && !dir.equals(target)) {
                String text = Files.readString(file);
                chosen = chosen == null || text.compareTo(chosen) < 0 ? text : chosen;
            }
        }
        if (chosen != null) {
            AtomicFiles.writeString(target.resolve("spec_guard.json"), chosen);
        }
    }

    /** Copies a folder's files under {@code to}, replacing same-named ones; nothing when it does not exist. */
    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from) || from.equals(to)) {
            return;
        }
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.REPLACE_EXISTING);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
