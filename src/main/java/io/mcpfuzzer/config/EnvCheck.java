package io.mcpfuzzer.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code --check-env}: validates every {@code MCP_FUZZER_*} variable in an environment without
 * running anything. Values of options that may carry secrets are not echoed.
 */
public final class EnvCheck {
    /** Recognised variables that are not options. */
    private static final Set<String> OTHER_KNOWN = Set.of(SettingsResolver.CONFIG_ENV, "MCP_FUZZER_CI",
            "MCP_FUZZER_IN_DOCKER");
    private static final Set<String> SECRET = Set.of(Options.HEADERS.envName(), Options.ENV.envName(),
            Options.ENDPOINT.envName());

    /**
     * @param lines human lines, one per variable, then a verdict line
     * @param valid false when any option variable has an invalid value
     */
    public record Report(List<String> lines, boolean valid) {}

    private EnvCheck() {}

    public static Report check(Map<String, String> env) {
        List<String> lines = new ArrayList<>();
        lines.add("Environment variables check:");
        boolean valid = true;
        int seen = 0;
        for (Map.Entry<String, String> e : new TreeMap<>(env).entrySet()) {
            String name = e.getKey();
            if (!name.startsWith(OptionDef.ENV_PREFIX)) {
                continue;
            }
            seen++;
            OptionDef<?> def = Options.byEnvName(name);
            String shown = name + "=" + (SECRET.contains(name) ? "(value hidden)" : ValueType.quote(e.getValue()));
            if (def == null) {
                lines.add((OTHER_KNOWN.contains(name) ? "OK " : "WARN ") + shown
                        + (OTHER_KNOWN.contains(name) ? "" : " (not an option; ignored)"));
                continue;
            }
            try {
                if (!e.getValue().isEmpty()) {
                    def.type().parse(e.getValue());
                }
                lines.add("OK " + shown);
            } catch (IllegalArgumentException ex) {
                valid = false;
                lines.add("X " + shown + " (" + ex.getMessage() + ")");
            }
        }
        if (seen == 0) {
            lines.add("No " + OptionDef.ENV_PREFIX + "* variables are set");
        }
        lines.add(valid ? "All environment variables are valid" : "Some environment variables have invalid values");
        return new Report(List.copyOf(lines), valid);
    }
}
