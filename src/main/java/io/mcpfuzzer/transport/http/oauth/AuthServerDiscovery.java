package io.mcpfuzzer.transport.http.oauth;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Reads authorization server metadata (MCP 2025-11-25 "Authorization Server Metadata Discovery"): for an issuer
 * with a path {@code /p}: {@code /.well-known/oauth-authorization-server/p},
 * {@code /.well-known/openid-configuration/p}, {@code /p/.well-known/openid-configuration}; without a path:
 * {@code /.well-known/oauth-authorization-server}, {@code /.well-known/openid-configuration}. The first document
 * with a token endpoint wins ({@link #discover}; {@link #fetch} returns the first document unjudged). Stateless apart from the HTTP client.
 */
public final class AuthServerDiscovery {
    private final OAuthHttp http;

    public AuthServerDiscovery(OAuthHttp http) {
        this.http = http;
    }

    /**
     * The first authorization server metadata document any location serves, unvalidated (the auth audit's
     * entry point: it must see an issuer mismatch or cleartext endpoints the client would not use).
     *
     * @param tried receives {@code "<url> -> <status or failure>"} per location fetched, or null
     * @return the document, or null when no location serves a JSON object
     */
    public MetadataDocument fetch(URI issuer, List<String> tried) {
        return MetadataDocument.first(http, candidates(issuer), tried);
    }

    /** The metadata of {@code issuer}, or null when no location has a usable document. */
    public AuthServerMetadata discover(URI issuer) {
        for (URI candidate : candidates(issuer)) {
            MetadataDocument d = MetadataDocument.fetch(http, candidate, null);
            AuthServerMetadata m = d == null ? null : parse(d.json(), issuer);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    static List<URI> candidates(URI issuer) {
        String origin = Urls.origin(issuer);
        String path = Urls.stripTrailingSlash(issuer.getRawPath() == null ? "" : issuer.getRawPath());
        List<URI> out = new ArrayList<>();
        if (path.isEmpty() || path.equals("/")) {
            out.add(URI.create(origin + "/.well-known/oauth-authorization-server"));
            out.add(URI.create(origin + "/.well-known/openid-configuration"));
        } else {
            out.add(URI.create(origin + "/.well-known/oauth-authorization-server" + path));
            out.add(URI.create(origin + "/.well-known/openid-configuration" + path));
            out.add(URI.create(origin + path + "/.well-known/openid-configuration"));
        }
        return out;
    }

    /** The metadata of a document, or null when it has no usable token endpoint. */
    static AuthServerMetadata parse(JsonNode doc, URI issuer) {
        URI token = endpoint(doc, "token_endpoint");
        if (token == null) {
            return null;
        }
        JsonNode iss = doc.get("issuer");
        JsonNode cimd = doc.get("client_id_metadata_document_supported");
        return new AuthServerMetadata(iss != null && iss.isString() ? iss.asString() : issuer.toString(),
                endpoint(doc, "authorization_endpoint"), token, endpoint(doc, "registration_endpoint"),
                Scopes.of(doc.get("scopes_supported")), Scopes.of(doc.get("grant_types_supported")),
                Scopes.of(doc.get("token_endpoint_auth_methods_supported")),
                Scopes.of(doc.get("code_challenge_methods_supported")), cimd != null && cimd.asBoolean(false), true);
    }

    private static URI endpoint(JsonNode doc, String field) {
        JsonNode n = doc.get(field);
        return n != null && n.isString() ? Urls.httpUri(n.asString()) : null;
    }
}
