package io.mcpfuzzer.transport.http.oauth;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One authorization code grant with PKCE S256 (OAuth 2.1 section 4.1, RFC 7636), {@code state} and the RFC 8707
 * {@code resource}: builds the authorization URL and obtains the code, either headless (the HTTP client follows
 * the authorization server's redirects, at most {@value #MAX_HOPS}, until one points at the redirect URI; for
 * servers that approve without a user) or through the loopback receiver after the URL was shown (and opened in a
 * browser when asked). Then exchanges the code at the token endpoint. Not thread-safe; one use per call.
 */
public final class AuthorizationCodeFlow {
    static final int MAX_HOPS = 10;
    private final OAuthHttp http;
    private final OAuthConfig cfg;
    private final TokenClient tokens;
    private final Consumer<String> userMessage;

    /** @param userMessage receives the line telling the user to open the URL (interactive mode only) */
    public AuthorizationCodeFlow(OAuthHttp http, OAuthConfig cfg, TokenClient tokens, Consumer<String> userMessage) {
        this.http = http;
        this.cfg = cfg;
        this.tokens = tokens;
        this.userMessage = userMessage;
    }

    /** Runs the grant; {@code receiver} supplies the redirect URI (and the code in interactive mode). */
    public TokenSet run(AuthServerMetadata as, ClientIdentity client, LoopbackReceiver receiver, String resource,
            List<String> scopes) {
        if (as.authorizationEndpoint() == null) {
            throw new OAuthException("the authorization server metadata has no authorization_endpoint");
        }
        if (as.fromMetadata() && !as.codeChallengeMethods().contains("S256")) {
            throw new OAuthException("the authorization server does not advertise PKCE S256 "
                    + "(code_challenge_methods_supported); MCP clients must refuse to continue");
        }
        Pkce pkce = Pkce.create();
        String state = Pkce.randomToken();
        String redirectUri = receiver.redirectUri();
        URI url = authorizationUrl(as.authorizationEndpoint(), client.clientId(), redirectUri, pkce, state, resource,
                scopes);
        receiver.arm();
        Map<String, String> answer = cfg.headless() ? followHeadless(url, redirectUri) : interactive(url, receiver);
        if (answer.containsKey("error")) {
            throw new OAuthException("the authorization server refused: " + Urls.excerpt(answer.get("error"))
                    + (answer.containsKey("error_description") ? " (" + Urls.excerpt(answer.get("error_description"))
                    + ")" : ""));
        }
        if (!state.equals(answer.get("state"))) {
            throw new OAuthException("the authorization redirect carried a wrong or no state (possible CSRF)");
        }
        String code = answer.get("code");
        if (code == null || code.isEmpty()) {
            throw new OAuthException("the authorization redirect carried no code");
        }
        return tokens.authorizationCode(as, client, code, redirectUri, pkce.verifier(), resource, scopes);
    }

    static URI authorizationUrl(URI endpoint, String clientId, String redirectUri, Pkce pkce, String state,
            String resource, List<String> scopes) {
        Map<String, String> q = new LinkedHashMap<>();
        q.put("response_type", "code");
        q.put("client_id", clientId);
        q.put("redirect_uri", redirectUri);
        q.put("code_challenge", pkce.challenge());
        q.put("code_challenge_method", "S256");
        q.put("state", state);
        q.put("scope", Scopes.join(scopes));
        q.put("resource", resource);
        String base = endpoint.toString();
        return URI.create(base + (base.contains("?") ? "&" : "?") + OAuthHttp.form(q));
    }

    private Map<String, String> followHeadless(URI start, String redirectUri) {
        URI next = start;
        for (int hop = 0; hop < MAX_HOPS; hop++) {
            OAuthHttp.Resp r;
            try {
                r = http.get(next, Map.of());
            } catch (IOException e) {
                throw new OAuthException("headless authorization: GET " + Urls.origin(next) + " failed: "
                        + e.getMessage(), e);
            }
            String location = r.header("location");
            if (r.status() < 300 || r.status() > 399 || location == null) {
                throw new OAuthException("headless authorization: the authorization server answered " + r.status()
                        + " without a redirect (it needs a user; drop --oauth-headless)");
            }
            URI target = next.resolve(location.strip());
            if (target.toString().startsWith(redirectUri)) {
                return Query.parse(target.getRawQuery());
            }
            if (Urls.httpUri(target.toString()) == null) {
                throw new OAuthException("headless authorization: redirect to a non-HTTP location");
            }
            next = target;
        }
        throw new OAuthException("headless authorization: more than " + MAX_HOPS + " redirects");
    }

    private Map<String, String> interactive(URI url, LoopbackReceiver receiver) {
        userMessage.accept("Open this URL to authorize mcp-fuzzer: " + url);
        if (cfg.openBrowser()) {
            Browser.open(url, userMessage);
        }
        return receiver.await(cfg.authorizationWait());
    }
}
