package io.mcpfuzzer.cli;

import io.mcpfuzzer.report.AtomicFiles;
import io.mcpfuzzer.report.ReportJson;
import io.mcpfuzzer.report.ReportWriter;
import io.mcpfuzzer.report.Redactor;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code mcp-fuzzer sweep TARGETS.yml}: fuzzes many servers ({@link SweepTargets}), each in its own
 * fuzzer process (a crash or a hang of one run never touches the others) with at most
 * {@code --parallel} at once, into {@code OUT/<name>/} (its reports and {@code fuzzer.log}), then
 * writes {@code OUT/sweep_summary.json}: per server its status, exit code, runs and findings by
 * severity. The exit code is the worst of the servers' (interrupted &gt; error &gt; usage &gt;
 * findings &gt; ok).
 */
final class SweepCommand {
    static final String NAME = "sweep";
    static final String SUMMARY_FILE = "sweep_summary.json";
    private static final List<Integer> WORST_LAST = List.of(ExitCodes.OK, ExitCodes.FINDINGS, ExitCodes.USAGE,
            ExitCodes.ERROR, ExitCodes.INTERRUPTED);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SweepCommand() {}

    static CommandSpec spec() {
        CommandSpec spec = CommandSpec.create().name(NAME);
        spec.usageMessage().sortOptions(false)
                .customSynopsis(CommandBuilder.NAME + " sweep TARGETS.yml [--output-dir OUT] [--parallel N]", "")
                .description("Fuzz many servers, one fuzzer process each, and write one combined "
                        + SUMMARY_FILE + ". Each entry of TARGETS.yml: name, endpoint, optional protocol, env "
                        + "(mapping) and flags (fuzzer options); a top-level 'flags' applies to every server.");
        spec.addPositional(PositionalParamSpec.builder().paramLabel("TARGETS.yml").arity("1").type(String.class)
                .description("YAML list of servers").build());
        spec.addOption(OptionSpec.builder("--output-dir").paramLabel("OUT").type(String.class)
                .description("Folder for one sub-folder per server and " + SUMMARY_FILE + " (default: reports)")
                .build());
        spec.addOption(OptionSpec.builder("--parallel").paramLabel("N").type(String.class)
                .description("Servers fuzzed at once (default: 1)").build());
        spec.addOption(OptionSpec.builder("--server-timeout").paramLabel("SECONDS").type(String.class)
                .description("Stop a server's run after this long (status timeout; default: no limit)").build());
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help and exit").build());
        return spec;
    }

    /** The outcome of one server's run. */
    record Result(SweepTargets.Server server, int exitCode, String status, String reason, JsonNode summary) {}

    static int run(ParseResult parsed, PrintStream out, PrintStream err) {
        Path file = Path.of(parsed.matchedPositionalValue(0, ""));
        Path dir = Path.of(parsed.matchedOptionValue("--output-dir", "reports")).toAbsolutePath().normalize();
        int parallel;
        long timeoutSeconds;
        try {
            parallel = Integer.parseInt(parsed.matchedOptionValue("--parallel", "1").strip());
            timeoutSeconds = Long.parseLong(parsed.matchedOptionValue("--server-timeout", "0").strip());
            if (parallel < 1 || parallel > 256 || timeoutSeconds < 0) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            err.println(CommandBuilder.NAME + " sweep: --parallel must be 1..256 and --server-timeout 0 or more seconds");
            return ExitCodes.USAGE;
        }
        SweepTargets targets;
        try {
            targets = SweepTargets.read(file);
        } catch (SweepTargets.Invalid e) {
            err.println(CommandBuilder.NAME + " sweep: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        List<Result> results = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
            Thread t = new Thread(r, "sweep");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Result>> futures = new ArrayList<>();
            for (SweepTargets.Server server : targets.servers()) {
                futures.add(pool.submit(() -> SweepRun.run(server, targets.commonFlags(), dir, timeoutSeconds)));
            }
            for (int i = 0; i < futures.size(); i++) {
                SweepTargets.Server server = targets.servers().get(i);
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause() == null ? e : e.getCause();
                    results.add(new Result(server, ExitCodes.ERROR, "failed", "the sweep could not run this server: "
                            + cause, null));
                }
                Result r = results.get(results.size() - 1);
                out.println(r.server().name() + ": " + r.status() + " (exit " + r.exitCode() + ")"
                        + (r.reason() == null ? "" : " - " + r.reason()));
            }
        } catch (InterruptedException e) {
            pool.shutdownNow(); // each run kills its fuzzer process when interrupted
            Thread.currentThread().interrupt();
            for (int i = results.size(); i < targets.servers().size(); i++) {
                results.add(new Result(targets.servers().get(i), ExitCodes.INTERRUPTED, "interrupted",
                        "the sweep was interrupted", null));
            }
        } finally {
            pool.shutdown();
        }
        int worst = ExitCodes.OK;
        for (Result r : results) {
            worst = WORST_LAST.indexOf(r.exitCode()) > WORST_LAST.indexOf(worst) ? r.exitCode() : worst;
        }
        try {
            AtomicFiles.writeString(dir.resolve(SUMMARY_FILE), ReportJson.artifactText(summary(results, worst)));
        } catch (IOException e) {
            err.println(CommandBuilder.NAME + " sweep: cannot write " + dir.resolve(SUMMARY_FILE) + ": " + e.getMessage());
            return ExitCodes.ERROR;
        }
        out.println("sweep summary: " + dir.resolve(SUMMARY_FILE));
        return worst;
    }

    /** {@code sweep_summary.json}: the servers in file order, then totals. */
    static ObjectNode summary(List<Result> results, int exitCode) {
        Redactor redactor = Redactor.standard();
        ObjectNode root = NODES.objectNode();
        ArrayNode servers = root.putArray("servers");
        ObjectNode bySeverity = NODES.objectNode();
        long findings = 0;
        for (Result r : results) {
            ObjectNode s = servers.addObject();
            s.put("name", r.server().name());
            s.put("output_dir", r.server().folder());
            s.put("protocol", r.server().protocol());
            s.put("endpoint", redactor.redact(r.server().endpoint()));
            s.put("status", r.status());
            s.put("status_reason", r.reason());
            s.put("exit_code", r.exitCode());
            JsonNode summary = r.summary();
            s.put("total_runs", summary == null ? 0 : summary.path("total_runs").asLong());
            JsonNode f = summary == null ? NODES.objectNode() : summary.path("findings");
            s.put("findings", f.path("total").asLong());
            ObjectNode sev = s.putObject("findings_by_severity");
            for (String name : f.path("by_severity").propertyNames()) {
                long n = f.path("by_severity").path(name).asLong();
                sev.put(name, n);
                bySeverity.put(name, bySeverity.path(name).asLong() + n);
            }
            findings += f.path("total").asLong();
        }
        ObjectNode totals = root.putObject("totals");
        totals.put("servers", results.size());
        totals.put("completed", results.stream().filter(r -> "completed".equals(r.status())).count());
        totals.put("failed", results.stream().filter(r -> !"completed".equals(r.status())).count());
        totals.put("findings", findings);
        totals.set("findings_by_severity", bySeverity);
        root.put("exit_code", exitCode);
        return root;
    }

    /** The run_summary.json a server's run left, or null. */
    static JsonNode readSummary(Path dir) {
        Path file = dir.resolve(ReportWriter.SUMMARY_FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return ReportJson.compact().readTree(Files.readString(file));
        } catch (IOException | RuntimeException e) {
            return NODES.objectNode().put("status", "unreadable").put("status_reason",
                    "run_summary.json could not be read: " + e.getMessage());
        }
    }
}
