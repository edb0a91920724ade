package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.transport.http.oauth.OAuthClient;
import io.mcpfuzzer.transport.http.oauth.OAuthConfig;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Turns the {@code --oauth*} settings into the OAuth client of an HTTP target. Stateless. */
final class OAuthSetup {
    /** Largest private key file read. */
    static final long MAX_KEY_BYTES = 64 * 1024;

    private OAuthSetup() {}

    /**
     * @param timeout bound of each OAuth HTTP exchange
     * @param tls     the target's TLS trust ({@code --cacert}, {@code --insecure}), or null
     * @throws IllegalArgumentException for an unreadable or unusable private key (one line, no key material)
     */
    static OAuthClient client(URI endpoint, Settings.OAuth o, Duration timeout, javax.net.ssl.SSLContext tls) {
        return new OAuthClient(endpoint, config(o, timeout, System.getenv()),
                line -> System.err.println("mcp-fuzzer: " + line), tls);
    }

    static OAuthConfig config(Settings.OAuth o, Duration timeout, Map<String, String> env) {
        return new OAuthConfig(o.grant(), o.clientId(), o.clientSecret(), o.scopes(), o.clientIdMetadataUrl(),
                privateKey(o.privateKeyFile()), o.signingAlg(), o.openBrowser(), o.headless(),
                o.noTokenCache() ? null : tokenCacheFile(env), timeout, null);
    }

    /** The private key PEM, or null when none is configured. */
    static String privateKey(Path file) {
        if (file == null) {
            return null;
        }
        try {
            if (Files.size(file) > MAX_KEY_BYTES) {
                throw new IllegalArgumentException("--oauth-private-key-file " + file + " is larger than 64 KiB");
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read --oauth-private-key-file " + file + ": "
                    + e.getClass().getSimpleName(), e);
        }
    }

    /** {@code $XDG_CACHE_HOME/mcp-fuzzer/oauth-tokens.json}, else {@code ~/.cache/mcp-fuzzer/oauth-tokens.json}. */
    static Path tokenCacheFile(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(env.getOrDefault("HOME", System.getProperty("user.home")), ".cache");
        return base.resolve("mcp-fuzzer").resolve("oauth-tokens.json");
    }
}
