package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.transport.http.oauth.OAuthHttp;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Drives an OAuth authorization server headlessly for the auth audit: an authorization request whose
 * redirects are followed on the authorization server's own host (at most {@link #MAX_HOPS}) until one
 * points at the client's redirect URI (never fetched: its query is the authorization response), a token
 * request (RFC 6749 section 4.1.3 with PKCE and RFC 8707 {@code resource}) and a dynamic client registration
 * (RFC 7591). A page (HTTP 200) means interactive login or consent: the headless checks cannot go on.
 * Stateless apart from the {@link AuthHttp} it uses; thread-safe.
 */
final class AuthorizationDriver {
    static final int MAX_HOPS = 5;
    private static final int MAX_PARAMS = 50;

    /** A client: {@code secret} null for a public client. */
    record Client(String id, String secret, String redirectUri) {}

    enum Kind { CALLBACK, FOREIGN_REDIRECT, PAGE, REJECTED, FAILED }

    /**
     * @param params   the authorization response (query of the redirect to the client), empty unless CALLBACK
     * @param location the last redirect target, or null
     * @param note     why it ended this way (for skip reasons and evidence), never null
     */
    record Outcome(Kind kind, int status, String location, Map<String, String> params, String note) {
        String code() {
            return kind == Kind.CALLBACK ? params.get("code") : null;
        }

        boolean codeReturned() {
            String c = code();
            return c != null && !c.isEmpty();
        }
    }

    /** @param accessToken null when none was issued; then {@code error} says why */
    record Token(int status, String accessToken, String error) {}

    /** @param clientId null when the registration was refused; then {@code note} says why */
    record Registration(int status, String clientId, String clientSecret, String note) {}

    private final AuthHttp http;

    AuthorizationDriver(AuthHttp http) {
        this.http = http;
    }

    /** Sends the authorization request and follows it as the class comment says. */
    Outcome authorize(URI endpoint, Map<String, String> params, String redirectUri) {
        String sep = endpoint.getRawQuery() == null ? "?" : "&";
        URI url = URI.create(endpoint + sep + AuthHttp.form(params));
        for (int hop = 0; hop <= MAX_HOPS; hop++) {
            AuthHttp.Answer a = http.get(url, Map.of("Accept", "text/html, application/json"));
            if (a.status() < 0) {
                return new Outcome(Kind.FAILED, -1, null, Map.of(), a.error());
            }
            if (a.status() >= 300 && a.status() < 400) {
                String loc = a.header("Location");
                if (loc == null) {
                    return new Outcome(Kind.REJECTED, a.status(), null, Map.of(), "redirect without Location");
                }
                URI next;
                try {
                    next = url.resolve(loc.trim());
                } catch (IllegalArgumentException e) {
                    return new Outcome(Kind.REJECTED, a.status(), snippet(loc), Map.of(), "unusable Location");
                }
                if (sameTarget(next, redirectUri)) {
                    return new Outcome(Kind.CALLBACK, a.status(), next.toString(), query(next.getRawQuery()),
                            "redirected to the client's redirect URI");
                }
                if (next.getHost() == null || !next.getHost().equalsIgnoreCase(endpoint.getHost())) {
                    return new Outcome(Kind.FOREIGN_REDIRECT, a.status(), snippet(next.toString()), Map.of(),
                            "redirected to another host (a login service?)");
                }
                url = next;
                continue;
            }
            if (a.status() == 200) {
                return new Outcome(Kind.PAGE, 200, null, Map.of(), "the authorization endpoint answered a page "
                        + "(interactive login or consent)");
            }
            return new Outcome(Kind.REJECTED, a.status(), null, Map.of(), "HTTP " + a.status() + ": "
                    + snippet(a.body()));
        }
        return new Outcome(Kind.FAILED, -1, snippet(url.toString()), Map.of(), "more than " + MAX_HOPS + " redirects");
    }

    /** Token request; the client authenticates with HTTP Basic when it has a secret, else sends client_id. */
    Token token(URI endpoint, Map<String, String> form, Client client) {
        Map<String, String> body = new LinkedHashMap<>(form);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "application/json");
        if (client.secret() != null) {
            headers.put("Authorization", OAuthHttp.basicAuth(client.id(), client.secret()));
        } else {
            body.put("client_id", client.id());
        }
        AuthHttp.Answer a = http.postForm(endpoint, body, headers);
        if (a.status() < 0) {
            return new Token(-1, null, a.error());
        }
        JsonNode json = parse(a.body());
        String token = json.path("access_token").asString("");
        if (a.ok() && !token.isEmpty()) {
            return new Token(a.status(), token, null);
        }
        String err = json.path("error").asString("");
        return new Token(a.status(), null, "HTTP " + a.status() + (err.isEmpty() ? "" : " error=" + snippet(err)));
    }

    /** Dynamic client registration of a client with these redirect URIs and grants. */
    Registration register(URI endpoint, List<String> redirectUris, List<String> grants, String authMethod) {
        ObjectNode req = Json.object();
        req.put("client_name", "mcp-fuzzer auth audit");
        redirectUris.forEach(req.putArray("redirect_uris")::add);
        grants.forEach(req.putArray("grant_types")::add);
        req.putArray("response_types").add("code");
        req.put("token_endpoint_auth_method", authMethod);
        AuthHttp.Answer a = http.postJson(endpoint, Json.write(req), Map.of());
        if (a.status() < 0) {
            return new Registration(-1, null, null, a.error());
        }
        JsonNode json = parse(a.body());
        String id = json.path("client_id").asString("");
        if (a.ok() && !id.isEmpty()) {
            String secret = json.path("client_secret").asString("");
            return new Registration(a.status(), id, secret.isEmpty() ? null : secret, "registered");
        }
        String err = json.path("error").asString("");
        return new Registration(a.status(), null, null, "HTTP " + a.status() + (err.isEmpty() ? "" : " error=" + snippet(err)));
    }

    /** The URL with the values of code, state and token parameters replaced (for evidence). */
    static String masked(String location) {
        if (location == null) {
            return null;
        }
        int q = location.indexOf('?');
        if (q < 0) {
            return snippet(location);
        }
        StringBuilder out = new StringBuilder(location.substring(0, q + 1));
        String[] parts = location.substring(q + 1).split("&", MAX_PARAMS);
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            int eq = p.indexOf('=');
            String k = eq < 0 ? p : p.substring(0, eq);
            out.append(i > 0 ? "&" : "").append(k);
            if (eq >= 0) {
                out.append('=').append(List.of("code", "state", "access_token", "id_token").contains(k)
                        ? "<redacted>" : p.substring(eq + 1));
            }
        }
        return snippet(out.toString());
    }

    static boolean sameTarget(URI a, String b) {
        URI u;
        try {
            u = URI.create(b);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return a.getScheme() != null && u.getScheme() != null && a.getScheme().equalsIgnoreCase(u.getScheme())
                && a.getHost() != null && u.getHost() != null && a.getHost().equalsIgnoreCase(u.getHost())
                && port(a) == port(u) && path(a).equals(path(u));
    }

    static String snippet(String s) {
        if (s == null) {
            return "";
        }
        String t = s.length() > 200 ? s.substring(0, 200) + "..." : s;
        StringBuilder out = new StringBuilder();
        t.codePoints().forEach(c -> out.appendCodePoint(c < 0x20 || c == 0x7f ? ' ' : c));
        return out.toString();
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null) {
            return out;
        }
        for (String p : raw.split("&", MAX_PARAMS)) {
            int eq = p.indexOf('=');
            try {
                String k = URLDecoder.decode(eq < 0 ? p : p.substring(0, eq), StandardCharsets.UTF_8);
                out.putIfAbsent(k, eq < 0 ? "" : URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                out.putIfAbsent(p, "");
            }
        }
        return out;
    }

    private static JsonNode parse(String body) {
        try {
            JsonNode n = Json.parse(body);
            return n == null ? Json.object() : n;
        } catch (RuntimeException e) {
            return Json.object();
        }
    }

    private static int port(URI u) {
        if (u.getPort() >= 0) {
            return u.getPort();
        }
        return u.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }

    private static String path(URI u) {
        String p = u.getRawPath() == null ? "" : u.getRawPath();
        return p.isEmpty() ? "/" : p;
    }
}
