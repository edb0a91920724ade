package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.OptionDef;
import io.mcpfuzzer.config.OptionGroup;
import io.mcpfuzzer.config.Options;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Builds the picocli model from the option catalogue {@link Options#ALL}, so that the command
 * line, help, completion and the config/environment keys can never drift apart. Every option is
 * declared with String values: conversion and validation happen in the config layer, which
 * gives the same messages for all sources.
 */
final class CommandBuilder {
    static final String NAME = "mcp-fuzzer";
    static final String CONFIG = "--config";
    static final String VALIDATE_CONFIG = "--validate-config";
    static final String CHECK_ENV = "--check-env";
    static final String DEMO = "demo";
    static final String COMPLETION = "generate-completion";
    static final String REPLAY = "replay";
    static final String FINDING = "--finding";
    static final String VERBOSE = "--verbose";
    static final String LIST = "--list";
    static final String PRINT_CONFIG = "--print-config";
    /** Short names of catalogue options. */
    private static final Map<String, String> SHORT = Map.of(Options.QUIET.longName(), "-q");

    private CommandBuilder() {}

    /** The top-level command with its hidden completion subcommand and the demo subcommand. */
    static CommandLine build(String version) {
        CommandSpec spec = CommandSpec.create().name(NAME).version(NAME + " " + version);
        spec.usageMessage()
                .description("Evidence-producing black-box security fuzzer for MCP (Model Context Protocol) servers.")
                .sortOptions(false)
                .customSynopsis(NAME + " [OPTIONS] --endpoint TARGET",
                        "       " + NAME + " demo [OPTIONS]",
                        "       " + NAME + " merge DIR... --output-dir OUT",
                        "       " + NAME + " sweep TARGETS.yml [--parallel N] [--output-dir OUT]",
                        "       " + NAME + " replay PATH [--finding ID] [OPTIONS]",
                        "       " + NAME + " --validate-config FILE | --check-env | --version | --help",
                        "");
        addGeneral(spec, true);
        addCatalogue(spec);
        addFooter(spec);
        CommandLine cl = new CommandLine(spec);
        CommandSpec demo = CommandSpec.create().name(DEMO);
        demo.usageMessage().sortOptions(false).customSynopsis(NAME + " demo [OPTIONS]", "").description("Fuzz a built-in, deliberately vulnerable MCP server (no setup needed).");
        addGeneral(demo, false);
        addCatalogue(demo);
        addFooter(demo);
        cl.addSubcommand(DEMO, new CommandLine(demo));
        cl.addSubcommand(MergeCommand.NAME, new CommandLine(MergeCommand.spec())); // scale-out (issue 18)
        cl.addSubcommand(SweepCommand.NAME, new CommandLine(SweepCommand.spec()));
        cl.addSubcommand(REPLAY, new CommandLine(replay()));
        CommandLine completion = new CommandLine(new AutoComplete.GenerateCompletion());
        completion.getCommandSpec().usageMessage().hidden(true);
        cl.addSubcommand(COMPLETION, completion);
        return cl;
    }

    /** {@code replay PATH [--finding ID]} with the same target options (which override the recorded target). */
    private static CommandSpec replay() {
        CommandSpec replay = CommandSpec.create().name(REPLAY);
        replay.usageMessage().sortOptions(false).customSynopsis(NAME + " replay PATH [--finding ID] [OPTIONS]", "")
                .description("Send the recorded request of each finding again, to a fresh target, and say whether "
                        + "it reproduced (exit 3 when any did, 0 when none did). PATH: an output directory, a "
                        + "findings.json or a crashes/*.json. The target is the one in run_summary.json unless "
                        + "--endpoint is given.");
        replay.addPositional(CommandLine.Model.PositionalParamSpec.builder().paramLabel("PATH").arity("1")
                .type(String.class).description("Output directory, findings.json or crashes/*.json").build());
        ArgGroupSpec.Builder g = ArgGroupSpec.builder().heading("%nReplay:%n").exclusive(false).validate(false)
                .multiplicity("0..1").order(0);
        g.addArg(OptionSpec.builder(FINDING).paramLabel("ID").type(String.class)
                .description("Replay only the finding with this id (fingerprint); a unique prefix is enough").build());
        replay.addArgGroup(g.build());
        addGeneral(replay, false);
        addCatalogue(replay);
        addFooter(replay);
        return replay;
    }

    private static void addGeneral(CommandSpec spec, boolean utilities) {
        ArgGroupSpec.Builder g = ArgGroupSpec.builder().heading("%nGeneral:%n").exclusive(false).validate(false)
                .multiplicity("0..1").order(0);
        g.addArg(OptionSpec.builder("-c", CONFIG).paramLabel("FILE").type(String.class)
                .description("YAML config file (.yml/.yaml); default: $MCP_FUZZER_CONFIG, else mcp-fuzzer.yml "
                        + "or mcp-fuzzer.yaml in the working directory or ~/.config/mcp-fuzzer").build());
        if (utilities) {
            g.addArg(OptionSpec.builder(VALIDATE_CONFIG).paramLabel("FILE").type(String.class)
                    .description("Fully validate a config file (keys, types, ranges), print the result and exit").build());
            g.addArg(OptionSpec.builder(CHECK_ENV).arity("0").type(boolean.class)
                    .description("Validate every MCP_FUZZER_* environment variable, print the result and exit").build());
            g.addArg(OptionSpec.builder(PRINT_CONFIG).arity("0").type(boolean.class)
                    .description("Print every resolved setting with where it came from (default, config file:line, "
                            + "environment variable, option), secrets redacted, and exit").build());
            g.addArg(OptionSpec.builder(LIST).arity("0").type(boolean.class)
                    .description("Connect, print the server's tools (with parameters), resources, resource "
                            + "templates, prompts, server info and capabilities, and exit without fuzzing").build());
        }
        g.addArg(OptionSpec.builder("-v", VERBOSE).arity("0").type(boolean[].class)
                .description("More log output: -v is --log-level INFO, -vv DEBUG (--log-level on the command line wins)")
                .build());
        g.addArg(OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help and exit").build());
        if (utilities) {
            g.addArg(OptionSpec.builder("--version").versionHelp(true).description("Print the version and exit")
                    .build());
        }
        spec.addArgGroup(g.build());
    }

    private static void addCatalogue(CommandSpec spec) {
        int order = 1;
        for (OptionGroup group : OptionGroup.values()) {
            ArgGroupSpec.Builder g = ArgGroupSpec.builder().heading("%n" + group.title() + ":%n").exclusive(false)
                    .validate(false).multiplicity("0..1").order(order++);
            for (OptionDef<?> def : Options.ALL) {
                if (def.group() == group) {
                    g.addArg(option(def));
                    if (def.negation() != null) {
                        g.addArg(OptionSpec.builder(def.negation()).arity("0").type(boolean.class)
                                .description("Turn " + def.longName() + " off").build());
                    }
                }
            }
            spec.addArgGroup(g.build());
        }
    }

    private static OptionSpec option(OptionDef<?> def) {
        String help = def.description() + (def.defaultText() == null ? "" : " (default: " + def.defaultText() + ")");
        OptionSpec.Builder b = (SHORT.containsKey(def.longName())
                ? OptionSpec.builder(SHORT.get(def.longName()), def.longName()) : OptionSpec.builder(def.longName()))
                .description(help.replace("%", "%%"));
        if (def.type().isFlag()) {
            return b.arity("0").type(boolean.class).build();
        }
        b.paramLabel(def.paramLabel()).arity("1");
        if (def.type().isList()) {
            b.type(List.class).auxiliaryTypes(String.class);
            if (def.cliSplitRegex() != null) {
                b.splitRegex(def.cliSplitRegex()).hideParamSyntax(true);
            }
        } else {
            b.type(String.class);
        }
        return b.build();
    }

    private static void addFooter(CommandSpec spec) {
        Map<String, String> codes = new LinkedHashMap<>();
        codes.put(String.valueOf(ExitCodes.OK), "Done (findings below --fail-on do not fail the run)");
        codes.put(String.valueOf(ExitCodes.ERROR), "Error: target not startable or reachable, I/O failure (an export not written), bad stdio command, or the fuzzer could not go on (reports still written, status error)");
        codes.put(String.valueOf(ExitCodes.USAGE), "Invalid options or configuration; no --tool name exists on the server; or no tool fuzzed with --fail-if-no-tools");
        codes.put(String.valueOf(ExitCodes.FINDINGS), "A finding at or above --fail-on SEVERITY");
        codes.put(String.valueOf(ExitCodes.INTERRUPTED), "Interrupted (partial reports are written)");
        spec.usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes)
                .footerHeading("%nPrecedence:%n")
                .footer("  command line > environment > config file > defaults",
                        "  Environment: MCP_FUZZER_<OPTION>, e.g. MCP_FUZZER_RUNS=20 (lists: a,b).",
                        "  Config file: the option name in snake_case, e.g. runs_per_type: 3.",
                        "  A command-line option always wins, even when it equals the default.",
                        "  -v/-vv and -q set the log level unless --log-level is on the command line.",
                        "",
                        "Examples:",
                        "  " + NAME + " demo",
                        "  " + NAME + " --endpoint 'python3 server.py' --list",
                        "  " + NAME + " --endpoint 'python3 server.py' --runs 20 --fail-on high",
                        "  " + NAME + " --endpoint https://host/mcp --cacert ca.pem --export-sarif f.sarif",
                        "  " + NAME + " --endpoint 'node index.js' --format json -q | jq .findings",
                        "  " + NAME + " --endpoint 'node index.js' --print-config",
                        "",
                        "Shell completion (bash, zsh):",
                        "  source <(" + NAME + " generate-completion)",
                        "",
                        "Documentation: README.md and docs/cli.md");
    }
}
