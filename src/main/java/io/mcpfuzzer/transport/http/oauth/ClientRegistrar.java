package io.mcpfuzzer.transport.http.oauth;

import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decides which client identity to use (MCP 2025-11-25 "Client Registration Approaches", in its order): a
 * pre-registered client ({@code --oauth-client-id}), else a client ID metadata document URL when the server
 * advertises {@code client_id_metadata_document_supported}, else dynamic client registration (RFC 7591) at the
 * registration endpoint. The token endpoint auth method follows the server's
 * {@code token_endpoint_auth_methods_supported}. Stateless apart from the HTTP client.
 */
public final class ClientRegistrar {
    private final OAuthHttp http;
    private final OAuthConfig cfg;

    public ClientRegistrar(OAuthHttp http, OAuthConfig cfg) {
        this.http = http;
        this.cfg = cfg;
    }

    /**
     * @param redirectUri the loopback redirect URI to register (null for client_credentials)
     * @throws OAuthException when no approach is possible or registration fails
     */
    public ClientIdentity identity(AuthServerMetadata as, String grant, String redirectUri) {
        if (cfg.clientId() != null) {
            String method = cfg.privateKeyPem() != null ? "private_key_jwt"
                    : cfg.clientSecret() != null ? secretMethod(as.tokenAuthMethods()) : "none";
            return new ClientIdentity(cfg.clientId(), cfg.clientSecret(), method, "pre-registered");
        }
        if (cfg.clientIdMetadataUrl() != null && as.clientIdMetadataDocuments()) {
            return new ClientIdentity(cfg.clientIdMetadataUrl(), null, "none", "metadata-document");
        }
        if (as.registrationEndpoint() == null) {
            throw new OAuthException("the authorization server offers no dynamic client registration; "
                    + "give --oauth-client-id (and --oauth-client-secret) of a pre-registered client");
        }
        return register(as, grant, redirectUri);
    }

    /** client_secret_basic, then client_secret_post, then none, as the server supports (RFC 8414 default: basic). */
    static String secretMethod(List<String> supported) {
        if (supported.isEmpty()) {
            return "client_secret_basic";
        }
        for (String m : List.of("client_secret_basic", "client_secret_post", "none")) {
            if (supported.contains(m)) {
                return m;
            }
        }
        return "client_secret_basic";
    }

    private ClientIdentity register(AuthServerMetadata as, String grant, String redirectUri) {
        String method = secretMethod(as.tokenAuthMethods());
        ObjectNode body = Json.object();
        body.put("client_name", "mcp-fuzzer");
        ArrayNode grants = body.putArray("grant_types");
        if (OAuthConfig.CLIENT_CREDENTIALS.equals(grant)) {
            grants.add(OAuthConfig.CLIENT_CREDENTIALS);
        } else {
            grants.add(OAuthConfig.AUTHORIZATION_CODE).add("refresh_token");
            body.putArray("response_types").add("code");
            body.putArray("redirect_uris").add(redirectUri);
        }
        body.put("token_endpoint_auth_method", method);
        if (cfg.scopes() != null && !cfg.scopes().isEmpty()) {
            body.put("scope", String.join(" ", cfg.scopes()));
        }
        OAuthHttp.Resp r;
        try {
            r = http.postJson(as.registrationEndpoint(), Json.write(body));
        } catch (IOException e) {
            throw new OAuthException("client registration at " + as.registrationEndpoint() + " failed: "
                    + e.getMessage(), e);
        }
        JsonNode doc = r.json();
        if (!r.ok() || doc == null || !doc.path("client_id").isString()) {
            throw new OAuthException("client registration at " + as.registrationEndpoint() + " answered "
                    + r.status() + (doc == null ? "" : " " + OAuthErrors.describe(doc)));
        }
        String secret = doc.path("client_secret").isString() ? doc.path("client_secret").asString() : null;
        JsonNode granted = doc.get("token_endpoint_auth_method");
        String used = granted != null && granted.isString() ? granted.asString() : method;
        if (secret == null && !used.equals("none")) {
            used = "none";
        }
        return new ClientIdentity(doc.path("client_id").asString(), secret, used, "registered");
    }
}
