package io.mcpfuzzer.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class RedactorTest {
    private final Redactor redactor = Redactor.standard();

    @ParameterizedTest
    @ValueSource(strings = {"authorization", "Authorization", "Proxy-Authorization", "api_key", "apikey", "apiKey",
            "x-api-key", "X-API-KEY", "token", "access_token", "accessToken", "refresh_token", "id_token",
            "secret", "client_secret", "clientSecret", "password", "passwd", "db_password", "passwordHash",
            "cookie", "set-cookie", "Set-Cookie", "session", "private_key", "privateKey", "GITHUB_TOKEN",
            "x-auth-token", "aws_secret_access_key", "credentials", "session_cookie"})
    void credentialKeysAreSensitive(String key) {
        assertThat(redactor.isSensitiveKey(key)).as(key).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"max_tokens", "maxTokens", "progressToken", "tokenizer", "passwordless_hint",
            "token_endpoint", "nextPageToken", "next_cursor", "total_tokens", "input_tokens", "session_id",
            "sessionId", "tokens", "author", "keyboard", "secretary_name", "cursor", "name", "description"})
    void protocolAndModelKeysStay(String key) {
        assertThat(redactor.isSensitiveKey(key)).as(key).isFalse();
    }

    @Test
    void redactsByKeyInNestedJsonButKeepsProtocolFields() {
        JsonNode input = Json.parse("""
                {"params": {"_meta": {"progressToken": "p-77"}, "max_tokens": 512, "tokenizer": "bpe",
                 "headers": {"Authorization": "Bearer abc.def.ghi", "X-Api-Key": "k1"},
                 "passwordless_hint": "use email", "password": "hunter2", "empty_secret": "",
                 "nested": [{"client_secret": {"deep": "value"}}], "session": null}}""");
        JsonNode out = redactor.redact(input);
        JsonNode p = out.path("params");
        assertThat(p.path("_meta").path("progressToken").asString()).isEqualTo("p-77");
        assertThat(p.path("max_tokens").asInt()).isEqualTo(512);
        assertThat(p.path("tokenizer").asString()).isEqualTo("bpe");
        assertThat(p.path("passwordless_hint").asString()).isEqualTo("use email");
        assertThat(p.path("headers").path("Authorization").asString()).isEqualTo(Redactor.MASK);
        assertThat(p.path("headers").path("X-Api-Key").asString()).isEqualTo(Redactor.MASK);
        assertThat(p.path("password").asString()).isEqualTo(Redactor.MASK);
        assertThat(p.path("empty_secret").asString()).isEmpty();
        assertThat(p.path("nested").get(0).path("client_secret").asString()).isEqualTo(Redactor.MASK);
        assertThat(p.path("session").isNull()).isTrue();
        assertThat(input.path("params").path("password").asString()).as("input untouched").isEqualTo("hunter2");
        assertThat(out.toString()).doesNotContain("hunter2", "abc.def.ghi", "\"k1\"");
    }

    @Test
    void redactsCredentialShapedValuesInsideFreeText() {
        String jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
        String text = String.join("\n",
                "GET https://bob:s3cr3t@api.example.test/v1?access_token=abc123&limit=5 HTTP/1.1",
                "Authorization: Bearer sk-live-0123456789abcdef",
                "Proxy-Authorization: Basic dXNlcjpwYXNz",
                "Cookie: sid=deadbeefcafe0123; theme=dark",
                "aws AKIAIOSFODNN7EXAMPLE and ghp_" + "A".repeat(36) + " and github_pat_" + "B".repeat(30),
                "slack xoxb-1234567890-abcdefghij openai sk-proj-" + "c".repeat(40),
                "jwt " + jwt,
                "password=hunter2 \"api_key\": \"k-987\" --token tok-555",
                "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----",
                "max_tokens=100 progressToken=p-1 Basic Authentication is required");
        String out = redactor.redact(text);
        assertThat(out).doesNotContain("s3cr3t", "bob:", "abc123", "sk-live-0123456789abcdef", "dXNlcjpwYXNz",
                "AKIAIOSFODNN7EXAMPLE", "A".repeat(36), "B".repeat(30), "xoxb-1234567890",
                "c".repeat(40), jwt.substring(0, 30), "hunter2", "k-987", "tok-555", "MIIEowIBAAKCAQEA");
        assertThat(out).contains("https://[REDACTED]@api.example.test/v1?access_token=[REDACTED]&limit=5",
                "Bearer [REDACTED]", "BEGIN RSA PRIVATE KEY", "max_tokens=100", "progressToken=p-1",
                "Basic Authentication is required",
                "Cookie: sid=deadbeefcafe0123; theme=dark");
        assertThat(redactor.redact(out)).as("idempotent").isEqualTo(out);
    }

    @Test
    void redactsCommandLinesFindingsAndSummaries() {
        assertThat(redactor.redactCommandLine(List.of("fuzz", "--api-key", "k1", "--token=t2", "--max-tokens", "5",
                "-H", "Authorization: Bearer zzzzzzzz1", "--endpoint", "http://u:p@h/x")))
                .containsExactly("fuzz", "--api-key", Redactor.MASK, "--token=" + Redactor.MASK, "--max-tokens", "5",
                        "-H", "Authorization: Bearer " + Redactor.MASK, "--endpoint", "http://[REDACTED]@h/x");
        Finding f = Finding.of("crash", Severity.HIGH, "tool", "t", 1, "leak at " + Fixtures.SECRET_URL,
                Map.of("input", Map.of("password", "pw1", "progressToken", 3)), "sig");
        String json = ReportJson.line(ReportNodes.evidence(redactor.redact(f)));
        assertThat(json).contains("\"progressToken\":3").doesNotContain("pw1");
        assertThat(redactor.redact(f).detail()).doesNotContain("hunter2", "SECRET123");
        RunSummary s = redactor.redact(Fixtures.summary("completed"));
        assertThat(s.endpoint()).doesNotContain("hunter2", "SECRET123");
        assertThat(s.commandLine()).doesNotContain("k-123456").contains("--max-tokens", "5");
    }

    @Test
    void deepTreesAreBoundedNotFatal() {
        String deep = "[".repeat(1500) + "]".repeat(1500);
        JsonNode out = redactor.redact(Json.parse(deep));
        assertThat(ReportJson.line(out)).startsWith("[[[[");
    }

    /** Evidence that only resembles a credential field stays byte-exact. */
    @ParameterizedTest
    @ValueSource(strings = {
        "sqlite3.OperationalError: unrecognized token: \"{\"",
        "{\"error\":{\"message\":\"unrecognized token: \\\"{\\\"\"}}",
        "unrecognized token: \"hello123\"",
        "value\r\nSet-Cookie: admin=true; MCPF_c4n4ry=1",
        "{\"text\":\"value\\r\\nSet-Cookie: admin=true; x=1\"}",
        "%0d%0aSet-Cookie:%20abc=1",
        "session: 3 users online, secret: none",
        "Bearer abc",
    })
    void evidenceThatLooksLikeAFieldIsKept(String text) {
        assertThat(redactor.redact(text)).isEqualTo(text);
    }

    @Test
    void userSecretsAreMaskedWhereverTheyOccurAndNothingElse() {
        Redactor withSecrets = Redactor.withSecrets(io.mcpfuzzer.report.UserSecrets.of(
                List.of("Bearer s3cr3t-Value\"x", "abc", "plain-env-value-42")));
        String text = "sent Authorization: Bearer s3cr3t-Value\"x; echoed {\"t\":\"s3cr3t-Value\\\"x\"} "
                + "env plain-env-value-42 short abc stays";
        String out = withSecrets.redact(text);
        assertThat(out).doesNotContain("s3cr3t-Value", "plain-env-value-42")
                .isEqualTo("sent Authorization: Bearer [REDACTED]; echoed {\"t\":\"[REDACTED]\"} "
                        + "env [REDACTED] short abc stays");
        assertThat(withSecrets.redact(Json.parse("{\"q\":\"x plain-env-value-42 y\"}")).path("q").asString())
                .isEqualTo("x [REDACTED] y");
    }

    @Test
    void aSecretCutShortByAnExcerptIsMaskedToo() {
        Redactor withSecrets = Redactor.withSecrets(io.mcpfuzzer.report.UserSecrets.of(
                List.of("tok-ABCDEFGHIJKLMNOP")));
        assertThat(withSecrets.redact("answer: tok-ABCDEFGH...")).isEqualTo("answer: [REDACTED]...");
        assertThat(withSecrets.redact("tail tok-ABCDEFGHIJ")).isEqualTo("tail [REDACTED]");
        assertThat(withSecrets.redact("ends tok-A...")).as("too short a start to tell").isEqualTo("ends tok-A...");
        assertThat(withSecrets.redact("ok... fine")).isEqualTo("ok... fine");
    }
}
