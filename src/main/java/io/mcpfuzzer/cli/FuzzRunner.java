package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.AuditOptions;
import io.mcpfuzzer.fuzz.Campaign;
import io.mcpfuzzer.fuzz.CampaignConfig;
import io.mcpfuzzer.fuzz.CampaignInputs;
import io.mcpfuzzer.fuzz.CampaignResult;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.ReportWriter;
import io.mcpfuzzer.report.RunRecorder;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.export.ExportFormat;
import io.mcpfuzzer.report.redact.Redactor;
import io.mcpfuzzer.report.text.ConsoleSummary;
import io.mcpfuzzer.safety.LaunchPlan;
import io.mcpfuzzer.safety.SafetyContext;
import io.mcpfuzzer.safety.SafetyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real campaign behind the command line: safety context, target, campaign, streamed runs,
 * reports (rewritten after every new crash or hang bucket, and at the end even when interrupted),
 * exports, console summary, exit code.
 */
public final class FuzzRunner implements CampaignRunner {
    private static final Logger LOG = LoggerFactory.getLogger(FuzzRunner.class);
    private static final DateTimeFormatter SESSION = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    @Override
    public int run(Settings s, ConsoleIO console) {
        Instant started = Instant.now();
        String sessionId = SESSION.format(started) + "-" + Long.toHexString(s.fuzzing().seed() & 0xffffffL);
        Path out = s.output().outputDir();
        Redactor redactor = Redactor.standard();
        ReportWriter writer = new ReportWriter(out);
        List<LaunchPlan> plans = new ArrayList<>();
        SafetyContext safety;
        try {
            safety = TargetSetup.openSafety(s);
        } catch (SafetyException e) {
            console.err().println("mcp-fuzzer: safety setup failed, not starting the target: " + e.getMessage());
            return ExitCodes.ERROR;
        }
        try (safety; RunRecorder recorder = RunRecorder.open(out, sessionId, redactor);
                InterruptGuard guard = InterruptGuard.install(Thread.currentThread())) {
            TargetFactory factory;
            try {
                factory = TargetSetup.factory(s, safety, TargetSetup.client(s, safety), plans);
            } catch (SafetyException | IllegalArgumentException | IOException e) {
                console.err().println("mcp-fuzzer: cannot set up the target: " + e.getMessage());
                return ExitCodes.ERROR;
            }
            Map<String, Object> containment = TargetSetup.containment(plans);
            plans.forEach(p -> LOG.info("launch plan: {}", p.describe()));
            String transport = factory.transport();
            ReportSink sink = new ReportSink(recorder, console.progress(), partial -> write(writer, sessionId,
                    SummaryFactory.build(s, transport, "running", null, null, partial, recorder.totalRuns(),
                            recorder.perTarget(), containment, List.of(), started), partial, redactor));
            CampaignResult result;
            try (factory) {
                result = new Campaign(config(s), factory, CampaignInputs.forSeed(s.fuzzing().seed()),
                        safety.argumentPolicy()::decide, sink).audit(auditOptions(s, safety)).run();
            }
            boolean interruptFlag = Thread.interrupted(); // cleared so that reports can be written
            boolean interrupted = guard.interrupted() || interruptFlag;
            String status = interrupted ? "interrupted" : result.status();
            String reason = interrupted ? "interrupted by a signal" : result.statusReason();
            List<Finding> findings = result.findings();
            List<String> warnings = new ArrayList<>(result.warnings());
            RunSummary summary = SummaryFactory.build(s, transport, status, reason, result, findings,
                    recorder.totalRuns(), recorder.perTarget(), containment, warnings, started);
            Report report = write(writer, sessionId, summary, findings, redactor);
            exports(s, writer, report, console);
            writeExtra(out, "spec_guard.json", result.extra().get("spec_guard"), console);
            if (s.safety().safetyReport()) {
                writeSafetyReport(out, safety, console);
            }
            console.out().print(ConsoleSummary.render(summary, findings, console.color()));
            console.out().println("reports: " + out.toAbsolutePath());
            return exitCode(s, status, result, findings, console);
        } catch (IOException e) {
            console.err().println("mcp-fuzzer: cannot write reports to " + out + ": " + e.getMessage());
            return ExitCodes.ERROR;
        }
    }

    static AuditOptions auditOptions(Settings s, SafetyContext safety) {
        Path fsRoot = safety.pathSandbox().map(p -> p.root()).orElse(s.safety().fsRoot());
        return new AuditOptions(s.audit().securityAudit() || s.audit().securityAuditIntrusive(),
                s.audit().securityAuditIntrusive(), s.audit().pinFile(), fsRoot, s.target().endpoint(),
                s.target().protocol().isRemote(), s.target().headers());
    }

    static CampaignConfig config(Settings s) {
        Settings.Fuzzing f = s.fuzzing();
        java.util.Set<String> tools = new java.util.LinkedHashSet<>(f.tools());
        tools.removeAll(f.excludeTools());
        return new CampaignConfig(f.mode().wire(), f.phase().wire(), f.runs(), s.protocol().runsPerType(), f.seed(),
                s.target().toolTimeout(), f.maxConcurrency(), tools, 3, 2, protocolPhase(s),
                new java.util.LinkedHashSet<>(s.protocol().protocolTypes()), s.protocol().specGuard());
    }

    /** {@code --protocol-phase} when given; otherwise protocol, resource and prompt fuzzing follow {@code --phase}. */
    static String protocolPhase(Settings s) {
        io.mcpfuzzer.config.Origin origin = s.provenance().origins().get(io.mcpfuzzer.config.Options.PROTOCOL_PHASE.key());
        return origin != null && origin.isExplicit() ? s.protocol().phase().wire() : s.fuzzing().phase().wire();
    }

    private static int exitCode(Settings s, String status, CampaignResult result, List<Finding> findings,
            ConsoleIO console) {
        if ("interrupted".equals(status)) {
            return ExitCodes.INTERRUPTED;
        }
        if ("blocked".equals(status)) {
            console.err().println("mcp-fuzzer: run blocked: " + result.statusReason());
            return ExitCodes.ERROR;
        }
        String mode = s.fuzzing().mode().wire();
        if (s.output().failIfNoTools() && (mode.equals("tools") || mode.equals("all")) && result.tools().isEmpty()) {
            console.err().println("mcp-fuzzer: the server listed no tools (--fail-if-no-tools)");
            return ExitCodes.NO_TOOLS;
        }
        Severity failOn = s.output().failOn();
        if (failOn != null && findings.stream().anyMatch(f -> f.severity().atLeast(failOn))) {
            return ExitCodes.FINDINGS;
        }
        return ExitCodes.OK;
    }

    private static Report write(ReportWriter writer, String sessionId, RunSummary summary, List<Finding> findings,
            Redactor redactor) {
        Report report = Report.of(sessionId, summary, findings, redactor);
        try {
            writer.writeAll(report);
        } catch (IOException e) {
            LOG.error("cannot write reports: {}", e.getMessage());
        }
        return report;
    }

    private static void exports(Settings s, ReportWriter writer, Report report, ConsoleIO console) {
        Settings.Output o = s.output();
        Map<ExportFormat, Path> wanted = new LinkedHashMap<>();
        put(wanted, ExportFormat.CSV, o.exportCsv());
        put(wanted, ExportFormat.XML, o.exportXml());
        put(wanted, ExportFormat.HTML, o.exportHtml());
        put(wanted, ExportFormat.MARKDOWN, o.exportMarkdown());
        put(wanted, ExportFormat.SARIF, o.exportSarif());
        put(wanted, ExportFormat.JUNIT, o.exportJunit());
        Severity failOn = o.failOn() == null ? Severity.HIGH : o.failOn();
        wanted.forEach((format, file) -> {
            try {
                writer.export(report, format, file, failOn);
            } catch (IOException e) {
                console.err().println("mcp-fuzzer: cannot write " + format + " export " + file + ": " + e.getMessage());
            }
        });
    }

    private static void put(Map<ExportFormat, Path> wanted, ExportFormat format, Path file) {
        if (file != null) {
            wanted.put(format, file);
        }
    }

    private static void writeExtra(Path out, String file, Object value, ConsoleIO console) {
        if (value == null) {
            return;
        }
        try {
            Files.createDirectories(out);
            Object redacted = Redactor.standard().redactValue(value);
            io.mcpfuzzer.report.AtomicFiles.writeString(out.resolve(file),
                    io.mcpfuzzer.common.Json.pretty().writeValueAsString(redacted));
        } catch (IOException e) {
            console.err().println("mcp-fuzzer: cannot write " + file + ": " + e.getMessage());
        }
    }

    private static void writeSafetyReport(Path out, SafetyContext safety, ConsoleIO console) {
        try {
            Files.createDirectories(out);
            io.mcpfuzzer.report.AtomicFiles.writeString(out.resolve("safety_report.json"),
                    io.mcpfuzzer.common.Json.pretty().writeValueAsString(safety.report().toJson()));
            console.err().print(safety.report().consoleSummary());
        } catch (IOException e) {
            console.err().println("mcp-fuzzer: cannot write the safety report: " + e.getMessage());
        }
    }
}
