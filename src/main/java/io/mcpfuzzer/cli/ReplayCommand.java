package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Options;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.LineReplay;
import io.mcpfuzzer.fuzz.Supervisor;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.Verdict;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.ReportNodes;
import io.mcpfuzzer.report.Redactor;
import io.mcpfuzzer.safety.LaunchPlan;
import io.mcpfuzzer.safety.SafetyContext;
import io.mcpfuzzer.safety.SafetyException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.ParseResult;
import tools.jackson.databind.JsonNode;

/**
 * {@code mcp-fuzzer replay PATH [--finding ID] [target options]}: sends each recorded finding's
 * exact request line ({@code replay.line}) again, each to a fresh target built by
 * {@link TargetSetup} (so through the same safety choke point as a campaign), and prints
 * {@code reproduced} or {@code not reproduced} per finding with the new evidence. A finding
 * reproduces when the replayed run yields a finding of the same category. Exit 3 when any
 * reproduced, 0 when none did, 2 for a bad PATH or no target, 1 when no target could be started.
 */
final class ReplayCommand {
    private static final int EVIDENCE_SHOWN = 800;

    private ReplayCommand() {}

    static int run(ParseResult top, ParseResult sub, List<String> argv, Map<String, String> env, PrintStream out,
            PrintStream err) {
        Path path = Path.of(sub.matchedPositionalValue(0, ""));
        ReplayInput input;
        try {
            input = ReplayInput.load(path);
        } catch (IOException | RuntimeException e) {
            err.println(CommandBuilder.NAME + " replay: cannot read " + path + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        List<JsonNode> findings = input.select(sub.matchedOptionValue(CommandBuilder.FINDING, null));
        if (findings.isEmpty()) {
            err.println(CommandBuilder.NAME + " replay: no finding to replay in " + path);
            return ExitCodes.USAGE;
        }
        Settings settings = settings(top, sub, argv, env, input, err);
        if (settings == null) {
            return ExitCodes.USAGE;
        }
        LogSetup.apply(settings.logging().logLevel());
        int reproduced = 0;
        int failed = 0;
        for (JsonNode f : findings) {
            Result r = replay(settings, f);
            String head = f.path("id").asString("") + " " + f.path("category").asString("") + " "
                    + f.path("kind").asString("") + " " + f.path("target").asString("") + ": ";
            out.println(head + r.word());
            if (r.detail() != null) {
                out.println("  " + r.detail());
            }
            reproduced += r.reproduced() ? 1 : 0;
            failed += r.error() ? 1 : 0;
        }
        out.println(reproduced + " of " + findings.size() + " finding(s) reproduced");
        return reproduced > 0 ? ExitCodes.FINDINGS : failed == findings.size() ? ExitCodes.ERROR : ExitCodes.OK;
    }

    /** Outcome of one finding's replay; {@code error} when it could not be sent at all. */
    private record Result(String word, boolean reproduced, boolean error, String detail) {}

    private static Result replay(Settings s, JsonNode recorded) {
        String line = recorded.path("replay").path("line").asString(null);
        if (line == null) {
            return new Result("not replayable (no single recorded request)", false, false, null);
        }
        String kind = recorded.path("kind").asString("");
        String target = recorded.path("target").asString("");
        Duration timeout = "tool".equals(kind) ? s.target().toolTimeout() : s.target().timeout();
        SafetyContext safety;
        try {
            safety = TargetSetup.openSafety(s);
        } catch (SafetyException e) {
            return new Result("error", false, true, "safety setup failed: " + e.getMessage());
        }
        List<LaunchPlan> plans = new ArrayList<>();
        try (safety; TargetFactory factory = TargetSetup.factory(s, safety, TargetSetup.client(s, safety), plans)) {
            Verdict v = LineReplay.send(factory, kind, target, line, timeout);
            String category = recorded.path("category").asString("");
            Finding same = v.findings().stream().filter(g -> g.category().equals(category)).findFirst().orElse(null);
            Finding shown = same != null ? same : v.findings().isEmpty() ? null : v.findings().get(0);
            String detail = "outcome: " + v.outcome();
            if (shown != null) {
                boolean sameSignature = shown.signature().equals(recorded.path("signature").asString(""));
                detail += "; " + shown.category() + " (" + (sameSignature ? "same" : "different") + " signature): "
                        + shown.detail() + "; evidence: " + excerpt(shown);
            }
            return new Result(same != null ? "reproduced" : "not reproduced", same != null, false, detail);
        } catch (Supervisor.BlockedException | SafetyException | IOException | IllegalArgumentException e) {
            return new Result("error", false, true, "cannot start the target: " + e.getMessage());
        }
    }

    private static String excerpt(Finding f) {
        String text = ReportJson.line(ReportNodes.evidence(Redactor.standard().redact(f)));
        return text.length() <= EVIDENCE_SHOWN ? text : text.substring(0, EVIDENCE_SHOWN) + "...";
    }

    /**
     * The settings of the replay: the options given, and unless {@code --endpoint} was given, the
     * target recorded in run_summary.json ({@code endpoint}, {@code transport}). Null (after saying
     * why) when there is no target.
     */
    private static Settings settings(ParseResult top, ParseResult sub, List<String> argv, Map<String, String> env,
            ReplayInput input, PrintStream err) {
        String endpointOption = Options.ENDPOINT.longName();
        if (top.hasMatchedOption(endpointOption) || sub.hasMatchedOption(endpointOption)) {
            return CliSettings.resolve(List.of(top, sub), argv, env, true);
        }
        JsonNode summary = input.summary();
        String endpoint = summary == null ? "" : summary.path("endpoint").asString("");
        if (endpoint.isBlank()) {
            err.println(CommandBuilder.NAME + " replay: no run_summary.json with the target next to " + input.source()
                    + "; give the target with --endpoint");
            return null;
        }
        List<String> args = new ArrayList<>(argv);
        args.add(endpointOption);
        args.add(endpoint);
        String transport = summary.path("transport").asString("");
        if (!transport.isBlank() && !top.hasMatchedOption(Options.PROTOCOL_OPT.longName())
                && !sub.hasMatchedOption(Options.PROTOCOL_OPT.longName())) {
            args.add(Options.PROTOCOL_OPT.longName());
            args.add(transport);
        }
        ParseResult reparsed = CommandBuilder.build(VersionInfo.version()).parseArgs(args.toArray(String[]::new));
        return CliSettings.resolve(List.of(reparsed, reparsed.subcommand()), args, env, true);
    }
}
