package io.mcpfuzzer.safety;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The user's safety choices, as given on the command line or in the config file. Immutable.
 *
 * @param argumentRules {@code true} unless {@code --no-safety}
 * @param fsRoot        {@code --fs-root}, or null
 * @param commandShims  {@code --enable-safety-system}
 * @param noNetwork     {@code --no-network}
 * @param allowHosts    {@code --allow-host HOST[:PORT]} entries (the fuzzer's own connections)
 * @param env           {@code --env KEY=VALUE} for the target
 * @param passEnv       {@code --pass-env KEY} for the target
 * @param sandbox       {@code --sandbox}
 * @param workingDir    the target's working directory, or null for the fuzzer's own
 * @param stateDir      where sandbox home/tmp, shims and the shim log go; null for a fresh temp
 *                      directory that is deleted on {@link SafetyContext#close()}
 */
public record SafetyOptions(boolean argumentRules, Path fsRoot, boolean commandShims, boolean noNetwork,
        List<String> allowHosts, Map<String, String> env, List<String> passEnv, SandboxMode sandbox,
        Path workingDir, Path stateDir) {

    public SafetyOptions {
        allowHosts = List.copyOf(allowHosts);
        env = Map.copyOf(env);
        passEnv = List.copyOf(passEnv);
        Objects.requireNonNull(sandbox, "sandbox");
    }

    /** Defaults: argument rules on, everything else off, {@code --sandbox none}. */
    public static Builder builder() {
        return new Builder();
    }

    /** Mutable builder; not thread-safe. */
    public static final class Builder {
        private boolean argumentRules = true;
        private Path fsRoot;
        private boolean commandShims;
        private boolean noNetwork;
        private final List<String> allowHosts = new ArrayList<>();
        private final Map<String, String> env = new LinkedHashMap<>();
        private final List<String> passEnv = new ArrayList<>();
        private SandboxMode sandbox = SandboxMode.NONE;
        private Path workingDir;
        private Path stateDir;

        public Builder argumentRules(boolean on) {
            this.argumentRules = on;
            return this;
        }

        public Builder fsRoot(Path root) {
            this.fsRoot = root;
            return this;
        }

        public Builder commandShims(boolean on) {
            this.commandShims = on;
            return this;
        }

        public Builder noNetwork(boolean on) {
            this.noNetwork = on;
            return this;
        }

        public Builder allowHost(String hostPort) {
            this.allowHosts.add(hostPort);
            return this;
        }

        public Builder env(String key, String value) {
            this.env.put(key, value);
            return this;
        }

        public Builder passEnv(String key) {
            this.passEnv.add(key);
            return this;
        }

        public Builder sandbox(SandboxMode mode) {
            this.sandbox = mode;
            return this;
        }

        public Builder workingDir(Path dir) {
            this.workingDir = dir;
            return this;
        }

        public Builder stateDir(Path dir) {
            this.stateDir = dir;
            return this;
        }

        public SafetyOptions build() {
            return new SafetyOptions(argumentRules, fsRoot, commandShims, noNetwork, allowHosts, env, passEnv,
                    sandbox, workingDir, stateDir);
        }
    }
}
