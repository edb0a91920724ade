package io.mcpfuzzer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OAuthSettingsTest {
    private static SettingsResolver resolver(Map<String, String> env) {
        return new SettingsResolver(env).seedSource(() -> 7L);
    }

    @Test
    void offByDefaultAndEveryOptionReadableFromFlagsAndEnvironment() {
        assertThat(resolver(Map.of()).resolve().oauth().enabled()).isFalse();
        Settings.OAuth o = resolver(Map.of("MCP_FUZZER_OAUTH", "true", "MCP_FUZZER_OAUTH_CLIENT_SECRET", "s3cret-value"))
                .commandLine(Options.OAUTH_CLIENT_ID, "cid").commandLine(Options.OAUTH_SCOPE, "a b,c")
                .commandLine(Options.OAUTH_GRANT, "client_credentials")
                .commandLine(Options.OAUTH_PRIVATE_KEY_FILE, "k.pem").commandLine(Options.OAUTH_HEADLESS, true)
                .commandLine(Options.OAUTH_NO_TOKEN_CACHE, true).resolve().oauth();
        assertThat(o.enabled()).isTrue();
        assertThat(o.clientId()).isEqualTo("cid");
        assertThat(o.clientSecret()).isEqualTo("s3cret-value");
        assertThat(o.scopes()).containsExactly("a", "b", "c");
        assertThat(o.grant()).isEqualTo("client_credentials");
        assertThat(o.privateKeyFile()).isEqualTo(Path.of("k.pem"));
        assertThat(o.headless()).isTrue();
        assertThat(o.noTokenCache()).isTrue();
        assertThat(o.signingAlg()).isEqualTo("ES256");
        assertThat(o.toString()).doesNotContain("s3cret-value");
    }

    @Test
    void oauthSubOptionsWithoutOauthAndBadCombinationsAreUsageErrors() {
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.OAUTH_CLIENT_ID, "x").resolve())
                .hasMessageContaining("--oauth-client-id needs --oauth");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.OAUTH, true)
                .commandLine(Options.OAUTH_HEADLESS, true).commandLine(Options.OAUTH_OPEN_BROWSER, true).resolve())
                .hasMessageContaining("exclude each other");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.OAUTH, true)
                .commandLine(Options.OAUTH_CLIENT_ID_METADATA_URL, "http://x/cimd.json").resolve())
                .hasMessageContaining("https://");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.OAUTH, true)
                .commandLine(Options.OAUTH_GRANT, "password").resolve()).hasMessageContaining("grant");
        assertThat(List.of(Options.OAUTH_CLIENT_SECRET.envName())).containsExactly("MCP_FUZZER_OAUTH_CLIENT_SECRET");
    }
}
