package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.ConfigException;
import io.mcpfuzzer.config.ConfigProblem;
import io.mcpfuzzer.config.EnvCheck;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.config.SettingsResolver;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Entry point of {@code mcp-fuzzer}. {@link #main} is the only place in the program that calls
 * {@code System.exit}; everything else returns an exit code from {@link ExitCodes}.
 *
 * <p>The campaign and the demo are plugged in through {@link CampaignRunner} and
 * {@link DemoRunner}: either by the constructor, or (for {@link #main} and {@link #execute}) as
 * the first implementation registered with {@link ServiceLoader}
 * ({@code META-INF/services/io.mcpfuzzer.cli.CampaignRunner}); without one, a placeholder
 * reports "not wired" and returns 1.
 */
public final class Main {
    private final CampaignRunner campaign;
    private final DemoRunner demo;
    private final boolean terminal;

    /**
     * @param terminal true when stdin/stdout are an interactive terminal (enables the progress
     *                 line and colours)
     */
    public Main(CampaignRunner campaign, DemoRunner demo, boolean terminal) {
        this.campaign = Objects.requireNonNull(campaign);
        this.demo = Objects.requireNonNull(demo);
        this.terminal = terminal;
    }

    public static void main(String[] args) {
        StartupWarmth.begin(args);
        // the runners are looked up when a command needs one: their classes start logging and Jackson,
        // which the warm-up thread is still initialising while the command line is parsed
        Main main = new Main((s, c) -> loadCampaign().run(s, c), (s, c) -> loadDemo().run(s, c),
                System.console() != null);
        System.exit(main.run(args, System.out, System.err, System.getenv()));
    }

    /**
     * Runs the command in-process with the registered runners and no terminal, for tests and
     * embedding. Never calls {@code System.exit}.
     *
     * @return the exit code ({@link ExitCodes})
     */
    public static int execute(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        return new Main(loadCampaign(), loadDemo(), false).run(args, out, err, env);
    }

    /** Parses {@code args}, resolves settings and runs the requested action; returns the exit code. */
    public int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        CommandLine cl = CommandBuilder.build(VersionInfo.version());
        cl.setExpandAtFiles(false); // an argument starting with '@' is a value, as in the Python tool
        cl.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(ConsoleIO.noColorEnv(env) || !terminal
                || HelpColor.off(args) ? CommandLine.Help.Ansi.OFF : CommandLine.Help.Ansi.AUTO));
        ParseResult parsed;
        try {
            parsed = cl.parseArgs(args);
        } catch (ParameterException e) {
            err.println(CommandBuilder.NAME + ": " + e.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
            err.println("Try '" + CommandBuilder.NAME + " --help' for more information.");
            return ExitCodes.USAGE;
        }
        try {
            if (CommandLine.printHelpIfRequested(parsed)) {
                return ExitCodes.OK;
            }
            ParseResult sub = parsed.subcommand();
            if (sub != null && sub.commandSpec().name().equals(CommandBuilder.COMPLETION)) {
                ((Runnable) sub.commandSpec().userObject()).run();
                return ExitCodes.OK;
            }
            if (sub != null && sub.commandSpec().name().equals(MergeCommand.NAME)) {
                return MergeCommand.run(sub, out, err);
            }
            if (sub != null && sub.commandSpec().name().equals(SweepCommand.NAME)) {
                return SweepCommand.run(sub, out, err);
            }
            if (parsed.hasMatchedOption(CommandBuilder.VALIDATE_CONFIG)) {
                return validateConfig(Path.of(parsed.matchedOptionValue(CommandBuilder.VALIDATE_CONFIG, "")), out, err);
            }
            if (parsed.hasMatchedOption(CommandBuilder.CHECK_ENV)) {
                EnvCheck.Report report = EnvCheck.check(env);
                report.lines().forEach(out::println);
                return report.valid() ? ExitCodes.OK : ExitCodes.USAGE;
            }
            List<String> envWarnings = EnvCheck.unknownVariables(env).stream()
                    .map(w -> CommandBuilder.NAME + ": warning: " + w).toList();
            if (sub != null && sub.commandSpec().name().equals(CommandBuilder.REPLAY)) {
                envWarnings.forEach(err::println);
                return ReplayCommand.run(parsed, sub, Arrays.asList(args), env, out, err);
            }
            boolean isDemo = sub != null && sub.commandSpec().name().equals(CommandBuilder.DEMO);
            List<ParseResult> layers = isDemo ? List.of(parsed, sub) : List.of(parsed);
            boolean printConfig = parsed.hasMatchedOption(CommandBuilder.PRINT_CONFIG);
            if (isDemo && parsed.hasMatchedOption(CommandBuilder.LIST)) {
                err.println(CommandBuilder.NAME + ": --list lists a server given with --endpoint; it does not apply to demo");
                return ExitCodes.USAGE;
            }
            SettingsResolver resolver = CliSettings.resolver(layers, Arrays.asList(args), env, !isDemo && !printConfig);
            Settings settings = resolver.resolve();
            if (printConfig) {
                envWarnings.forEach(err::println);
                return PrintConfig.print(settings, resolver.resolvedValues(), env,
                        settings.logging().format() == io.mcpfuzzer.config.OutputFormat.JSON, out);
            }
            LogSetup.apply(effectiveLogLevel(settings));
            ConsoleIO console = ConsoleIO.create(out, err, settings.logging(), env, terminal);
            envWarnings.forEach(console.err()::println); // dropped by --quiet
            if (settings.target().insecure()) {
                console.err().println(CommandBuilder.NAME + ": warning: --insecure: the certificate and host name of "
                        + "the https target are not verified; anyone on the network path can read and change the "
                        + "traffic (use --cacert CA.pem instead)");
            }
            LocaleCheck.warning().ifPresent(console.err()::println);
            InertOptions.warnings(settings).forEach(w -> console.err().println(CommandBuilder.NAME + ": warning: " + w));
            try {
                if (parsed.hasMatchedOption(CommandBuilder.LIST)) {
                    return SurfaceList.run(settings, console);
                }
                return isDemo ? demo.run(settings, console) : campaign.run(settings, console);
            } finally {
                console.progress().finish();
            }
        } catch (ConfigException e) {
            EnvCheck.unknownVariables(env).forEach(w -> err.println(CommandBuilder.NAME + ": warning: " + w));
            printProblems(err, "invalid configuration", e);
            return e.onlyEndpointSyntax() ? ExitCodes.ERROR : ExitCodes.USAGE;
        } catch (RuntimeException | Error e) {
            LoggerFactory.getLogger(Main.class).debug("internal error", e); // looked up here: see StartupWarmth
            String message = e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
            err.println(CommandBuilder.NAME + ": internal error: " + e.getClass().getName() + message
                    + " (run with --log-level DEBUG for the stack trace)");
            return ExitCodes.ERROR;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** {@code --quiet} from the environment or a config file lowers logs to ERROR too, unless --log-level is explicit. */
    private static io.mcpfuzzer.config.LogLevel effectiveLogLevel(Settings settings) {
        io.mcpfuzzer.config.LogLevel level = settings.logging().logLevel();
        io.mcpfuzzer.config.Origin origin = settings.provenance().origins()
                .get(io.mcpfuzzer.config.Options.LOG_LEVEL.key());
        boolean explicit = origin != null && origin.isExplicit();
        if (settings.logging().quiet() && !explicit && level.compareTo(io.mcpfuzzer.config.LogLevel.ERROR) < 0) {
            return io.mcpfuzzer.config.LogLevel.ERROR;
        }
        return level;
    }

    private static int validateConfig(Path file, PrintStream out, PrintStream err) {
        try {
            new SettingsResolver(Map.of()).configFile(file).requireTarget(false).resolve();
            out.println("OK Configuration file '" + file + "' is valid");
            return ExitCodes.OK;
        } catch (ConfigException e) {
            printProblems(err, "configuration file '" + file + "' is invalid", e);
            return ExitCodes.USAGE;
        }
    }

    private static void printProblems(PrintStream err, String heading, ConfigException e) {
        err.println(CommandBuilder.NAME + ": " + heading + ":");
        for (ConfigProblem p : e.problems()) {
            err.println("  " + p);
        }
    }

    private static CampaignRunner loadCampaign() {
        return ServiceLoader.load(CampaignRunner.class).findFirst().orElse(CampaignRunner.NOT_WIRED);
    }

    private static DemoRunner loadDemo() {
        return ServiceLoader.load(DemoRunner.class).findFirst().orElse(DemoRunner.NOT_WIRED);
    }
}
