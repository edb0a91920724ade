package io.mcpfuzzer.transport.http.oauth;

import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Token endpoint requests (RFC 6749 sections 4.1.3, 4.4, 6) with the client's authentication method:
 * {@code client_secret_basic} (Authorization: Basic of the form-encoded id and secret, RFC 6749 section 2.3.1),
 * {@code client_secret_post}, {@code none} (client_id only) or {@code private_key_jwt} (RFC 7523). Every request
 * carries the RFC 8707 {@code resource}. Stateless apart from the HTTP client.
 */
public final class TokenClient {
    private final OAuthHttp http;
    private final JwtAssertion jwt;

    /** @param jwt the signer of private_key_jwt assertions, or null */
    public TokenClient(OAuthHttp http, JwtAssertion jwt) {
        this.http = http;
        this.jwt = jwt;
    }

    public TokenSet authorizationCode(AuthServerMetadata as, ClientIdentity client, String code, String redirectUri,
            String verifier, String resource, List<String> scopes) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("grant_type", "authorization_code");
        f.put("code", code);
        f.put("redirect_uri", redirectUri);
        f.put("code_verifier", verifier);
        f.put("resource", resource);
        return request(as, client, f, scopes);
    }

    public TokenSet clientCredentials(AuthServerMetadata as, ClientIdentity client, String resource,
            List<String> scopes) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("grant_type", "client_credentials");
        f.put("scope", Scopes.join(scopes));
        f.put("resource", resource);
        return request(as, client, f, scopes);
    }

    public TokenSet refresh(AuthServerMetadata as, ClientIdentity client, TokenSet old, String resource) {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("grant_type", "refresh_token");
        f.put("refresh_token", old.refreshToken());
        f.put("resource", resource);
        TokenSet fresh = request(as, client, f, old.scopes());
        return fresh.refreshToken() != null ? fresh
                : new TokenSet(fresh.accessToken(), old.refreshToken(), fresh.expiresAt(), fresh.scopes());
    }

    private TokenSet request(AuthServerMetadata as, ClientIdentity client, Map<String, String> form,
            List<String> requested) {
        Map<String, String> headers = new LinkedHashMap<>();
        switch (client.authMethod()) {
            case "client_secret_basic" -> headers.put("Authorization",
                    OAuthHttp.basicAuth(client.clientId(), client.secret()));
            case "client_secret_post" -> {
                form.put("client_id", client.clientId());
                form.put("client_secret", client.secret());
            }
            case "private_key_jwt" -> {
                if (jwt == null) {
                    throw new OAuthException("the authorization server wants private_key_jwt; give "
                            + "--oauth-private-key-file");
                }
                form.put("client_id", client.clientId());
                form.put("client_assertion_type", JwtAssertion.ASSERTION_TYPE);
                form.put("client_assertion", jwt.sign(client.clientId(), as.issuer(), Instant.now()));
            }
            default -> form.put("client_id", client.clientId());
        }
        OAuthHttp.Resp r;
        try {
            r = http.postForm(as.tokenEndpoint(), form, headers);
        } catch (IOException e) {
            throw new OAuthException("token request (" + form.get("grant_type") + ") to " + as.tokenEndpoint()
                    + " failed: " + e.getMessage(), e);
        }
        JsonNode doc = r.json();
        if (!r.ok() || doc == null || !doc.path("access_token").isString()
                || doc.path("access_token").asString().isEmpty()) {
            throw new OAuthException("token request (" + form.get("grant_type") + ") to " + as.tokenEndpoint()
                    + " answered " + r.status() + " " + OAuthErrors.describe(doc));
        }
        String type = doc.path("token_type").isString() ? doc.path("token_type").asString() : "Bearer";
        if (!type.equalsIgnoreCase("bearer")) {
            throw new OAuthException("the token endpoint issued a " + Urls.excerpt(type) + " token; only Bearer "
                    + "tokens are supported");
        }
        JsonNode exp = doc.get("expires_in");
        // asDouble(0): 0 for what no double holds (asLong() throws for 1E+400 or a 30-digit integer)
        double expiresIn = exp != null && exp.isNumber() ? exp.asDouble(0) : 0;
        Instant expiresAt = expiresIn > 0 // NaN is not
                ? Instant.now().plusSeconds((long) Math.min(expiresIn, 10L * 365 * 86_400)) : null;
        String refresh = doc.path("refresh_token").isString() ? doc.path("refresh_token").asString() : null;
        List<String> granted = doc.path("scope").isString() ? Scopes.split(doc.path("scope").asString()) : requested;
        return new TokenSet(doc.path("access_token").asString(), refresh, expiresAt, List.copyOf(granted));
    }
}
