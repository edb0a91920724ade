package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.config.Origin;
import io.mcpfuzzer.config.Settings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** Runs the command in-process and asserts on exit code and captured output. */
@Isolated
class MainTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final AtomicReference<Settings> seen = new AtomicReference<>();
    private final List<String> calls = new ArrayList<>();

    private int run(Map<String, String> env, String... args) {
        CampaignRunner campaign = (s, c) -> {
            seen.set(s);
            calls.add("campaign");
            return ExitCodes.OK;
        };
        DemoRunner demo = (s, c) -> {
            seen.set(s);
            calls.add("demo");
            return ExitCodes.OK;
        };
        return runWith(campaign, demo, env, args);
    }

    private int runWith(CampaignRunner campaign, DemoRunner demo, Map<String, String> env, String... args) {
        return new Main(campaign, demo, false).run(args, stream(outBytes), stream(errBytes), env);
    }

    private static PrintStream stream(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    private Path yaml(String text) throws IOException {
        Path p = dir.resolve("mcp-fuzzer.yaml");
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertThat(run(Map.of(), "--runz", "3")).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("Unknown option").contains("--runs").contains("Try 'mcp-fuzzer --help'");
        assertThat(out()).isEmpty();
        assertThat(calls).isEmpty();
    }

    @Test
    void invalidValueIsAUsageErrorNamingTheOption() {
        assertThat(run(Map.of(), "--endpoint", "x", "--runs", "0")).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("option --runs: expected an integer from 1 to 1000000, got 0");
        assertThat(calls).isEmpty();
    }

    @Test
    void repeatedSingleValueOptionLastOneWinsAsInArgparse() {
        assertThat(run(Map.of(), "--endpoint", "x", "--runs", "1", "--runs", "2")).isEqualTo(ExitCodes.OK);
        assertThat(seen.get().fuzzing().runs()).isEqualTo(2);
        assertThat(run(Map.of(), "--endpoint", "x", "--runs", "1", "--runs", "zero")).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void argumentsStartingWithAtAreValuesNotFiles() {
        assertThat(run(Map.of(), "--endpoint", "x", "--mode", "tools", "--tool", "@scope/tool")).isEqualTo(0);
        assertThat(seen.get().fuzzing().tools()).containsExactly("@scope/tool");
    }

    @Test
    void missingEndpointIsAUsageError() {
        assertThat(run(Map.of())).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("--endpoint is required");
    }

    @Test
    void unbalancedQuotesGiveAClearMessageAndExitOne() {
        assertThat(run(Map.of(), "--endpoint", "node 'server.js")).isEqualTo(ExitCodes.ERROR);
        assertThat(err()).contains("cannot split the stdio command: unbalanced single quote")
                .contains("column 6");
        assertThat(calls).isEmpty();
    }

    @Test
    void validRunReachesTheCampaignWithParsedSettings() {
        int code = run(Map.of(), "--endpoint", "python3 'my srv.py'", "--tool", "a", "--tool", "b",
                "--mode", "tools", "--no-corpus", "--seed", "9", "--header", "X-K: v");
        assertThat(code).isEqualTo(ExitCodes.OK);
        Settings s = seen.get();
        assertThat(s.target().command()).containsExactly("python3", "my srv.py");
        assertThat(s.fuzzing().tools()).containsExactly("a", "b");
        assertThat(s.fuzzing().mode()).isEqualTo(FuzzMode.TOOLS);
        assertThat(s.fuzzing().corpus()).isFalse();
        assertThat(s.fuzzing().seed()).isEqualTo(9L);
        assertThat(s.target().headers()).containsEntry("X-K", "v");
        assertThat(s.provenance().commandLine()).contains("--seed", "9");
    }

    /** The Python tool's --stateful, --havoc and --corpus change nothing here: given explicitly, a warning says so. */
    @Test
    void inertPythonOptionsGivenExplicitlyAreWarnedAbout() throws IOException {
        assertThat(run(Map.of(), "--endpoint", "srv", "--stateful", "--havoc", "--corpus")).isEqualTo(ExitCodes.OK);
        assertThat(err()).contains("warning: --stateful and --stateful-runs have no effect here")
                .contains("warning: --havoc has no effect here").contains("warning: --corpus has no effect here");
        errBytes.reset();
        assertThat(run(Map.of(), "--endpoint", "srv", "--no-corpus", "--no-stateful")).isEqualTo(ExitCodes.OK);
        assertThat(err()).doesNotContain("no effect here");
        errBytes.reset();
        assertThat(run(Map.of(), "--endpoint", "srv", "--config", yaml("havoc_mode: true\n").toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(err()).contains("--havoc has no effect here").doesNotContain("--corpus has no effect");
    }

    @Test
    void protocolTypesSplitOnCommaAndPipe() {
        run(Map.of(), "--endpoint", "x", "--mode", "protocol", "--protocol-type", "PingRequest|ListToolsRequest",
                "--protocol-type", "initializerequest");
        assertThat(seen.get().protocol().protocolTypes())
                .containsExactly("PingRequest", "ListToolsRequest", "InitializeRequest");
    }

    @Test
    void explicitFlagEqualToDefaultBeatsTheConfigFile() throws IOException {
        Path cfg = yaml("runs: 20\nphase: realistic\nmax_concurrency: 2\n");
        assertThat(run(Map.of(), "-c", cfg.toString(), "--endpoint", "x", "--runs", "10")).isEqualTo(0);
        assertThat(seen.get().fuzzing().runs()).isEqualTo(10);
        assertThat(seen.get().fuzzing().phase().wire()).isEqualTo("realistic");
        assertThat(seen.get().fuzzing().maxConcurrency()).isEqualTo(2);
    }

    @Test
    void precedenceIsFlagThenEnvironmentThenFileThenDefault() throws IOException {
        Path cfg = yaml("runs: 20\nruns_per_type: 6\ntimeout: 7\n");
        Map<String, String> env = Map.of("MCP_FUZZER_RUNS", "30", "MCP_FUZZER_RUNS_PER_TYPE", "8",
                "MCP_FUZZER_CONFIG", cfg.toString());
        assertThat(run(env, "--endpoint", "x", "--runs", "40")).isEqualTo(0);
        Settings s = seen.get();
        assertThat(s.fuzzing().runs()).isEqualTo(40);
        assertThat(s.protocol().runsPerType()).isEqualTo(8);
        assertThat(s.target().timeout().toSeconds()).isEqualTo(7);
        assertThat(s.fuzzing().maxConcurrency()).isEqualTo(5);
        assertThat(s.provenance().origins().get("runs_per_type").kind()).isEqualTo(Origin.Kind.ENVIRONMENT);
    }

    @Test
    void negatedFlagBeatsTheFileAndBothFormsTogetherAreRejected() throws IOException {
        Path cfg = yaml("spec_guard: true\n");
        assertThat(run(Map.of(), "-c", cfg.toString(), "--endpoint", "x", "--no-spec-guard")).isEqualTo(0);
        assertThat(seen.get().protocol().specGuard()).isFalse();
        assertThat(run(Map.of(), "--endpoint", "x", "--spec-guard", "--no-spec-guard")).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("--spec-guard and --no-spec-guard cannot be used together");
    }

    @Test
    void badConfigFileGivesFileLineAndKey() throws IOException {
        Path cfg = yaml("mode: tools\nruns: many\n");
        assertThat(run(Map.of(), "--config", cfg.toString(), "--endpoint", "x")).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains(cfg + ":2:1: key 'runs': expected an integer");
    }

    @Test
    void validateConfigAcceptsAGoodFile() throws IOException {
        Path cfg = yaml("endpoint: python3 server.py\nmode: tools\nruns: 3\n");
        assertThat(run(Map.of(), "--validate-config", cfg.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out()).contains("OK Configuration file '" + cfg + "' is valid");
        assertThat(calls).isEmpty();
    }

    @Test
    void validateConfigReportsEveryProblemWithFileLineAndKey() throws IOException {
        Path cfg = yaml("runs: -1\nphase: wild\nendpoint: \"node 'x\"\nsafety_enabled: true\n");
        assertThat(run(Map.of(), "--validate-config", cfg.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("configuration file '" + cfg + "' is invalid")
                .contains(cfg + ":1:1: key 'runs'")
                .contains(cfg + ":2:1: key 'phase'")
                .contains(cfg + ":4:1: key 'safety_enabled': unknown key");
        Path missing = dir.resolve("nope.yaml");
        assertThat(run(Map.of(), "--validate-config", missing.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("configuration file not found");
    }

    @Test
    void validateConfigReportsEndpointSyntaxToo() throws IOException {
        Path cfg = yaml("endpoint: \"node 'x\"\n");
        assertThat(run(Map.of(), "--validate-config", cfg.toString())).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains(cfg + ":1:1: key 'endpoint': cannot split the stdio command");
    }

    @Test
    void checkEnvPrintsAndExits() {
        assertThat(run(Map.of("MCP_FUZZER_RUNS", "5"), "--check-env")).isEqualTo(ExitCodes.OK);
        assertThat(out()).contains("OK MCP_FUZZER_RUNS='5'").contains("All environment variables are valid");
        assertThat(run(Map.of("MCP_FUZZER_TIMEOUT", "abc"), "--check-env")).isEqualTo(ExitCodes.USAGE);
        assertThat(out()).contains("X MCP_FUZZER_TIMEOUT='abc'");
        assertThat(calls).isEmpty();
    }

    @Test
    void environmentErrorsNameTheVariableOnARun() {
        assertThat(run(Map.of("MCP_FUZZER_MODE", "everything"), "--endpoint", "x")).isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("environment variable MCP_FUZZER_MODE: expected one of tools");
    }

    @Test
    void helpShowsEveryGroupExitCodesAndPrecedence() {
        assertThat(run(Map.of(), "--help")).isEqualTo(ExitCodes.OK);
        String help = out();
        for (String group : List.of("General:", "Target:", "Fuzzing:", "Protocol:", "Safety:", "Watchdog:",
                "Output:", "Audit:", "Logging:", "Exit codes:", "Precedence:")) {
            assertThat(help).contains("\n" + group + "\n");
        }
        assertThat(help).contains("--endpoint=TARGET").contains("--fail-on=SEVERITY").contains("--no-spec-guard")
                .contains("130").contains("(default: 10)").doesNotContain("\u001b[");
        // the hidden subcommand is not listed as a command; the footer says how to use it
        assertThat(help.indexOf("generate-completion")).isGreaterThan(help.indexOf("Shell completion"));
        assertThat(help.indexOf("Target:")).isLessThan(help.indexOf("Fuzzing:"));
        assertThat(help.indexOf("--protocol=")).isLessThan(help.indexOf("--endpoint="));
    }

    @Test
    void demoHelpAndDemoRunWithoutEndpoint() {
        assertThat(run(Map.of(), "demo", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out()).contains("mcp-fuzzer demo [OPTIONS]").contains("--runs=N");
        assertThat(run(Map.of(), "demo", "--runs", "2")).isEqualTo(ExitCodes.OK);
        assertThat(calls).containsExactly("demo");
        assertThat(seen.get().fuzzing().runs()).isEqualTo(2);
        assertThat(seen.get().target().endpoint()).isNull();
        assertThat(run(Map.of(), "--runs", "3", "--seed", "5", "demo", "--runs", "4")).isEqualTo(ExitCodes.OK);
        assertThat(seen.get().fuzzing().runs()).isEqualTo(4);
        assertThat(seen.get().fuzzing().seed()).isEqualTo(5L);
    }

    @Test
    void versionComesFromTheManifestOrDev() {
        assertThat(run(Map.of(), "--version")).isEqualTo(ExitCodes.OK);
        assertThat(out().trim()).isEqualTo("mcp-fuzzer " + VersionInfo.version());
        assertThat(VersionInfo.version()).isNotBlank();
    }

    @Test
    void completionScriptIsGeneratedByTheHiddenSubcommand() {
        assertThat(run(Map.of(), "generate-completion")).isEqualTo(ExitCodes.OK);
        assertThat(out()).contains("#!/usr/bin/env bash").contains("complete -F").contains("--endpoint")
                .contains("--watchdog-max-hang-time").contains("demo");
    }

    @Test
    void runnerExitCodesPassThroughAndFailuresBecomeOne() {
        assertThat(runWith((s, c) -> ExitCodes.FINDINGS, DemoRunner.NOT_WIRED, Map.of(), "--endpoint", "x"))
                .isEqualTo(ExitCodes.FINDINGS);
        assertThat(runWith((s, c) -> ExitCodes.INTERRUPTED, DemoRunner.NOT_WIRED, Map.of(), "--endpoint", "x"))
                .isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(runWith((s, c) -> {
            throw new IllegalStateException("boom");
        }, DemoRunner.NOT_WIRED, Map.of(), "--endpoint", "x")).isEqualTo(ExitCodes.ERROR);
        assertThat(err()).contains("error: java.lang.IllegalStateException: boom");
    }

    @Test
    void anInternalErrorEscapingTheRunnerIsOneLineWithoutAStackTrace() {
        assertThat(runWith((s, c) -> {
            throw new StackOverflowError();
        }, DemoRunner.NOT_WIRED, Map.of(), "--endpoint", "x")).isEqualTo(ExitCodes.ERROR);
        assertThat(err()).contains("internal error: java.lang.StackOverflowError").doesNotContain("\tat ");
        assertThat(err().strip().lines().count()).isEqualTo(1);
    }

    @Test
    void consoleForTestsHasNoProgressAndNoColor() {
        AtomicReference<ConsoleIO> console = new AtomicReference<>();
        runWith((s, c) -> {
            console.set(c);
            c.out().println("result");
            return 0;
        }, DemoRunner.NOT_WIRED, Map.of(), "--endpoint", "x");
        assertThat(console.get().color()).isFalse();
        assertThat(console.get().progress()).isSameAs(io.mcpfuzzer.common.ProgressSink.NONE);
        assertThat(out()).isEqualTo("result" + System.lineSeparator());
    }

    @Test
    void logLevelIsAppliedToTheRootLogger() {
        ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory
                .getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ch.qos.logback.classic.Level before = root.getLevel();
        try {
            assertThat(run(Map.of(), "--endpoint", "x", "--log-level", "DEBUG")).isEqualTo(0);
            assertThat(root.getLevel()).isEqualTo(ch.qos.logback.classic.Level.DEBUG);
            assertThat(run(Map.of("MCP_FUZZER_LOG_LEVEL", "critical"), "--endpoint", "x")).isEqualTo(0);
            assertThat(root.getLevel()).isEqualTo(ch.qos.logback.classic.Level.ERROR);
        } finally {
            root.setLevel(before);
        }
        assertThat(out()).isEmpty();
    }
}
