package io.mcpfuzzer.transport.http.oauth;

import java.net.URI;
import java.util.List;

/**
 * Authorization server metadata (RFC 8414 section 2, or OpenID Connect Discovery) as the client uses it, or the
 * 2025-03-26 fallback endpoints ({@link #fallback}) when the server publishes none.
 *
 * @param issuer                 the issuer identifier (the JWT {@code aud} of private_key_jwt)
 * @param authorizationEndpoint  null when absent (then only client_credentials works)
 * @param tokenEndpoint          never null
 * @param registrationEndpoint   null when dynamic registration is not offered
 * @param scopesSupported        empty when absent
 * @param grantTypes             {@code grant_types_supported}; empty when absent
 * @param tokenAuthMethods       {@code token_endpoint_auth_methods_supported}; empty when absent
 * @param codeChallengeMethods   {@code code_challenge_methods_supported}; empty when absent
 * @param clientIdMetadataDocuments {@code client_id_metadata_document_supported}
 * @param fromMetadata           false for the fallback endpoints
 */
public record AuthServerMetadata(String issuer, URI authorizationEndpoint, URI tokenEndpoint, URI registrationEndpoint,
        List<String> scopesSupported, List<String> grantTypes, List<String> tokenAuthMethods,
        List<String> codeChallengeMethods, boolean clientIdMetadataDocuments, boolean fromMetadata) {

    /** MCP 2025-03-26 "Fallbacks for Servers without Metadata Discovery": /authorize, /token, /register. */
    public static AuthServerMetadata fallback(URI server) {
        String o = Urls.origin(server);
        return new AuthServerMetadata(o, URI.create(o + "/authorize"), URI.create(o + "/token"),
                URI.create(o + "/register"), List.of(), List.of(), List.of(), List.of(), false, false);
    }

    public boolean supportsGrant(String grant) {
        return grantTypes.contains(grant);
    }
}
