package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.report.UserSecrets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OAuthSecretsTest {
    @TempDir
    Path dir;

    @Test
    void theClientSecretAndEveryLineOfThePrivateKeyAreMasked() throws Exception {
        Path key = dir.resolve("k.pem");
        Files.writeString(key, "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n"
                + "Zm9vYmFyYmF6cXV4\n-----END PRIVATE KEY-----\n");
        Settings.OAuth o = new Settings.OAuth(true, null, "cid", "the-client-secret", List.of(), null, false, true,
                true, key, "ES256");
        UserSecrets secrets = UserSecrets.of(OAuthSecrets.of(o));
        String masked = secrets.mask("sent the-client-secret and MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg");
        assertThat(masked).doesNotContain("the-client-secret").doesNotContain("MIGHAgEAMBMGByqGSM49");
        assertThat(OAuthSecrets.of(Settings.OAuth.OFF)).isEmpty();
    }

    @Test
    void theTokenCacheFollowsXdgCacheHomeElseHome() {
        assertThat(OAuthSetup.tokenCacheFile(Map.of("XDG_CACHE_HOME", "/x/cache", "HOME", "/h")))
                .isEqualTo(Path.of("/x/cache/mcp-fuzzer/oauth-tokens.json"));
        assertThat(OAuthSetup.tokenCacheFile(Map.of("HOME", "/h")))
                .isEqualTo(Path.of("/h/.cache/mcp-fuzzer/oauth-tokens.json"));
    }

    @Test
    void tokensLearnedAtRunTimeAreMaskedByEveryRedactor() {
        String token = "runtime-token-" + System.nanoTime();
        assertThat(io.mcpfuzzer.report.Redactor.standard().redact("echo " + token)).contains(token);
        io.mcpfuzzer.common.RuntimeSecrets.register(token);
        assertThat(io.mcpfuzzer.report.Redactor.standard().redact("echo " + token))
                .isEqualTo("echo [REDACTED]");
        assertThat(UserSecrets.of(List.of("other-secret")).mask(token + " other-secret"))
                .isEqualTo("[REDACTED] [REDACTED]");
    }
}
