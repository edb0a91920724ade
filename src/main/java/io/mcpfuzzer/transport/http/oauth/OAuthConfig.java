package io.mcpfuzzer.transport.http.oauth;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What the user configured for the OAuth 2.1 client ({@code --oauth-*}). Immutable.
 *
 * @param grant             {@code authorization_code}, {@code client_credentials}, or null to choose from the
 *                          authorization server's metadata (client_credentials only when it offers no
 *                          authorization_code grant or a private key is given)
 * @param clientId          a pre-registered client id, or null (then a client ID metadata document or dynamic
 *                          registration)
 * @param clientSecret      its secret, or null
 * @param scopes            requested scopes; empty = chosen from the challenge and metadata
 * @param clientIdMetadataUrl the client's metadata document URL (used as client id where supported), or null
 * @param privateKeyPem     PKCS#8 PEM of the private_key_jwt key (RFC 7523), or null
 * @param signingAlg        ES256, ES384 or RS256 (default ES256)
 * @param openBrowser       open the authorization URL in the desktop browser
 * @param headless          follow the authorization redirects with the HTTP client instead of a browser
 * @param tokenCache        the token cache file (0600), or null when caching is off
 * @param timeout           bound of every HTTP exchange of the flow
 * @param authorizationWait how long to wait for the browser's redirect to the loopback listener
 */
public record OAuthConfig(String grant, String clientId, String clientSecret, List<String> scopes,
        String clientIdMetadataUrl, String privateKeyPem, String signingAlg, boolean openBrowser, boolean headless,
        Path tokenCache, Duration timeout, Duration authorizationWait) {
    public static final String AUTHORIZATION_CODE = "authorization_code";
    public static final String CLIENT_CREDENTIALS = "client_credentials";

    public OAuthConfig {
        scopes = scopes == null ? List.of() : List.copyOf(scopes);
        signingAlg = signingAlg == null ? "ES256" : signingAlg;
        timeout = timeout == null ? Duration.ofSeconds(30) : timeout;
        authorizationWait = authorizationWait == null ? Duration.ofMinutes(5) : authorizationWait;
    }

    /** Never prints the secret or the key. */
    @Override
    public String toString() {
        return "OAuthConfig[grant=" + grant + ", clientId=" + clientId + ", clientSecret="
                + (clientSecret == null ? "none" : "***") + ", scopes=" + scopes + ", privateKey="
                + (privateKeyPem == null ? "none" : "***") + ", headless=" + headless + "]";
    }
}
