package io.mcpfuzzer.fuzz.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.testservers.AuthFixtureServer.Flaw;
import io.mcpfuzzer.testservers.AuthFixtureServer;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Each auth-audit check against a real authorization server + MCP server on 127.0.0.1 with exactly its flaw
 * switched on ({@link AuthFixtureServer}); the strict twin gives nothing at medium or above. Every test also
 * asserts that the one flaw produced no finding of another check at medium or above.
 */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:AuthAuditTest") // its methods run one after the other (a lock forces them into one thread)
class AuthAuditTest {
    private AuthFixtureServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private AuthAudit.Result audit(boolean intrusive, Flaw... flaws) throws Exception {
        server = new AuthFixtureServer(flaws.length == 0 ? EnumSet.noneOf(Flaw.class) : EnumSet.of(flaws[0], flaws));
        return AuthAudit.run(new AuthAudit.Options(server.mcpUrl(), intrusive, Duration.ofSeconds(20)));
    }

    /** The single finding of {@code id}; no other check at medium or above. */
    private static Finding only(AuthAudit.Result r, String id) {
        assertThat(r.ran()).isTrue();
        assertThat(r.findings()).as("findings").extracting(Finding::checkId).contains(id);
        assertThat(r.findings().stream().filter(f -> !f.checkId().equals(id))
                .filter(f -> f.severity().compareTo(Severity.MEDIUM) >= 0).toList()).as("other findings").isEmpty();
        Finding f = r.findings().stream().filter(x -> x.checkId().equals(id)).findFirst().orElseThrow();
        assertThat(f.kind()).isEqualTo("audit");
        assertThat(f.evidence()).containsEntry("check_id", id).containsKey("reference");
        assertThat(f.owasp()).isNotNull();
        return f;
    }

    @SuppressWarnings("unchecked")
    private static String status(AuthAudit.Result r, String id) {
        Map<String, Object> checks = (Map<String, Object>) r.summary().get("checks");
        return String.valueOf(((Map<String, Object>) checks.get(id)).get("status"));
    }

    @Test
    void cleanTwinHasNothingAtMediumOrAboveAndEveryCheckRan() throws Exception {
        AuthAudit.Result r = audit(true);
        assertThat(r.ran()).isTrue();
        assertThat(r.findings().stream().filter(f -> f.severity().compareTo(Severity.MEDIUM) >= 0).toList()).isEmpty();
        assertThat(r.summary()).containsEntry("advertises_authorization", true);
        for (int i = 1; i <= 12; i++) {
            assertThat(status(r, String.format("MCPF-AUTH-%03d", i))).as("MCPF-AUTH-%03d", i).isEqualTo("passed");
        }
    }

    @Test
    void cleanTwinWithoutIntrusiveLeavesTheIntrusiveChecksNotRun() throws Exception {
        AuthAudit.Result r = audit(false);
        assertThat(r.findings()).isEmpty();
        assertThat(status(r, "MCPF-AUTH-011")).isEqualTo("not_run");
        assertThat(status(r, "MCPF-AUTH-012")).isEqualTo("not_run");
        assertThat(status(r, "MCPF-AUTH-006")).isEqualTo("passed");
    }

    @Test
    void cleartextEndpoint() throws Exception {
        Finding f = only(audit(false, Flaw.CLEARTEXT_ENDPOINT), "MCPF-AUTH-001");
        assertThat(f.evidence()).containsEntry("field", "revocation_endpoint")
                .containsEntry("url", "http://auth.example.net/revoke");
        assertThat(f.owasp()).isEqualTo("MCP01:2025");
    }

    @Test
    void issuerMismatch() throws Exception {
        Finding f = only(audit(false, Flaw.ISSUER_MISMATCH), "MCPF-AUTH-002");
        assertThat(f.evidence()).containsEntry("expected_issuer", server.issuer())
                .containsEntry("issuer", server.base() + "/other-issuer");
    }

    @Test
    void s256NotAdvertised() throws Exception {
        Finding f = only(audit(false, Flaw.NO_S256), "MCPF-AUTH-003");
        assertThat(f.evidence()).containsEntry("code_challenge_methods_supported", List.of("plain"));
    }

    @Test
    void legacyGrants() throws Exception {
        Finding f = only(audit(false, Flaw.LEGACY_GRANTS), "MCPF-AUTH-004");
        assertThat(f.evidence().get("advertised").toString()).contains("grant_type implicit", "grant_type password",
                "response_type token");
    }

    @Test
    void resourceNotBound() throws Exception {
        Finding f = only(audit(false, Flaw.RESOURCE_NOT_BOUND), "MCPF-AUTH-005");
        assertThat(f.evidence()).containsEntry("resource", "https://mcp.example.com/mcp")
                .containsEntry("expected_resource", server.mcpUrl());
    }

    @Test
    void pkceNotRequired() throws Exception {
        Finding f = only(audit(false, Flaw.PKCE_OPTIONAL), "MCPF-AUTH-006");
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(f.evidence()).containsEntry("code_returned", true).containsEntry("token_issued", true);
        assertThat(f.evidence().get("redirect").toString()).contains("code=<redacted>").doesNotContain("code=at-");
    }

    @Test
    void plainAccepted() throws Exception {
        Finding f = only(audit(false, Flaw.PLAIN_ACCEPTED), "MCPF-AUTH-007");
        assertThat(f.evidence()).containsEntry("code_challenge_method", "plain").containsEntry("code_returned", true);
    }

    @Test
    void stateNotReturned() throws Exception {
        Finding f = only(audit(false, Flaw.DROPS_STATE), "MCPF-AUTH-008");
        assertThat(f.evidence()).containsEntry("state_returned", "absent");
    }

    @Test
    void toolsReachableWithoutToken() throws Exception {
        Finding f = only(audit(false, Flaw.HANDSHAKE_ONLY_AUTH), "MCPF-AUTH-009");
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(f.evidence()).containsEntry("initialize_status", 401).containsEntry("tools_list_status", 200)
                .containsEntry("tool_count", 1).containsEntry("tool_names", List.of("echo"));
    }

    @Test
    void audienceNotChecked() throws Exception {
        Finding f = only(audit(false, Flaw.NO_AUDIENCE_CHECK), "MCPF-AUTH-010");
        assertThat(f.evidence()).containsEntry("token_resource", AuthAudit.OTHER_RESOURCE)
                .containsEntry("initialize_status", 200).containsEntry("tool_count", 1);
    }

    @Test
    void audienceByClientCredentialsWhenTheCodeFlowCannotRunHeadlessly() throws Exception {
        server = new AuthFixtureServer(EnumSet.of(Flaw.NO_AUDIENCE_CHECK));
        AuthAudit.Options o = new AuthAudit.Options(server.mcpUrl(), false, Duration.ofSeconds(20),
                AuthFixtureServer.STATIC_CLIENT, AuthFixtureServer.STATIC_SECRET, null, null);
        AuthAudit.Result r = AuthAudit.run(o);
        Finding f = only(r, "MCPF-AUTH-010");
        assertThat(f.evidence()).containsEntry("token_resource", AuthAudit.OTHER_RESOURCE);
        // the static client has no redirect URI: the code-flow checks are skipped with the reason, not found
        assertThat(status(r, "MCPF-AUTH-006")).isEqualTo("skipped");
        assertThat(r.summary().get("checks").toString()).contains("HTTP 400");
        server.close();
        server = new AuthFixtureServer(EnumSet.noneOf(Flaw.class));
        AuthAudit.Result clean = AuthAudit.run(new AuthAudit.Options(server.mcpUrl(), false, Duration.ofSeconds(20),
                AuthFixtureServer.STATIC_CLIENT, AuthFixtureServer.STATIC_SECRET, null, null));
        assertThat(clean.findings()).isEmpty();
        assertThat(status(clean, "MCPF-AUTH-010")).isEqualTo("passed");
    }

    @Test
    void openRedirectNeedsIntrusive() throws Exception {
        AuthAudit.Result quiet = audit(false, Flaw.OPEN_REDIRECT);
        assertThat(quiet.findings()).isEmpty();
        server.close();
        Finding f = only(audit(true, Flaw.OPEN_REDIRECT), "MCPF-AUTH-011");
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(f.evidence()).containsEntry("redirect_uri_sent", AuthAudit.ATTACKER_REDIRECT)
                .containsEntry("code_returned", true);
        assertThat(f.evidence().get("redirect").toString()).startsWith(AuthAudit.ATTACKER_REDIRECT + "?");
    }

    @Test
    void registrationAcceptsAttackerRedirect() throws Exception {
        Finding f = only(audit(true, Flaw.OPEN_REGISTRATION), "MCPF-AUTH-012");
        // the strict authorize step still refuses nothing for a registered URI: the code reaches the attacker
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(f.evidence()).containsEntry("redirect_uri", AuthAudit.ATTACKER_REDIRECT)
                .containsEntry("registration_status", 201).containsEntry("code_issued_to_attacker_uri", true);
    }

    @Test
    void serverWithoutAuthorizationIsSkippedNotFound() throws Exception {
        server = new AuthFixtureServer(EnumSet.noneOf(Flaw.class));
        AuthAudit.Result r = AuthAudit.run(new AuthAudit.Options(server.base() + "/nothing-here", true,
                Duration.ofSeconds(20)));
        assertThat(r.findings()).isEmpty();
        assertThat(status(r, "MCPF-AUTH-001")).isEqualTo("skipped");
        assertThat(r.warnings()).singleElement().asString().contains("does not advertise");
    }

    @Test
    void stdioCommandIsNotAudited() {
        AuthAudit.Result r = AuthAudit.run(new AuthAudit.Options("python3 server.py", true, Duration.ofSeconds(1)));
        assertThat(r.ran()).isFalse();
        assertThat(r.warnings()).singleElement().asString().contains("HTTP targets only");
    }
}
