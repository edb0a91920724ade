package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The cues only skip rules that cannot match: on random texts made of credential-shaped fragments
 * (names split by separators and in any case, schemes, key prefixes, values), redaction with the
 * cues equals redaction running every rule.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:CredentialCuesEquivalenceTest") // its methods run one after the other (a lock forces them into one thread)
class CredentialCuesEquivalenceTest {
    private static final List<String> FRAGMENTS = List.of(
            "token", "Token", "TOKEN", "to", "ken", "pass", "Pass", "word", "WORD", "passwd", "pwd", "phrase",
            "api", "Api", "KEY", "key", "secret", "Secret", "cookie", "Set-Cookie", "session", "auth", "Auth",
            "orization", "credential", "s", "assertion", "private", "client", "access", "x", "max", "next", "page",
            "progress", "_", "-", ".", "--", "-", "=", ":", ": ", " = ", " ", "  ", "\"", "'", "{", "}", "[", "]",
            ",", ";", "&", "?", "#", "\n", "\t", "abc123XYZ", "hunter2", "0123456789abcdef0123", "Zm9vYmFy==",
            "Bearer ", "basic ", "Digest ", "NTLM ", "negotiate ", "https://", "://", "user", "@", "host/",
            "sk-", "eyJ", "ghp_", "github_pat_", "AKIA", "ASIA", "xoxb-", "xox", "rk_live_", "pk_test_", "AIza",
            "-----BEGIN ", "RSA ", "PRIVATE KEY-----", "-----END ", "sig=", "SIGNATURE=", "x-amz-credential=",
            "code=", "K", "\u212A", "\u0130", "é", "é");

    @Test
    void cuesNeverChangeTheResult() {
        SplittableRandom random = new SplittableRandom(20261201L);
        int redactedTexts = 0;
        for (int i = 0; i < 10_000; i++) {
            StringBuilder text = new StringBuilder();
            int parts = 1 + random.nextInt(30);
            for (int p = 0; p < parts; p++) {
                text.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
            }
            String expected = CredentialPatterns.applyEveryRule(text.toString());
            assertThat(CredentialPatterns.apply(text.toString())).as("text %s", text).isEqualTo(expected);
            redactedTexts += expected.equals(text.toString()) ? 0 : 1;
        }
        assertThat(redactedTexts).as("texts in which something was redacted").isGreaterThan(1_000);
    }
}
