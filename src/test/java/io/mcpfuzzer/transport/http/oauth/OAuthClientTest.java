package io.mcpfuzzer.transport.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The OAuth client against a real in-test authorization server and protected resource ({@link MiniAuthServer}). */
class OAuthClientTest {
    @TempDir
    Path dir;
    private MiniAuthServer as;
    private final List<String> userLines = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        as = new MiniAuthServer();
    }

    @AfterEach
    void stop() {
        as.close();
    }

    private OAuthConfig config(String grant, String clientId, String secret, String pem, Path cache) {
        return new OAuthConfig(grant, clientId, secret, List.of(), null, pem, "ES256", false, true, cache,
                Duration.ofSeconds(10), Duration.ofSeconds(10));
    }

    /** What HttpCore does: send with the current token; on 401/403 ask the client and send again (max 3). */
    private int call(OAuthClient c) throws Exception {
        for (int attempt = 0; ; attempt++) {
            String token = c.currentToken();
            HttpRequest.Builder b = HttpRequest.newBuilder(as.mcp()).POST(HttpRequest.BodyPublishers.ofString("{}"));
            if (token != null) {
                b.header("Authorization", "Bearer " + token);
            }
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if ((r.statusCode() != 401 && r.statusCode() != 403) || attempt >= 3
                    || !c.onChallenge(r.statusCode(), r.headers().firstValue("www-authenticate").orElse(null), token)) {
                return r.statusCode();
            }
        }
    }

    @Test
    void authorizationCodeWithDiscoveryRegistrationPkceAndResource() throws Exception {
        as.authMethods = List.of("client_secret_post");
        as.challengeScope = "mcp:read";
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
            assertThat(as.paths).contains("GET /.well-known/oauth-protected-resource/mcp",
                    "GET /.well-known/oauth-authorization-server", "POST /register", "GET /authorize", "POST /token");
            Map<String, String> q = as.authorizeQueries.get(0);
            assertThat(q).containsEntry("code_challenge_method", "S256").containsEntry("scope", "mcp:read")
                    .containsEntry("resource", as.base() + "/mcp").containsEntry("client_id", "dyn-client");
            assertThat(q.get("redirect_uri")).startsWith("http://127.0.0.1:");
            Map<String, String> form = as.tokenForms.get(0);
            assertThat(form).containsEntry("grant_type", "authorization_code").containsEntry("resource",
                    as.base() + "/mcp").containsEntry("client_secret", "dyn-secret-123");
            assertThat(c.failures()).isZero();
        }
    }

    @Test
    void scopesFromScopesSupportedWhenTheChallengeHasNoneAndNoneWhenNeitherHas() throws Exception {
        as.scopesSupported = List.of("a", "b");
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
        }
        assertThat(as.authorizeQueries.get(0)).containsEntry("scope", "a b");
        as.scopesSupported = List.of();
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
        }
        assertThat(as.authorizeQueries.get(1)).doesNotContainKey("scope");
    }

    @Test
    void insufficientScopeStepsUpToTheUnionAndGivesUpAfterTheLimit() throws Exception {
        as.challengeScope = "basic";
        as.requiredScopes = List.of("basic", "write");
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
            assertThat(as.authorizeQueries).hasSize(2);
            assertThat(as.authorizeQueries.get(1).get("scope")).isEqualTo("basic write");
        }
        as.authorizeQueries.clear();
        as.grantNoScopes = true;
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(403);
            assertThat(call(c)).isEqualTo(403);
            assertThat(as.authorizeQueries).hasSize(1 + OAuthClient.MAX_STEP_UPS);
            assertThat(c.failures()).isPositive();
            assertThat(c.lastError()).contains("insufficient_scope");
        }
    }

    @Test
    void aRejectedTokenIsRefreshedWithoutANewAuthorization() throws Exception {
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
            String first = c.currentToken();
            as.revoke(first);
            assertThat(call(c)).isEqualTo(200);
            assertThat(c.currentToken()).isNotEqualTo(first);
            assertThat(as.authorizeQueries).hasSize(1);
            assertThat(as.tokenForms.get(1)).containsEntry("grant_type", "refresh_token")
                    .containsEntry("refresh_token", "refresh-1");
        }
    }

    @Test
    void expiryNumbersBeyondTheirRangeBreakNeitherTheLoginNorTheCache() throws Exception {
        as.expiresIn = "1E+400"; // asLong() throws for it
        Path cache = dir.resolve("tokens.json");
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, "pre-id", "pre-secret", null, cache),
                userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
        }
        String cached = Files.readString(cache);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"expires_at\"\\s*:\\s*(\\d+)").matcher(cached);
        assertThat(m.find()).as(cached).isTrue();
        long now = java.time.Instant.now().getEpochSecond();
        assertThat(Long.parseLong(m.group(1))).as("capped at ten years").isBetween(now, now + 10L * 365 * 86_400 + 60);

        Files.writeString(cache, m.replaceAll("\"expires_at\":123456789012345678901234567890")); // a damaged entry
        int tokens = as.tokenForms.size();
        try (OAuthClient again = new OAuthClient(as.mcp(), config(null, "pre-id", "pre-secret", null, cache),
                userLines::add)) {
            assertThat(call(again)).isEqualTo(200);
        }
        assertThat(as.tokenForms.size()).as("a new token instead of the damaged one").isGreaterThan(tokens);
    }

    @Test
    void preRegisteredClientUsesBasicAuthAndTheCacheFileIsPrivateAndReused() throws Exception {
        Path cache = dir.resolve("cache").resolve("tokens.json");
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, "pre-id", "pre-secret", null, cache),
                userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
        }
        assertThat(as.paths).doesNotContain("POST /register");
        assertThat(MiniAuthServer.basic(as.tokenAuthHeaders.get(0))).isEqualTo("pre-id:pre-secret");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cache))).isEqualTo("rw-------");
        int requests = as.paths.size();
        try (OAuthClient again = new OAuthClient(as.mcp(), config(null, "pre-id", "pre-secret", null, cache),
                userLines::add)) {
            assertThat(again.currentToken()).isEqualTo("token-1");
            assertThat(call(again)).isEqualTo(200);
        }
        assertThat(as.paths.subList(requests, as.paths.size())).containsExactly("POST /mcp");
    }

    @Test
    void clientCredentialsWithPrivateKeyJwtSignsAnAssertionTheServerCanVerify() throws Exception {
        as.authMethods = List.of("private_key_jwt");
        as.grantTypes = List.of("client_credentials");
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair kp = g.generateKeyPair();
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(kp.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n";
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, "m2m", null, pem, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
        }
        Map<String, String> form = as.tokenForms.get(0);
        assertThat(form).containsEntry("grant_type", "client_credentials")
                .containsEntry("client_assertion_type", JwtAssertion.ASSERTION_TYPE)
                .containsEntry("resource", as.base() + "/mcp");
        String[] jwt = form.get("client_assertion").split("\\.");
        Signature v = Signature.getInstance("SHA256withECDSAinP1363Format");
        v.initVerify(kp.getPublic());
        v.update((jwt[0] + "." + jwt[1]).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        byte[] sig = Base64.getUrlDecoder().decode(jwt[2]);
        assertThat(sig).hasSize(64);
        assertThat(v.verify(sig)).isTrue();
        String claims = new String(Base64.getUrlDecoder().decode(jwt[1]), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(claims).contains("\"iss\":\"m2m\"", "\"sub\":\"m2m\"", "\"aud\":\"" + as.base() + "\"");
        assertThat(as.authorizeQueries).isEmpty();
    }

    @Test
    void withoutAnyMetadataThe20250326FallbackEndpointsAreUsed() throws Exception {
        as.prm = false;
        as.metadata = false;
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(200);
        }
        assertThat(as.paths).contains("POST /register", "GET /authorize", "POST /token");
        assertThat(as.authorizeQueries.get(0)).containsEntry("resource", as.base() + "/mcp");
    }

    @Test
    void aRedirectWithAnotherStateIsRefused() throws Exception {
        as.forcedState = "attacker-state";
        try (OAuthClient c = new OAuthClient(as.mcp(), config(null, null, null, null, null), userLines::add)) {
            assertThat(call(c)).isEqualTo(401);
            assertThat(c.lastError()).contains("state");
        }
        assertThat(as.tokenForms).isEmpty();
    }

    @Test
    void authorizationUrlCarriesPkceStateScopeAndResource() {
        Pkce p = Pkce.create();
        URI url = AuthorizationCodeFlow.authorizationUrl(URI.create(as.base() + "/authorize"), "c",
                "http://127.0.0.1:1/callback", p, "s t", "http://x/mcp", List.of("a", "b"));
        assertThat(url.getRawQuery()).contains("state=s+t", "scope=a+b", "code_challenge=" + p.challenge());
        assertThat(Pkce.s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
                .isEqualTo("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"); // RFC 7636 appendix B
    }
}
