package io.mcpfuzzer.transport.http.oauth;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small real OAuth authorization server plus protected resource for the OAuth client's tests, on one loopback
 * port: protected resource metadata (optional), RFC 8414 metadata (optional), /register, /authorize (approves at
 * once with a 302 to the redirect URI), /token (checks PKCE S256 and records every form), and /mcp, which wants a
 * token carrying {@link #requiredScopes}. Everything received is recorded for assertions. Thread-safe enough for
 * tests (synchronized lists).
 */
final class MiniAuthServer implements AutoCloseable {
    final HttpServer server;
    final List<String> paths = Collections.synchronizedList(new ArrayList<>());
    final List<Map<String, String>> authorizeQueries = Collections.synchronizedList(new ArrayList<>());
    final List<Map<String, String>> tokenForms = Collections.synchronizedList(new ArrayList<>());
    final List<String> tokenAuthHeaders = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger tokensIssued = new AtomicInteger();
    volatile boolean prm = true;
    volatile boolean metadata = true;
    volatile List<String> authMethods = List.of("client_secret_basic");
    volatile List<String> grantTypes = List.of("authorization_code", "refresh_token");
    volatile List<String> scopesSupported = List.of();
    volatile List<String> requiredScopes = List.of();
    volatile String challengeScope;
    volatile boolean grantNoScopes;
    /** The JSON number text of {@code expires_in} in token answers. */
    volatile String expiresIn = "3600";
    volatile String forcedState;
    private volatile String lastChallenge;
    private final Map<String, List<String>> tokenScopes = Collections.synchronizedMap(new java.util.HashMap<>());

    MiniAuthServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", this::handle);
        server.start();
    }

    String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    URI mcp() {
        return URI.create(base() + "/mcp");
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        paths.add(ex.getRequestMethod() + " " + path);
        String body = new String(ex.getRequestBody().readNBytes(64 * 1024), StandardCharsets.UTF_8);
        switch (path) {
            case "/.well-known/oauth-protected-resource/mcp" -> {
                if (!prm) {
                    send(ex, 404, "{}");
                    return;
                }
                ObjectNode doc = Json.object();
                doc.put("resource", base() + "/mcp");
                doc.putArray("authorization_servers").add(base());
                if (!scopesSupported.isEmpty()) {
                    scopesSupported.forEach(doc.putArray("scopes_supported")::add);
                }
                send(ex, 200, Json.write(doc));
            }
            case "/.well-known/oauth-authorization-server" -> {
                if (!metadata) {
                    send(ex, 404, "{}");
                    return;
                }
                ObjectNode doc = Json.object();
                doc.put("issuer", base());
                doc.put("authorization_endpoint", base() + "/authorize");
                doc.put("token_endpoint", base() + "/token");
                doc.put("registration_endpoint", base() + "/register");
                doc.putArray("code_challenge_methods_supported").add("S256");
                authMethods.forEach(doc.putArray("token_endpoint_auth_methods_supported")::add);
                grantTypes.forEach(doc.putArray("grant_types_supported")::add);
                send(ex, 200, Json.write(doc));
            }
            case "/register" -> send(ex, 201, "{\"client_id\":\"dyn-client\",\"client_secret\":\"dyn-secret-123\"}");
            case "/authorize" -> {
                Map<String, String> q = Query.parse(ex.getRequestURI().getRawQuery());
                authorizeQueries.add(q);
                lastChallenge = q.get("code_challenge");
                String location = q.get("redirect_uri") + "?code=code-" + authorizeQueries.size() + "&state="
                        + OAuthHttp.enc(forcedState != null ? forcedState : q.getOrDefault("state", ""));
                ex.getResponseHeaders().set("Location", location);
                send(ex, 302, "");
            }
            case "/token" -> token(ex, body);
            case "/mcp" -> mcp(ex);
            default -> send(ex, 404, "{}");
        }
    }

    private void token(HttpExchange ex, String body) throws IOException {
        Map<String, String> form = Query.parse(body);
        tokenForms.add(form);
        tokenAuthHeaders.add(ex.getRequestHeaders().getFirst("Authorization"));
        if ("authorization_code".equals(form.get("grant_type"))
                && (lastChallenge == null || !lastChallenge.equals(Pkce.s256(form.getOrDefault("code_verifier", ""))))) {
            send(ex, 400, "{\"error\":\"invalid_grant\",\"error_description\":\"PKCE mismatch\"}");
            return;
        }
        List<String> scopes;
        if ("refresh_token".equals(form.get("grant_type"))) {
            scopes = tokenScopes.getOrDefault(form.get("refresh_token").replace("refresh-", "token-"), List.of());
        } else if ("authorization_code".equals(form.get("grant_type"))) {
            scopes = Scopes.split(authorizeQueries.get(authorizeQueries.size() - 1).get("scope"));
        } else {
            scopes = Scopes.split(form.get("scope"));
        }
        scopes = grantNoScopes ? List.of() : scopes;
        String token = "token-" + tokensIssued.incrementAndGet();
        tokenScopes.put(token, scopes);
        send(ex, 200, "{\"access_token\":\"" + token + "\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn + ","
                + "\"refresh_token\":\"refresh-" + token.substring(6) + "\",\"scope\":\"" + String.join(" ", scopes)
                + "\"}");
    }

    private void mcp(HttpExchange ex) throws IOException {
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        String meta = "resource_metadata=\"" + base() + "/.well-known/oauth-protected-resource/mcp\"";
        String scope = challengeScope == null ? "" : ", scope=\"" + challengeScope + "\"";
        if (auth == null || !auth.startsWith("Bearer ") || !tokenScopes.containsKey(auth.substring(7))) {
            ex.getResponseHeaders().set("WWW-Authenticate", "Bearer " + (prm ? meta : "error=\"invalid_token\"")
                    + scope);
            send(ex, 401, "{\"error\":\"invalid_token\"}");
            return;
        }
        if (!tokenScopes.get(auth.substring(7)).containsAll(requiredScopes)) {
            ex.getResponseHeaders().set("WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\""
                    + String.join(" ", requiredScopes) + "\", " + meta);
            send(ex, 403, "{\"error\":\"insufficient_scope\"}");
            return;
        }
        send(ex, 200, "{\"ok\":true}");
    }

    /** Forgets a token, as a server restart would (the next request with it is a 401). */
    void revoke(String token) {
        tokenScopes.remove(token);
    }

    static String basic(String header) {
        return header == null ? null
                : new String(Base64.getDecoder().decode(header.substring(6)), StandardCharsets.UTF_8);
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(b);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
