package io.mcpfuzzer.safety;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The exact environment a local target gets. Nothing is inherited implicitly: the process layer
 * starts the target with {@code inheritEnvironment(false)} and this map, so the fuzzer's own
 * secrets (tokens, cloud credentials, proxies) never reach it. Stateless, thread-safe.
 *
 * <p>The map holds, in this order of precedence (later wins):
 * <ol>
 *   <li>{@code PATH} (the fuzzer's, or {@code /usr/local/bin:/usr/bin:/bin}), {@code LANG} (the
 *       fuzzer's, or {@code C.UTF-8}), {@code TERM} (the fuzzer's, or {@code dumb});
 *       {@code HOME} and {@code TMPDIR} pointing into the sandbox state directory;</li>
 *   <li>{@code --pass-env KEY}: copied from the fuzzer's environment when set there;</li>
 *   <li>{@code --env KEY=VALUE};</li>
 *   <li>with command shims: the shim directory is put first on {@code PATH} (even a user-given
 *       PATH) and {@code BROWSER} names the shimmed {@code sensible-browser}.</li>
 * </ol>
 */
public final class EnvironmentPolicy {
    private static final Pattern KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private EnvironmentPolicy() {}

    /**
     * @param parent  the fuzzer's environment (read only for PATH, LANG, TERM and --pass-env keys)
     * @param home    the sandbox home directory
     * @param tmp     the sandbox temp directory
     * @param shimDir the shim directory, or null without shims
     * @param env     {@code --env} assignments
     * @param passEnv {@code --pass-env} keys
     * @throws SafetyException for an invalid variable name
     */
    public static Map<String, String> build(Map<String, String> parent, Path home, Path tmp, Path shimDir,
            Map<String, String> env, List<String> passEnv) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("PATH", parent.getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin"));
        out.put("HOME", home.toString());
        out.put("TMPDIR", tmp.toString());
        out.put("LANG", parent.getOrDefault("LANG", "C.UTF-8"));
        out.put("TERM", parent.getOrDefault("TERM", "dumb"));
        for (String key : passEnv) {
            checkKey(key, "--pass-env");
            String value = parent.get(key);
            if (value != null) {
                out.put(key, value);
            }
        }
        env.forEach((k, v) -> {
            checkKey(k, "--env");
            out.put(k, v);
        });
        if (shimDir != null) {
            out.put("PATH", shimDir + ":" + out.get("PATH"));
            out.put("BROWSER", shimDir.resolve("sensible-browser").toString());
        }
        return out;
    }

    /**
     * Parses one {@code --env KEY=VALUE} (the value may be empty or contain {@code =}).
     *
     * @throws SafetyException when there is no {@code =} or the key is not a valid name
     */
    public static Map.Entry<String, String> parseAssignment(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new SafetyException("--env wants KEY=VALUE, not '" + text + "'");
        }
        String key = text.substring(0, eq);
        checkKey(key, "--env");
        return Map.entry(key, text.substring(eq + 1));
    }

    private static void checkKey(String key, String option) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw new SafetyException(option + ": '" + key + "' is not a valid environment variable name");
        }
    }
}
