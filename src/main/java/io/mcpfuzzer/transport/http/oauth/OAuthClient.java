package io.mcpfuzzer.transport.http.oauth;

import io.mcpfuzzer.common.RuntimeSecrets;
import io.mcpfuzzer.transport.http.BearerAuth;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OAuth 2.1 client of one MCP server (MCP 2025-11-25 "Authorization"), plugged into the HTTP transports as
 * their {@link BearerAuth}. On the first 401 it discovers the protected resource metadata and the authorization
 * server, picks or registers a client, chooses the scopes ({@code --oauth-scope}, else the challenge's
 * {@code scope}, else the resource's {@code scopes_supported}, else none) and gets a token with the authorization
 * code grant (PKCE S256) or client credentials. A later 401 refreshes the token (at most {@value #MAX_REFRESHES}
 * times per run) or authorizes again (at most {@value #MAX_FLOWS} times in all); a 403 {@code insufficient_scope} steps up to the union of the held and the
 * challenged scopes, at most {@value #MAX_STEP_UPS} times. Tokens go to the {@link TokenCache} when one is set.
 * Thread-safe: challenges are handled one at a time, and a request challenged with a token that has meanwhile been
 * replaced is simply sent again. Failures are logged, counted ({@link #failures()}) and leave the 401/403 to the
 * transport. Every token (and a registered client's secret) is put in {@link RuntimeSecrets}, so reports mask it.
 */
public final class OAuthClient implements BearerAuth, AutoCloseable {
    static final int MAX_FLOWS = 3;
    static final int MAX_STEP_UPS = 2;
    /** Refreshes per run; a server that rejects every token must not cost a token request per call forever. */
    static final int MAX_REFRESHES = 20;
    private static final Logger LOG = LoggerFactory.getLogger(OAuthClient.class);

    private final URI server;
    private final String cacheKey;
    private final OAuthConfig cfg;
    private final ResourceMetadataDiscovery prmDiscovery;
    private final AuthServerDiscovery asDiscovery;
    private final ClientRegistrar registrar;
    private final TokenClient tokenClient;
    private final AuthorizationCodeFlow codeFlow;
    private final TokenCache cache;
    private final AtomicInteger failures = new AtomicInteger();

    private volatile TokenSet current;
    private ClientIdentity client;
    private AuthServerMetadata as;
    private ResourceMetadata prm;
    private String resource;
    private LoopbackReceiver receiver;
    private int flows;
    private int stepUps;
    private int refreshes;
    private volatile String lastError;

    /**
     * @param server      the MCP endpoint URL
     * @param userMessage where lines for the user go (the authorization URL in interactive mode)
     * @throws IllegalArgumentException for an unusable private key or signing algorithm
     */
    public OAuthClient(URI server, OAuthConfig cfg, Consumer<String> userMessage) {
        this(server, cfg, userMessage, null);
    }

    /**
     * @param sslContext the TLS trust of the client's https exchanges (the target's {@code --cacert} or
     *                   {@code --insecure}), or null for the JVM default
     */
    public OAuthClient(URI server, OAuthConfig cfg, Consumer<String> userMessage, javax.net.ssl.SSLContext sslContext) {
        this.server = server;
        this.cacheKey = Urls.canonical(server);
        this.cfg = cfg;
        OAuthHttp http = new OAuthHttp(cfg.timeout(), sslContext, OAuthHttp.Limits.client());
        this.prmDiscovery = new ResourceMetadataDiscovery(http);
        this.asDiscovery = new AuthServerDiscovery(http);
        this.registrar = new ClientRegistrar(http, cfg);
        JwtAssertion jwt = cfg.privateKeyPem() == null ? null : JwtAssertion.of(cfg.privateKeyPem(), cfg.signingAlg());
        this.tokenClient = new TokenClient(http, jwt);
        this.codeFlow = new AuthorizationCodeFlow(http, cfg, tokenClient, userMessage);
        this.cache = cfg.tokenCache() == null ? null : new TokenCache(cfg.tokenCache());
        TokenCache.Entry cached = cache == null ? null : cache.get(cacheKey);
        if (cached != null && (!cached.tokens().expired(Instant.now(), 30) || cached.tokens().refreshToken() != null)) {
            current = cached.tokens();
            client = cached.client();
            RuntimeSecrets.register(current.accessToken());
            RuntimeSecrets.register(current.refreshToken());
            RuntimeSecrets.register(client.secret());
        }
    }

    @Override
    public String currentToken() {
        TokenSet t = current;
        return t == null ? null : t.accessToken();
    }

    @Override
    public synchronized boolean onChallenge(int status, String wwwAuthenticate, String tokenUsed) {
        TokenSet held = current;
        if (held != null && !Objects.equals(held.accessToken(), tokenUsed)) {
            return true; // another request already got a new token
        }
        Challenge ch = Challenge.parse(wwwAuthenticate);
        try {
            if (status == 403) {
                if (!ch.insufficientScope()) {
                    return false;
                }
                if (stepUps >= MAX_STEP_UPS) {
                    fail("the server still answers 403 insufficient_scope after " + stepUps
                            + " scope step-ups; giving up");
                    return false;
                }
                stepUps++;
                discover(ch);
                List<String> heldScopes = held == null ? List.of() : held.scopes();
                obtain(Scopes.union(heldScopes, ch.scopes()));
                return true;
            }
            if (held != null && held.refreshToken() != null && refreshes < MAX_REFRESHES && tryRefresh(held, ch)) {
                return true;
            }
            if (flows >= MAX_FLOWS) {
                fail("the server still answers 401 after " + flows + " authorizations; giving up");
                return false;
            }
            flows++;
            forgetCached(held);
            discover(ch);
            obtain(initialScopes(ch));
            return true;
        } catch (OAuthException | IllegalArgumentException e) {
            fail(e.getMessage());
            return false;
        } catch (RuntimeException e) { // a bug must not kill the reader thread; the 401/403 goes to the transport
            fail("internal error in the OAuth flow: " + e);
            return false;
        }
    }

    /** How many OAuth steps failed (each one logged). */
    public int failures() {
        return failures.get();
    }

    /** The last failure's one-line message, or null. */
    public String lastError() {
        return lastError;
    }

    @Override
    public synchronized void close() {
        if (receiver != null) {
            receiver.close();
            receiver = null;
        }
    }

    private boolean tryRefresh(TokenSet held, Challenge ch) {
        try {
            refreshes++;
            discover(ch);
            current = tokenClient.refresh(as, client, held, resource);
            store();
            return true;
        } catch (OAuthException e) {
            LOG.info("OAuth: refreshing the token failed ({}); authorizing again", e.getMessage());
            current = new TokenSet(held.accessToken(), null, held.expiresAt(), held.scopes());
            return false;
        }
    }

    private void discover(Challenge ch) {
        if (as != null) {
            return;
        }
        prm = prmDiscovery.discover(server, ch);
        if (prm != null) {
            resource = prm.resource();
            for (URI issuer : prm.authorizationServers()) {
                as = asDiscovery.discover(issuer);
                if (as != null) {
                    break;
                }
            }
            if (as == null) {
                throw new OAuthException("no authorization server metadata found for "
                        + prm.authorizationServers());
            }
        } else {
            resource = Urls.canonical(server);
            as = asDiscovery.discover(URI.create(Urls.origin(server)));
            if (as == null) {
                as = AuthServerMetadata.fallback(server);
            }
        }
    }

    private List<String> initialScopes(Challenge ch) {
        if (!cfg.scopes().isEmpty()) {
            return cfg.scopes();
        }
        if (!ch.scopes().isEmpty()) {
            return ch.scopes();
        }
        return prm == null ? List.of() : prm.scopesSupported();
    }

    private void obtain(List<String> scopes) {
        String grant = grant();
        if (OAuthConfig.CLIENT_CREDENTIALS.equals(grant)) {
            if (client == null || "cached".equals(client.origin())) {
                client = registrar.identity(as, grant, null);
            }
            current = tokenClient.clientCredentials(as, client, resource, scopes);
        } else {
            LoopbackReceiver r = receiver();
            if (client == null || "cached".equals(client.origin())) {
                client = registrar.identity(as, grant, r.redirectUri());
            }
            current = codeFlow.run(as, client, r, resource, scopes);
        }
        RuntimeSecrets.register(client.secret());
        LOG.info("OAuth: got a token for {} (client {}, scopes {})", resource, client.clientId(), current.scopes());
        store();
    }

    private String grant() {
        if (cfg.grant() != null) {
            return cfg.grant();
        }
        if (cfg.privateKeyPem() != null) {
            return OAuthConfig.CLIENT_CREDENTIALS;
        }
        boolean onlyClientCredentials = as.fromMetadata() && as.supportsGrant(OAuthConfig.CLIENT_CREDENTIALS)
                && !as.supportsGrant(OAuthConfig.AUTHORIZATION_CODE);
        return onlyClientCredentials ? OAuthConfig.CLIENT_CREDENTIALS : OAuthConfig.AUTHORIZATION_CODE;
    }

    private LoopbackReceiver receiver() {
        if (receiver == null) {
            try {
                receiver = new LoopbackReceiver();
            } catch (IOException e) {
                throw new OAuthException("cannot open the loopback redirect listener: " + e.getMessage(), e);
            }
        }
        return receiver;
    }

    private void store() {
        RuntimeSecrets.register(current.accessToken());
        RuntimeSecrets.register(current.refreshToken());
        if (cache == null) {
            return;
        }
        try {
            cache.put(cacheKey, current, client);
        } catch (IOException | UncheckedIOException e) {
            failures.incrementAndGet();
            LOG.warn("OAuth: could not write the token cache {}: {}", cache.file(), e.getMessage());
        }
    }

    private void forgetCached(TokenSet held) {
        if (held == null || cache == null) {
            return;
        }
        try {
            cache.remove(cacheKey);
        } catch (IOException e) {
            failures.incrementAndGet();
            LOG.warn("OAuth: could not update the token cache {}: {}", cache.file(), e.getMessage());
        }
    }

    private void fail(String message) {
        failures.incrementAndGet();
        lastError = message;
        LOG.error("OAuth: {}", message);
    }
}
