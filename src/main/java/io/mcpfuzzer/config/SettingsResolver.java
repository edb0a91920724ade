package io.mcpfuzzer.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Builds {@link Settings} from the four sources, highest precedence first: explicit command-line
 * options, environment variables {@code MCP_FUZZER_<KEY>}, the YAML config file, defaults.
 * Explicitness is decided by the caller (an option given on the command line wins even when its
 * value equals the default). Every value from every source is validated, even when a higher
 * source overrides it, and all problems are reported together.
 *
 * <p>The config file is {@code --config} if given, else {@code $MCP_FUZZER_CONFIG}, else the
 * first of {@code mcp-fuzzer.yml}, {@code mcp-fuzzer.yaml} found in the discovery directories.
 *
 * <p>Single use, not thread-safe. Knows nothing of the command-line library.
 */
public final class SettingsResolver {
    /** Environment variable naming the config file. */
    public static final String CONFIG_ENV = OptionDef.ENV_PREFIX + "CONFIG";
    /** File names looked for in each discovery directory, in order. */
    public static final List<String> DISCOVERED_NAMES = List.of("mcp-fuzzer.yml", "mcp-fuzzer.yaml");

    private final Map<String, String> env;
    private final Map<OptionDef<?>, Object> commandLine = new LinkedHashMap<>();
    private Path explicitConfig;
    private List<Path> discoveryDirs = List.of();
    private boolean requireTarget;
    private List<String> argv = List.of();
    private ResolvedValues lastValues;
    /** Thread-safe; one per JVM (SpotBugs DMI_RANDOM_USED_ONLY_ONCE). */
    private static final SecureRandom SEEDS = new SecureRandom();

    private LongSupplier seedSource = () -> SEEDS.nextLong() & Long.MAX_VALUE;

    /** @param env the process environment (never null; copied) */
    public SettingsResolver(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    /**
     * Records an option given explicitly on the command line.
     *
     * @param raw a String (one value), a List of String (repeatable option, one per occurrence) or
     *            a Boolean (flag: true for the option, false for its negation)
     */
    public SettingsResolver commandLine(OptionDef<?> def, Object raw) {
        commandLine.put(Objects.requireNonNull(def), Objects.requireNonNull(raw));
        return this;
    }

    /** The config file given with {@code --config}, or null. */
    public SettingsResolver configFile(Path path) {
        this.explicitConfig = path;
        return this;
    }

    /** Directories searched for a config file when none is named (see {@link #defaultDiscoveryDirs}). */
    public SettingsResolver discoverConfigIn(List<Path> dirs) {
        this.discoveryDirs = List.copyOf(dirs);
        return this;
    }

    /** When true, a missing {@code --endpoint} is a problem. */
    public SettingsResolver requireTarget(boolean require) {
        this.requireTarget = require;
        return this;
    }

    /** The fuzzer's own arguments, recorded in {@link Settings.Provenance}. */
    public SettingsResolver argv(List<String> args) {
        this.argv = List.copyOf(args);
        return this;
    }

    /** Source of a seed when none is given (default: a secure random non-negative long). */
    public SettingsResolver seedSource(LongSupplier source) {
        this.seedSource = Objects.requireNonNull(source);
        return this;
    }

    /** The working directory, then {@code $XDG_CONFIG_HOME/mcp-fuzzer} or {@code $HOME/.config/mcp-fuzzer}. */
    public static List<Path> defaultDiscoveryDirs(Path cwd, Map<String, String> env) {
        List<Path> dirs = new ArrayList<>();
        dirs.add(cwd);
        String xdg = env.get("XDG_CONFIG_HOME");
        String home = env.get("HOME");
        if (xdg != null && !xdg.isBlank()) {
            dirs.add(Path.of(xdg, "mcp-fuzzer"));
        } else if (home != null && !home.isBlank()) {
            dirs.add(Path.of(home, ".config", "mcp-fuzzer"));
        }
        return dirs;
    }

    /** The config file {@link #resolve} reads, or null when there is none. */
    public Path configPath() {
        if (explicitConfig != null) {
            return explicitConfig;
        }
        String fromEnv = env.get(CONFIG_ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Path.of(fromEnv);
        }
        for (Path dir : discoveryDirs) {
            for (String name : DISCOVERED_NAMES) {
                Path candidate = dir.resolve(name);
                if (Files.isRegularFile(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    /**
     * Resolves and validates every option.
     *
     * @throws ConfigException listing every problem (file, line and key for config-file problems;
     *     the variable for environment problems; the option for command-line problems)
     */
    public Settings resolve() {
        List<ConfigProblem> problems = new ArrayList<>();
        ConfigFile file = null;
        Path path = configPath();
        if (path != null) {
            try {
                file = ConfigFile.read(path);
            } catch (ConfigException e) {
                problems.addAll(e.problems());
            }
        }
        if (file != null) {
            UnknownKeys.check(file, problems);
        }
        ResolvedValues values = new ResolvedValues();
        for (OptionDef<?> def : Options.ALL) {
            resolveOne(def, file, values, problems);
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        SettingsChecks checks = new SettingsChecks(values, requireTarget, env, seedSource);
        problems.addAll(checks.run());
        if (!problems.isEmpty()) {
            throw new ConfigException(problems);
        }
        lastValues = values;
        return SettingsAssembler.assemble(values, checks, file, argv);
    }

    /**
     * Every option's resolved value (null = unset), in {@link Options#ALL} order, after a successful
     * {@link #resolve}; empty before. For printing the effective configuration.
     */
    public Map<OptionDef<?>, Object> resolvedValues() {
        Map<OptionDef<?>, Object> out = new LinkedHashMap<>();
        if (lastValues != null) {
            Options.ALL.forEach(def -> out.put(def, lastValues.get(def)));
        }
        return out;
    }

    private <T> void resolveOne(OptionDef<T> def, ConfigFile file, ResolvedValues out, List<ConfigProblem> problems) {
        int before = problems.size();
        T fileValue = null;
        Origin fileOrigin = null;
        if (file != null) {
            String foundKey = null;
            for (String key : fileKeys(def)) {
                ConfigFile.Entry entry = file.entries().get(key);
                if (entry == null) {
                    continue;
                }
                if (foundKey != null) {
                    problems.add(ConfigProblem.usage(file.where(entry), key,
                            "sets the same option as '" + foundKey + "'; keep one"));
                    continue;
                }
                foundKey = key;
                try {
                    fileValue = def.type().fromNode(entry.value());
                    fileOrigin = new Origin(Origin.Kind.CONFIG_FILE, file.where(entry));
                } catch (IllegalArgumentException e) {
                    problems.add(ConfigProblem.usage(file.where(entry), key, e.getMessage()));
                }
            }
        }
        T envValue = null;
        String envText = env.get(def.envName());
        if (envText != null && !envText.isEmpty()) {
            try {
                envValue = def.type().parse(envText);
            } catch (IllegalArgumentException e) {
                problems.add(ConfigProblem.usage("environment variable " + def.envName(), def.key(), e.getMessage()));
            }
        }
        T cliValue = null;
        Object raw = commandLine.get(def);
        String cliName = Boolean.FALSE.equals(raw) && def.negation() != null ? def.negation() : def.longName();
        if (raw != null) {
            try {
                cliValue = fromCommandLine(def, raw);
            } catch (IllegalArgumentException e) {
                problems.add(ConfigProblem.usage("option " + cliName, def.key(), e.getMessage()));
            }
        }
        if (problems.size() > before) {
            out.put(def, def.defaultValue(), Origin.DEFAULT);
        } else if (cliValue != null) {
            out.put(def, cliValue, new Origin(Origin.Kind.COMMAND_LINE, "option " + cliName));
        } else if (envValue != null) {
            out.put(def, envValue, new Origin(Origin.Kind.ENVIRONMENT, "environment variable " + def.envName()));
        } else if (fileValue != null) {
            out.put(def, fileValue, fileOrigin);
        } else {
            out.put(def, def.defaultValue(), Origin.DEFAULT);
        }
    }

    private static List<String> fileKeys(OptionDef<?> def) {
        List<String> keys = new ArrayList<>();
        keys.add(def.key());
        keys.addAll(def.fileAliases());
        return keys;
    }

    @SuppressWarnings("unchecked")
    private static <T> T fromCommandLine(OptionDef<T> def, Object raw) {
        if (raw instanceof Boolean b) {
            if (!def.type().isFlag()) {
                throw new IllegalArgumentException("expected a value");
            }
            return (T) b;
        }
        if (raw instanceof List<?> list) {
            if (!def.type().isList()) {
                throw new IllegalArgumentException("given more than once");
            }
            List<String> texts = new ArrayList<>();
            for (Object o : list) {
                texts.add(String.valueOf(o));
            }
            return (T) ValueType.fromTexts(def.type(), texts);
        }
        if (def.type().isList()) {
            return (T) ValueType.fromTexts(def.type(), List.of(raw.toString()));
        }
        return def.type().parse(raw.toString());
    }
}
