package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.AuditOptions;
import io.mcpfuzzer.fuzz.Campaign;
import io.mcpfuzzer.fuzz.CampaignConfig;
import io.mcpfuzzer.fuzz.CampaignInputs;
import io.mcpfuzzer.fuzz.CampaignResult;
import io.mcpfuzzer.fuzz.FaultGuard;
import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.fuzz.PhaseChoice;
import io.mcpfuzzer.fuzz.SampleFiles;
import io.mcpfuzzer.fuzz.ShardFilter;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.report.Report;
import io.mcpfuzzer.report.RunRecorder;
import io.mcpfuzzer.report.RunSummary;
import io.mcpfuzzer.report.Redactor;
import io.mcpfuzzer.report.text.ConsoleSummary;
import io.mcpfuzzer.safety.LaunchPlan;
import io.mcpfuzzer.safety.SafetyContext;
import io.mcpfuzzer.safety.SafetyException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real campaign behind the command line: safety context, target, campaign, streamed runs,
 * reports (rewritten after every new crash or hang bucket, and at the end even when interrupted),
 * exports, console summary, exit code.
 *
 * <p>A failure of the fuzzer's own code is counted in one {@link FaultGuard} shared with the
 * campaign ({@code fuzzer_errors} in run_summary.json) and the run goes on. When the fuzzer cannot
 * go on at all (a failure escaping the campaign or this runner), findings.json and run_summary.json
 * are still written, with status {@code error} and the reason, and the exit code is 1.
 */
public final class FuzzRunner implements CampaignRunner {
    private static final Logger LOG = LoggerFactory.getLogger(FuzzRunner.class);
    /**
     * Test-only: called with a step name ({@code after_campaign}) so that a test can make the runner
     * itself fail. Null (off) unless a test in this package sets it.
     */
    static volatile Consumer<String> testHook;
    private static final DateTimeFormatter SESSION = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    @Override
    public int run(Settings s, ConsoleIO console) {
        Instant started = Instant.now();
        String sessionId = SESSION.format(started) + "-" + Long.toHexString(s.fuzzing().seed() & 0xffffffL)
                + (s.shard().sharded() ? "-shard" + (s.shard().index() + 1) + "of" + s.shard().count() : "");
        Path out = s.output().outputDir();
        FaultGuard faults = new FaultGuard();
        Redactor redactor = Redactor.withSecrets(UserSecretsOf.settings(s, System.getenv()));
        ReportOutput output = new ReportOutput(out, sessionId, redactor, faults, console);
        FindingTriage triage;
        try {
            triage = FindingTriage.load(s.output(), Path.of("").toAbsolutePath(), java.time.LocalDate.now(ZoneOffset.UTC));
        } catch (IOException e) {
            console.err().println("mcp-fuzzer: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        triage.warnings().forEach(w -> console.err().println("mcp-fuzzer: warning: " + w));
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
            Progress progress = new Progress(s, started, recorder, faults, output);
            progress.triage = triage;
            try {
                return campaign(s, console, safety, plans, recorder, guard, progress);
            } catch (RuntimeException | Error e) {
                return failed(s, console, e, progress, guard.interrupted());
            }
        } catch (IOException e) {
            console.err().println("mcp-fuzzer: cannot write reports to " + out + ": " + e.getMessage());
            return ExitCodes.ERROR;
        }
    }

    /** What the final or an error summary needs that is known only as the run goes on. */
    private static final class Progress {
        final Settings settings;
        final Instant started;
        final RunRecorder recorder;
        final FaultGuard faults;
        final ReportOutput output;
        volatile String transport = "";
        volatile Map<String, Object> containment = Map.of();
        volatile ReportSink sink;
        volatile CampaignResult result;
        volatile FindingTriage triage;

        Progress(Settings settings, Instant started, RunRecorder recorder, FaultGuard faults, ReportOutput output) {
            this.settings = settings;
            this.started = started;
            this.recorder = recorder;
            this.faults = faults;
            this.output = output;
        }

        RunSummary summary(String status, String reason, List<Finding> findings, List<String> warnings) {
            return SummaryFactory.build(settings, transport, status, reason, result, findings, recorder.totalRuns(),
                    recorder.perTarget(), containment, warnings, started, faults.snapshot());
        }
    }

    private int campaign(Settings s, ConsoleIO console, SafetyContext safety, List<LaunchPlan> plans,
            RunRecorder recorder, InterruptGuard guard, Progress progress) {
        TargetFactory factory;
        javax.net.ssl.SSLContext tls;
        try {
            factory = TargetSetup.factory(s, safety, TargetSetup.client(s, safety), plans);
            tls = TargetSetup.tls(s.target());
        } catch (SafetyException | IllegalArgumentException | IOException e) {
            console.err().println("mcp-fuzzer: cannot set up the target: " + e.getMessage());
            return ExitCodes.ERROR;
        }
        progress.containment = TargetSetup.containment(plans);
        plans.forEach(p -> LOG.info("launch plan: {}", p.describe()));
        progress.transport = factory.transport();
        FaultGuard faults = progress.faults;
        ReportOutput output = progress.output;
        ReportSink sink = new ReportSink(recorder, console.progress(), s.fuzzing().mode() == FuzzMode.TOOLS, partial -> faults.run("report_writer", null,
                () -> output.write(progress.summary("running", null, partial, List.of()), partial)));
        progress.sink = sink;
        CampaignResult result;
        Given given = given(plans, safety.stateDir());
        try (factory) {
            result = new Campaign(config(s), factory, CampaignInputs.forSeed(s.fuzzing().seed(),
                    SampleFiles.plant(s.safety().fsRoot())),
                    safety.argumentPolicy()::decide, sink).audit(auditOptions(s, safety, tls)).authAudit(authAuditOptions(s, safety, tls))
                    .guard(faults)
                    .shard(new ShardFilter(s.shard().index(), s.shard().count()))
                    .coverage(s.fuzzing().coverageBudget()).given(given.ownDirs(), given.exact()).run();
        }
        progress.result = result;
        console.progress().finish(); // what follows (messages, the summary) starts on a clean line
        Consumer<String> hook = testHook;
        if (hook != null) {
            hook.accept("after_campaign");
        }
        boolean interruptFlag = Thread.interrupted(); // cleared so that reports can be written
        boolean interrupted = guard.interrupted() || interruptFlag;
        String status = interrupted ? "interrupted" : result.status();
        String reason = interrupted ? "interrupted by a signal" : result.statusReason();
        FindingTriage triage = progress.triage;
        List<Finding> findings = triage.mark(result.findings());
        List<String> warnings = new ArrayList<>(result.warnings());
        warnings.addAll(triage.warnings());
        output.summaryExtra("baseline", triage.baselineSummary(findings));
        output.summaryExtra("auth_audit", result.extra().get("auth_audit"));
        RunSummary summary = progress.summary(status, reason, findings, warnings);
        sink.stopWrites();
        Report report = output.write(summary, findings);
        long counted = faults.total();
        ReportOutput.Exports exports = output.exports(s.output(), report);
        output.extra("spec_guard.json", result.extra().get("spec_guard"));
        if (s.safety().safetyReport()) {
            output.safetyReport(safety);
        }
        if (faults.total() != counted) { // an export or side file failed: the summary must say so
            summary = progress.summary(status, reason, findings, warnings);
            output.write(summary, findings);
        }
        RunSummary shown = summary;
        faults.run("console_summary", null, () -> console.out().print(ConsoleSummary.render(shown, findings,
                console.color(), output.redactor())));
        console.out().println("reports: " + s.output().outputDir().toAbsolutePath());
        exports.written().forEach((format, file) -> console.out().println(
                format.name().toLowerCase(java.util.Locale.ROOT) + " export: " + file));
        console.out().println(ConsoleSummary.nextStep(report.findings(), s.output().outputDir().toAbsolutePath(),
                exports.written().get(io.mcpfuzzer.report.export.ExportFormat.HTML), status));
        reportFuzzerErrors(faults, console);
        int code = exitCode(s, status, result, findings.stream().filter(triage::gates).toList(), console);
        if (code == ExitCodes.OK || code == ExitCodes.FINDINGS) {
            code = ToolSelection.check(s, result, console.err(), code);
        }
        if (!exports.failed().isEmpty() && (code == ExitCodes.OK || code == ExitCodes.FINDINGS)) {
            console.err().println("mcp-fuzzer: " + exports.failed().size() + " export(s) could not be written (see above)");
            code = ExitCodes.ERROR;
        }
        verdict(console, report, s.output().outputDir(), exports.written(), code);
        return code;
    }

    /**
     * What the fuzzer handed a launched target outside its requests ({@link Campaign#given}): environment
     * values that lie in the safety state folder (the HOME and TMPDIR it made) as own folders; its command
     * line, its other environment values (PATH aside: a search list, not a place the server is told to use)
     * and its working directory as exact paths.
     */
    static Given given(List<LaunchPlan> plans, Path stateDir) {
        List<String> dirs = new ArrayList<>();
        List<String> exact = new ArrayList<>();
        for (LaunchPlan plan : plans) {
            exact.addAll(plan.command());
            plan.environment().forEach((k, v) -> {
                if (!"PATH".equals(k)) {
                    (ownFolder(v, stateDir) ? dirs : exact).add(v);
                }
            });
            if (plan.workingDirectory() != null) {
                exact.add(plan.workingDirectory().toString());
            }
        }
        return new Given(dirs, exact);
    }

    /** Folders the fuzzer made for the target, and the exact paths it gave it. */
    record Given(List<String> ownDirs, List<String> exact) {}

    private static boolean ownFolder(String value, Path stateDir) {
        if (stateDir == null || value == null || !value.startsWith("/")) {
            return false;
        }
        try { // the HOME and TMPDIR the safety layer makes there, not a user's --state-dir as a whole
            Path p = Path.of(value).normalize();
            return p.startsWith(stateDir.resolve("home")) || p.startsWith(stateDir.resolve("tmp"));
        } catch (java.nio.file.InvalidPathException e) {
            return false;
        }
    }

    /** The quiet one-line verdict and, with {@code --format json}, the JSON document on stdout. */
    static void verdict(ConsoleIO console, Report report, Path outputDir,
            Map<io.mcpfuzzer.report.export.ExportFormat, Path> exports, int code) {
        console.verdict(RunVerdict.line(report, outputDir, code));
        if (console.json()) {
            console.data().println(io.mcpfuzzer.common.Json.write(RunVerdict.json(report, outputDir, exports, code)));
            console.data().flush();
        }
    }

    /**
     * The fuzzer could not go on: writes findings.json and run_summary.json with status
     * {@code error} from what was recorded so far, and returns 1. When the failure came from an
     * interrupt (Ctrl-C), the status is {@code interrupted} and the exit code 130, as for any interrupt.
     */
    private static int failed(Settings s, ConsoleIO console, Throwable e, Progress progress, boolean signalled) {
        console.progress().finish();
        boolean interrupted = Thread.interrupted() | signalled;
        boolean counted = progress.faults.record("fuzz_runner", null, e);
        interrupted |= Thread.interrupted() | !counted; // cleared again so that the reports can be written
        String status = interrupted ? "interrupted" : "error";
        String reason = interrupted ? "interrupted by a signal" : "the fuzzer could not continue: " + FaultGuard.oneLine(e);
        CampaignResult result = progress.result;
        List<Finding> findings = result != null ? result.findings()
                : progress.sink != null ? progress.sink.findingsSoFar() : List.of();
        List<String> warnings = result != null ? new ArrayList<>(result.warnings()) : List.of();
        if (progress.sink != null) {
            progress.sink.stopWrites();
        }
        Report written = progress.output.write(progress.summary(status, reason, findings, warnings), findings);
        if (interrupted) {
            verdict(console, written, s.output().outputDir(), Map.of(), ExitCodes.INTERRUPTED);
            return ExitCodes.INTERRUPTED;
        }
        console.err().println("mcp-fuzzer: " + reason + "; partial reports in "
                + s.output().outputDir().toAbsolutePath() + " (details in the log)");
        verdict(console, written, s.output().outputDir(), Map.of(), ExitCodes.ERROR);
        return ExitCodes.ERROR;
    }

    /** A reason that quotes the server's output, made safe for a terminal line by line. */
    static String printable(String reason) {
        return reason == null ? "" : reason.lines().map(l -> io.mcpfuzzer.report.text.TerminalText.safe(l, 500))
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    private static void reportFuzzerErrors(FaultGuard faults, ConsoleIO console) {
        long total = faults.total();
        if (total > 0) {
            console.err().println("mcp-fuzzer: the fuzzer hit " + total + " internal error(s) and went on; see "
                    + "fuzzer_errors in run_summary.json (please report them)");
        }
    }

    /** @param tls the target's TLS trust, for the Origin probe, or null */
    static AuditOptions auditOptions(Settings s, SafetyContext safety, javax.net.ssl.SSLContext tls) {
        Path fsRoot = safety.pathSandbox().map(p -> p.root()).orElse(s.safety().fsRoot());
        return new AuditOptions(s.audit().securityAudit() || s.audit().securityAuditIntrusive(),
                s.audit().securityAuditIntrusive(), s.audit().pinFile(), fsRoot, s.target().endpoint(),
                s.target().protocol().isRemote(), s.target().headers(), tls);
    }

    /** {@code --auth-audit} options, or null when it is off; {@code tls} is the target's TLS trust, or null. */
    static io.mcpfuzzer.fuzz.audit.AuthAudit.Options authAuditOptions(Settings s, SafetyContext safety,
            javax.net.ssl.SSLContext tls) {
        if (!s.audit().authAudit()) {
            return null;
        }
        // a pre-registered client (--oauth-client-id/-secret) lets the flow checks run without registration
        Settings.OAuth o = s.oauth();
        return new io.mcpfuzzer.fuzz.audit.AuthAudit.Options(s.target().endpoint(), s.audit().authAuditIntrusive(),
                s.target().timeout(), o == null ? null : o.clientId(), o == null ? null : o.clientSecret(), null,
                safety.networkPolicy(), tls);
    }

    static CampaignConfig config(Settings s) {
        Settings.Fuzzing f = s.fuzzing();
        return new CampaignConfig(f.mode(), f.phase(), f.runs(), s.protocol().runsPerType(), f.seed(),
                s.target().toolTimeout(), f.maxConcurrency(), new java.util.LinkedHashSet<>(f.tools()), 3, 2,
                protocolPhase(s), new java.util.LinkedHashSet<>(s.protocol().protocolTypes()), s.protocol().specGuard(),
                new java.util.LinkedHashSet<>(f.excludeTools()));
    }

    /** {@code --protocol-phase} when given; otherwise protocol, resource and prompt fuzzing follow {@code --phase}. */
    static PhaseChoice protocolPhase(Settings s) {
        io.mcpfuzzer.config.Origin origin = s.provenance().origins().get(io.mcpfuzzer.config.Options.PROTOCOL_PHASE.key());
        return origin != null && origin.isExplicit() ? s.protocol().phase() : s.fuzzing().phase();
    }

    /** @param findings the findings that may gate (not suppressed; new when there is a baseline) */
    private static int exitCode(Settings s, String status, CampaignResult result, List<Finding> findings,
            ConsoleIO console) {
        if ("interrupted".equals(status)) {
            return ExitCodes.INTERRUPTED;
        }
        if ("blocked".equals(status)) {
            console.err().println("mcp-fuzzer: run blocked: " + printable(result.statusReason()));
            return ExitCodes.ERROR;
        }
        if ("error".equals(status)) {
            console.err().println("mcp-fuzzer: " + printable(result.statusReason()) + " (partial reports written; details in the log)");
            return ExitCodes.ERROR;
        }
        if (s.output().failIfNoTools() && s.fuzzing().mode().includes(FuzzMode.TOOLS) && result.tools().isEmpty()) {
            console.err().println("mcp-fuzzer: the server listed no tools (--fail-if-no-tools)");
            return ExitCodes.NO_TOOLS;
        }
        Severity failOn = s.output().failOn();
        if (failOn != null && findings.stream().anyMatch(f -> f.severity().atLeast(failOn))) {
            return ExitCodes.FINDINGS;
        }
        return ExitCodes.OK;
    }
}
