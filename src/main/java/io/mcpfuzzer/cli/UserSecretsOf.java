package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.report.UserSecrets;
import io.mcpfuzzer.transport.http.AuthConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The secret values a user gave for one run: every {@code --header} value, the headers built from
 * {@code --auth-config} and {@code --auth-env}, and the values of credential-named environment
 * variables set for or passed to the server ({@code --env GITHUB_TOKEN=...}, {@code --pass-env}), and the
 * OAuth client secret and private key ({@link OAuthSecrets}).
 * Other environment values (paths, flags) are evidence and stay. Stateless.
 */
final class UserSecretsOf {
    private static final Logger LOG = LoggerFactory.getLogger(UserSecretsOf.class);

    private UserSecretsOf() {}

    static UserSecrets settings(Settings s, Map<String, String> environment) {
        List<String> values = new ArrayList<>();
        Settings.Target t = s.target();
        if (t.headers() != null) {
            values.addAll(t.headers().values());
        }
        if (t.authConfig() != null) {
            try {
                values.addAll(AuthConfig.load(t.authConfig()).values());
            } catch (RuntimeException e) { // the target setup reports the bad file; redaction must still start
                LOG.warn("auth config {} not read for redaction: {}", t.authConfig(), e.getMessage());
            }
        }
        if (t.authEnv()) {
            values.addAll(AuthConfig.fromEnv(environment).values());
        }
        values.addAll(OAuthSecrets.of(s.oauth()));
        Settings.Safety safety = s.safety();
        if (safety != null) {
            values.addAll(UserSecrets.credentialValues(safety.env()));
            if (safety.passEnv() != null) {
                for (String name : safety.passEnv()) {
                    if (environment.get(name) != null) {
                        values.addAll(UserSecrets.credentialValues(Map.of(name, environment.get(name))));
                    }
                }
            }
        }
        return UserSecrets.of(values);
    }
}
