package io.mcpfuzzer.testservers;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcpfuzzer.common.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OAuth 2.1 authorization server and the MCP server it protects, on one 127.0.0.1 port, for the auth
 * audit: protected resource metadata at {@code /.well-known/oauth-protected-resource/mcp}, authorization server
 * metadata for issuer {@code <base>/as} at {@code /.well-known/oauth-authorization-server/as}, authorize (approves
 * at once, no login), token (authorization_code with PKCE, client_credentials), dynamic registration, and a
 * stateless Streamable HTTP MCP endpoint {@code /mcp} (JSON answers) with one tool.
 *
 * <p>With no {@link Flaw} it is strict: S256 only, exact redirect_uri match, state returned, tokens bound to
 * their RFC 8707 resource and checked by the MCP server, every MCP request needs a token, registration
 * accepts loopback redirect URIs only. Each flaw switches one of these off. A static confidential client
 * {@link #STATIC_CLIENT}/{@link #STATIC_SECRET} may use client_credentials. Thread-safe; runs in the test JVM
 * or as a process ({@code main}: flaw names or {@code all}; prints the MCP URL).
 */
public final class AuthFixtureServer implements AutoCloseable {
    public static final String STATIC_CLIENT = "test-client";
    public static final String STATIC_SECRET = "test-secret";

    /** One switchable flaw, named after the check that finds it. */
    public enum Flaw {
        CLEARTEXT_ENDPOINT, ISSUER_MISMATCH, NO_S256, LEGACY_GRANTS, RESOURCE_NOT_BOUND, PKCE_OPTIONAL, PLAIN_ACCEPTED,
        DROPS_STATE, HANDSHAKE_ONLY_AUTH, NO_AUDIENCE_CHECK, OPEN_REDIRECT, OPEN_REGISTRATION
    }

    private record Client(String secret, List<String> redirects) {}

    private record Code(String client, String redirect, String challenge, String method, String resource) {}

    private final Set<Flaw> flaws;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "auth-fixture");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Client> clients = new ConcurrentHashMap<>();
    private final Map<String, Code> codes = new ConcurrentHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>(); // token -> resource

    public AuthFixtureServer(Set<Flaw> flaws) throws IOException {
        this.flaws = flaws.isEmpty() ? EnumSet.noneOf(Flaw.class) : EnumSet.copyOf(flaws);
        clients.put(STATIC_CLIENT, new Client(STATIC_SECRET, List.of()));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(executor);
        server.createContext("/", this::route);
        server.start();
    }

    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public String mcpUrl() {
        return base() + "/mcp";
    }

    public String issuer() {
        return base() + "/as";
    }

    /** A fresh valid token for the MCP server (as a user would pass it with --header). */
    public String staticToken() {
        String t = "static-" + UUID.randomUUID();
        tokens.put(t, mcpUrl());
        return t;
    }

    private boolean has(Flaw f) {
        return flaws.contains(f);
    }

    private void route(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            switch (path) {
                case "/.well-known/oauth-protected-resource/mcp" -> json(ex, 200, prm());
                case "/.well-known/oauth-authorization-server/as" -> json(ex, 200, asMetadata());
                case "/as/authorize" -> authorize(ex);
                case "/as/token" -> token(ex);
                case "/as/register" -> register(ex);
                case "/mcp" -> mcp(ex);
                default -> {
                    ex.getRequestBody().readNBytes(1 << 16);
                    json(ex, 404, Json.object().put("error", "not_found"));
                }
            }
        } catch (RuntimeException e) {
            json(ex, 500, Json.object().put("error", "server_error"));
        }
    }

    private ObjectNode prm() {
        ObjectNode m = Json.object();
        m.put("resource", has(Flaw.RESOURCE_NOT_BOUND) ? "https://mcp.example.com/mcp" : mcpUrl());
        m.putArray("authorization_servers").add(issuer());
        m.putArray("bearer_methods_supported").add("header");
        return m;
    }

    private ObjectNode asMetadata() {
        ObjectNode m = Json.object();
        m.put("issuer", has(Flaw.ISSUER_MISMATCH) ? base() + "/other-issuer" : issuer());
        m.put("authorization_endpoint", issuer() + "/authorize");
        m.put("token_endpoint", issuer() + "/token");
        m.put("registration_endpoint", issuer() + "/register");
        if (has(Flaw.CLEARTEXT_ENDPOINT)) {
            m.put("revocation_endpoint", "http://auth.example.net/revoke");
        }
        var rt = m.putArray("response_types_supported").add("code");
        var gt = m.putArray("grant_types_supported").add("authorization_code").add("client_credentials");
        if (has(Flaw.LEGACY_GRANTS)) {
            rt.add("token");
            gt.add("implicit").add("password");
        }
        var cc = m.putArray("code_challenge_methods_supported");
        if (has(Flaw.NO_S256)) {
            cc.add("plain");
        } else {
            cc.add("S256");
        }
        m.putArray("token_endpoint_auth_methods_supported").add("none").add("client_secret_basic");
        return m;
    }

    private void authorize(HttpExchange ex) throws IOException {
        Map<String, String> q = form(ex.getRequestURI().getRawQuery());
        Client client = clients.get(q.getOrDefault("client_id", ""));
        String redirect = q.getOrDefault("redirect_uri", "");
        if (client == null) {
            json(ex, 400, Json.object().put("error", "invalid_client"));
            return;
        }
        if (!has(Flaw.OPEN_REDIRECT) && !client.redirects().contains(redirect)) {
            json(ex, 400, Json.object().put("error", "invalid_request").put("error_description", "redirect_uri"));
            return;
        }
        Map<String, String> answer = new LinkedHashMap<>();
        String challenge = q.get("code_challenge");
        String method = q.getOrDefault("code_challenge_method", challenge == null ? null : "plain");
        if (!"code".equals(q.get("response_type"))) {
            answer.put("error", "unsupported_response_type");
        } else if (challenge == null && !has(Flaw.PKCE_OPTIONAL)) {
            answer.put("error", "invalid_request");
        } else if ("plain".equals(method) && !has(Flaw.PLAIN_ACCEPTED)) {
            answer.put("error", "invalid_request");
        } else if (method != null && !method.equals("plain") && !method.equals("S256")) {
            answer.put("error", "invalid_request");
        } else {
            String code = UUID.randomUUID().toString();
            codes.put(code, new Code(q.get("client_id"), redirect, challenge, method, q.get("resource")));
            answer.put("code", code);
        }
        if (q.containsKey("state") && !has(Flaw.DROPS_STATE)) {
            answer.put("state", q.get("state"));
        }
        ex.getResponseHeaders().set("Location", redirect + (redirect.contains("?") ? "&" : "?") + encode(answer));
        ex.sendResponseHeaders(302, -1);
    }

    private void token(HttpExchange ex) throws IOException {
        Map<String, String> f = form(new String(ex.getRequestBody().readNBytes(1 << 16), StandardCharsets.UTF_8));
        String clientId = f.get("client_id");
        String secret = null;
        String basic = ex.getRequestHeaders().getFirst("Authorization");
        if (basic != null && basic.startsWith("Basic ")) {
            String pair = new String(Base64.getDecoder().decode(basic.substring(6)), StandardCharsets.UTF_8);
            int at = pair.indexOf(':');
            clientId = URLDecoder.decode(pair.substring(0, at), StandardCharsets.UTF_8);
            secret = URLDecoder.decode(pair.substring(at + 1), StandardCharsets.UTF_8);
        }
        Client client = clientId == null ? null : clients.get(clientId);
        if (client == null || (client.secret() != null && !client.secret().equals(secret))) {
            json(ex, 401, Json.object().put("error", "invalid_client"));
            return;
        }
        String resource = f.get("resource");
        switch (f.getOrDefault("grant_type", "")) {
            case "client_credentials" -> {
                if (client.secret() == null) {
                    json(ex, 400, Json.object().put("error", "unauthorized_client"));
                    return;
                }
            }
            case "authorization_code" -> {
                Code code = codes.remove(f.getOrDefault("code", ""));
                if (code == null || !code.client().equals(clientId) || !code.redirect().equals(f.get("redirect_uri"))
                        || !pkceOk(code, f.get("code_verifier"))) {
                    json(ex, 400, Json.object().put("error", "invalid_grant"));
                    return;
                }
                if (resource == null) {
                    resource = code.resource();
                } else if (code.resource() != null && !code.resource().equals(resource)) {
                    json(ex, 400, Json.object().put("error", "invalid_target"));
                    return;
                }
            }
            default -> {
                json(ex, 400, Json.object().put("error", "unsupported_grant_type"));
                return;
            }
        }
        String token = "at-" + UUID.randomUUID();
        tokens.put(token, resource == null ? "" : resource);
        json(ex, 200, Json.object().put("access_token", token).put("token_type", "Bearer").put("expires_in", 3600));
    }

    private boolean pkceOk(Code code, String verifier) {
        if (code.challenge() == null) {
            return true; // only reachable with PKCE_OPTIONAL
        }
        if (verifier == null) {
            return false;
        }
        return code.method().equals("plain") ? verifier.equals(code.challenge()) : s256(verifier).equals(code.challenge());
    }

    private void register(HttpExchange ex) throws IOException {
        JsonNode req = Json.parse(new String(ex.getRequestBody().readNBytes(1 << 16), StandardCharsets.UTF_8));
        List<String> redirects = new java.util.ArrayList<>();
        req.path("redirect_uris").forEach(r -> redirects.add(r.asString("")));
        for (String r : redirects) {
            URI u = URI.create(r);
            boolean loopback = "http".equals(u.getScheme()) && List.of("127.0.0.1", "localhost", "[::1]").contains(u.getHost());
            if (!loopback && !has(Flaw.OPEN_REGISTRATION)) {
                json(ex, 400, Json.object().put("error", "invalid_redirect_uri"));
                return;
            }
        }
        if (redirects.isEmpty()) {
            json(ex, 400, Json.object().put("error", "invalid_redirect_uri"));
            return;
        }
        String id = "dyn-" + UUID.randomUUID();
        boolean confidential = !"none".equals(req.path("token_endpoint_auth_method").asString("none"));
        String secret = confidential ? UUID.randomUUID().toString() : null;
        clients.put(id, new Client(secret, List.copyOf(redirects)));
        ObjectNode out = Json.object().put("client_id", id);
        if (secret != null) {
            out.put("client_secret", secret);
        }
        redirects.forEach(out.putArray("redirect_uris")::add);
        json(ex, 201, out);
    }

    private void mcp(HttpExchange ex) throws IOException {
        byte[] body = ex.getRequestBody().readNBytes(1 << 20);
        if (!"POST".equals(ex.getRequestMethod())) {
            ex.sendResponseHeaders(405, -1);
            return;
        }
        JsonNode msg = Json.parse(new String(body, StandardCharsets.UTF_8));
        String method = msg.path("method").asString("");
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        String token = auth != null && auth.startsWith("Bearer ") ? auth.substring(7).trim() : null;
        String resource = token == null ? null : tokens.get(token);
        boolean valid = resource != null && (has(Flaw.NO_AUDIENCE_CHECK) || resource.equals(mcpUrl()));
        boolean open = has(Flaw.HANDSHAKE_ONLY_AUTH) && !method.equals("initialize");
        if (!valid && !open) {
            String challenge = "Bearer resource_metadata=\"" + base() + "/.well-known/oauth-protected-resource/mcp\""
                    + (token == null ? "" : ", error=\"invalid_token\"");
            ex.getResponseHeaders().set("WWW-Authenticate", challenge);
            json(ex, 401, Json.object().put("error", token == null ? "unauthorized" : "invalid_token"));
            return;
        }
        if (!msg.has("id")) {
            ex.sendResponseHeaders(202, -1);
            return;
        }
        ObjectNode result = Json.object();
        switch (method) {
            case "initialize" -> {
                result.put("protocolVersion", "2025-11-25");
                result.putObject("capabilities").putObject("tools");
                result.putObject("serverInfo").put("name", "auth-fixture").put("version", "1.0.0");
            }
            case "tools/list" -> {
                ObjectNode tool = result.putArray("tools").addObject().put("name", "echo").put("description", "Echo text");
                ObjectNode schema = tool.putObject("inputSchema").put("type", "object");
                schema.putObject("properties").putObject("text").put("type", "string");
            }
            case "tools/call" -> result.putArray("content").addObject().put("type", "text")
                    .put("text", msg.path("params").path("arguments").path("text").asString(""));
            case "ping" -> { }
            default -> {
                ObjectNode err = Json.object().put("jsonrpc", "2.0");
                err.set("id", msg.get("id"));
                err.putObject("error").put("code", -32601).put("message", "Method not found");
                json(ex, 200, err);
                return;
            }
        }
        ObjectNode answer = Json.object().put("jsonrpc", "2.0");
        answer.set("id", msg.get("id"));
        answer.set("result", result);
        json(ex, 200, answer);
    }

    private static Map<String, String> form(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String p : raw.split("&")) {
            int eq = p.indexOf('=');
            out.put(URLDecoder.decode(eq < 0 ? p : p.substring(0, eq), StandardCharsets.UTF_8),
                    eq < 0 ? "" : URLDecoder.decode(p.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    private static String encode(Map<String, String> m) {
        StringBuilder b = new StringBuilder();
        m.forEach((k, v) -> b.append(b.length() == 0 ? "" : "&").append(k).append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return b.toString();
    }

    private static String s256(String verifier) {
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void json(HttpExchange ex, int status, JsonNode body) throws IOException {
        byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    /** {@code AuthFixtureServer [all | FLAW...]}: prints the MCP URL, serves until stdin closes. */
    public static void main(String[] args) throws Exception {
        Set<Flaw> flaws = EnumSet.noneOf(Flaw.class);
        for (String a : args) {
            if (a.equals("all")) {
                flaws = EnumSet.allOf(Flaw.class);
            } else {
                flaws.add(Flaw.valueOf(a));
            }
        }
        try (AuthFixtureServer s = new AuthFixtureServer(flaws)) {
            System.out.println(s.mcpUrl());
            System.out.flush();
            while (System.in.read() >= 0) {
                // serve until stdin closes
            }
        }
    }
}
