package io.mcpfuzzer.transport.http.oauth;

/**
 * The client as the authorization server knows it.
 *
 * @param clientId   never null
 * @param secret     null for a public client
 * @param authMethod token endpoint authentication: client_secret_basic, client_secret_post, none or
 *                   private_key_jwt
 * @param origin     how it was obtained: pre-registered, metadata-document or registered
 */
public record ClientIdentity(String clientId, String secret, String authMethod, String origin) {
    @Override
    public String toString() {
        return "ClientIdentity[" + clientId + ", " + authMethod + ", " + origin + "]";
    }
}
