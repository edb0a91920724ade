package io.mcpfuzzer.config;

import io.mcpfuzzer.transport.http.AuthConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@code --check-env}: validates every {@code MCP_FUZZER_*} variable in an environment without
 * running anything; and the warnings for {@code MCP_FUZZER_*} variables that are not settings
 * (usually a misspelling), printed before every run. Values that may carry secrets (headers,
 * endpoint, auth variables, any name that looks like a credential) are never echoed. Stateless.
 */
public final class EnvCheck {
    /** The variables read by {@code --auth-env}; recognised, and their values are secrets. */
    public static final List<String> AUTH_VARIABLES = List.of(AuthConfig.ENV_TOKEN, AuthConfig.ENV_API_KEY,
            AuthConfig.ENV_API_KEY_HEADER, AuthConfig.ENV_HEADER);
    /** Recognised variables that are not options. */
    private static final Set<String> OTHER_KNOWN = Set.of(SettingsResolver.CONFIG_ENV, "MCP_FUZZER_CI",
            "MCP_FUZZER_IN_DOCKER", AuthConfig.ENV_TOKEN, AuthConfig.ENV_API_KEY, AuthConfig.ENV_API_KEY_HEADER,
            AuthConfig.ENV_HEADER);
    private static final Set<String> SECRET = Set.of(Options.HEADERS.envName(), Options.ENV.envName(),
            Options.ENDPOINT.envName(), AuthConfig.ENV_TOKEN, AuthConfig.ENV_API_KEY, AuthConfig.ENV_HEADER);
    private static final Pattern SECRET_NAME = Pattern.compile("TOKEN|KEY|SECRET|PASSW|AUTH|CREDENTIAL|COOKIE|HEADER");
    private static final int MAX_SUGGESTION_DISTANCE = 3;

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
            String shown = name + "=" + shownValue(name, e.getValue());
            if (def == null) {
                lines.add(OTHER_KNOWN.contains(name) ? "OK " + shown : "WARN " + shown + " (" + notASetting(name) + ")");
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

    /**
     * One warning per {@code MCP_FUZZER_*} variable that no setting reads, in name order, with a
     * "did you mean" when a known variable is near (Levenshtein distance below 3). Never echoes values.
     */
    public static List<String> unknownVariables(Map<String, String> env) {
        List<String> out = new ArrayList<>();
        for (String name : new TreeMap<>(env).keySet()) {
            if (name.startsWith(OptionDef.ENV_PREFIX) && Options.byEnvName(name) == null && !OTHER_KNOWN.contains(name)) {
                out.add("environment variable " + name + " is ignored: " + notASetting(name));
            }
        }
        return out;
    }

    /**
     * The value as --check-env shows it: quoted, or {@code (value hidden)} for the secret options and
     * for any other variable whose name looks like a credential.
     */
    static String shownValue(String name, String value) {
        boolean secret = SECRET.contains(name) || Options.byEnvName(name) == null
                && SECRET_NAME.matcher(name.substring(OptionDef.ENV_PREFIX.length()).toUpperCase(Locale.ROOT)).find();
        return secret ? "(value hidden)" : ValueType.quote(value);
    }

    private static String notASetting(String name) {
        String best = null;
        int bestDistance = MAX_SUGGESTION_DISTANCE;
        List<String> known = new ArrayList<>(OTHER_KNOWN);
        Options.ALL.forEach(d -> known.add(d.envName()));
        for (String candidate : known) {
            int d = UnknownKeys.distance(name, candidate, bestDistance);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return best == null ? "not a setting" : "not a setting; did you mean " + best + "?";
    }
}
