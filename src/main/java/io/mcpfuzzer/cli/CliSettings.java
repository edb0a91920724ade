package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.ConfigException;
import io.mcpfuzzer.config.ConfigProblem;
import io.mcpfuzzer.config.OptionDef;
import io.mcpfuzzer.config.Options;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.config.SettingsResolver;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Hands the options that were explicitly given on the command line (detected with
 * {@link ParseResult#hasMatchedOption}, so a value equal to the default still counts) to the
 * config layer as raw text.
 */
final class CliSettings {
    private CliSettings() {}

    /**
     * @param layers parse results in increasing precedence (the top-level command, then a
     *               subcommand such as {@code demo}); for each option the last layer that has it wins
     */
    static Settings resolve(List<ParseResult> layers, List<String> argv, Map<String, String> env,
            boolean requireTarget) {
        return resolver(layers, argv, env, requireTarget).resolve();
    }

    /**
     * The resolver with every command-line layer applied, not yet resolved. {@code -v}/{@code -vv}
     * become {@code --log-level INFO}/{@code DEBUG} and a command-line {@code --quiet} becomes
     * {@code --log-level ERROR}, unless {@code --log-level} itself is on the command line;
     * {@code --quiet} with {@code -v} is a usage error.
     */
    static SettingsResolver resolver(List<ParseResult> layers, List<String> argv, Map<String, String> env,
            boolean requireTarget) {
        SettingsResolver resolver = new SettingsResolver(env)
                .discoverConfigIn(SettingsResolver.defaultDiscoveryDirs(Path.of("").toAbsolutePath(), env))
                .requireTarget(requireTarget)
                .argv(argv);
        List<ConfigProblem> conflicts = new ArrayList<>();
        for (ParseResult parsed : layers) {
            if (parsed.hasMatchedOption(CommandBuilder.CONFIG)) {
                resolver.configFile(Path.of(parsed.matchedOptionValue(CommandBuilder.CONFIG, "")));
            }
            for (OptionDef<?> def : Options.ALL) {
                boolean on = parsed.hasMatchedOption(def.longName());
                boolean off = def.negation() != null && parsed.hasMatchedOption(def.negation());
                if (on && off) {
                    conflicts.add(ConfigProblem.usage("option " + def.longName(), def.key(),
                            def.longName() + " and " + def.negation() + " cannot be used together"));
                } else if (off) {
                    resolver.commandLine(def, Boolean.FALSE);
                } else if (on) {
                    resolver.commandLine(def, raw(def, parsed.matchedOption(def.longName())));
                }
            }
        }
        int verbose = 0;
        boolean quiet = false;
        boolean logLevel = false;
        for (ParseResult parsed : layers) {
            verbose += parsed.hasMatchedOption(CommandBuilder.VERBOSE)
                    ? parsed.matchedOptionValue(CommandBuilder.VERBOSE, new boolean[0]).length : 0;
            quiet |= parsed.hasMatchedOption(Options.QUIET.longName());
            logLevel |= parsed.hasMatchedOption(Options.LOG_LEVEL.longName());
        }
        if (verbose > 0 && quiet) {
            conflicts.add(ConfigProblem.usage("option " + CommandBuilder.VERBOSE, Options.QUIET.key(),
                    "--quiet and --verbose cannot be used together"));
        }
        if (!conflicts.isEmpty()) {
            throw new ConfigException(conflicts);
        }
        if (!logLevel && (verbose > 0 || quiet)) {
            resolver.commandLine(Options.LOG_LEVEL, quiet ? "ERROR" : verbose == 1 ? "INFO" : "DEBUG");
        }
        return resolver;
    }

    private static Object raw(OptionDef<?> def, OptionSpec matched) {
        if (def.type().isFlag()) {
            return Boolean.TRUE;
        }
        List<String> values = new ArrayList<>(matched.stringValues());
        if (def.type().isList()) {
            return values;
        }
        return values.isEmpty() ? "" : values.get(values.size() - 1);
    }
}
