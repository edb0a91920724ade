package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.audit.AuthCheck;
import io.mcpfuzzer.oracle.audit.TransportAudit;
import io.mcpfuzzer.transport.http.oauth.Pkce;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The auth audit's checks that drive the authorization server (see {@link AuthorizationDriver}): state
 * returned (MCPF-AUTH-008), PKCE downgrade without a challenge (006) and with {@code plain} (007), token
 * audience at the MCP server (010), and, intrusive only, the {@link AuthIntrusiveChecks}. The client is the configured one, else one registered dynamically with
 * a loopback redirect URI. One audit, one thread.
 */
final class AuthFlowChecks {
    private final AuthAudit.Options options;
    private final AuthorizationDriver driver;
    private final AuthMcpCalls mcp;
    private final AuthAuditLog log;
    private final JsonNode as;
    private final URI authz;
    private final URI tokenEndpoint;
    private final URI registration;
    private final String resource;
    private final AuthIntrusiveChecks intrusive;

    AuthFlowChecks(AuthAudit.Options options, AuthHttp http, AuthMcpCalls mcp, AuthMetadataFetch.Discovery d,
            AuthAuditLog log) {
        this.options = options;
        this.driver = new AuthorizationDriver(http);
        this.mcp = mcp;
        this.log = log;
        this.as = d.serverMetadata() == null ? null : d.serverMetadata().json();
        this.authz = uri("authorization_endpoint");
        this.tokenEndpoint = uri("token_endpoint");
        this.registration = uri("registration_endpoint");
        this.resource = options.endpoint().trim();
        this.intrusive = new AuthIntrusiveChecks(driver, log, authz, registration, resource);
    }

    /** @param tokenRequired whether the server refused an unauthenticated initialize (401/403) */
    void run(boolean tokenRequired) {
        if (options.intrusive()) {
            intrusive.attackerRegistration();
        } else {
            log.notRun(AuthCheck.OPEN_REDIRECT, "intrusive: needs --auth-audit-intrusive");
            log.notRun(AuthCheck.REGISTRATION_ATTACKER_REDIRECT, "intrusive: needs --auth-audit-intrusive");
        }
        String[] why = {"no authorization_endpoint in authorization server metadata"};
        AuthorizationDriver.Client client = authz == null ? null : client(why);
        AuthorizationDriver.Outcome base = null;
        if (client != null) {
            String state = Pkce.randomToken();
            base = driver.authorize(authz, params(client, client.redirectUri(), Pkce.s256(
                    Pkce.randomToken()), "S256", state, resource), client.redirectUri());
            state(base, state);
            why[0] = "the authorization request with PKCE S256 got no code back (" + base.note() + ")";
        }
        boolean headless = base != null && base.codeReturned();
        if (headless) {
            downgrade(client, null);
            downgrade(client, "plain");
            if (options.intrusive()) {
                intrusive.openRedirect(client);
            }
        } else {
            log.skipOpen(why[0], AuthCheck.PKCE_NOT_REQUIRED, AuthCheck.PKCE_PLAIN_ACCEPTED,
                    AuthCheck.STATE_NOT_RETURNED, AuthCheck.OPEN_REDIRECT);
        }
        AuthorizationDriver.Client confidential = options.clientId() != null && options.clientSecret() != null
                ? new AuthorizationDriver.Client(options.clientId(), options.clientSecret(), options.redirectUri()) : null;
        if (headless) {
            audience(tokenRequired, res -> viaCode(client, res));
        } else if (confidential != null && tokenEndpoint != null) {
            audience(tokenRequired, res -> viaClientCredentials(confidential, res));
        } else {
            log.skipped(AuthCheck.AUDIENCE_NOT_CHECKED, why[0] + "; no client secret for client_credentials either");
        }
    }

    /** A token for {@code res} by the authorization code flow (PKCE S256); no access token when no code came back. */
    private AuthorizationDriver.Token viaCode(AuthorizationDriver.Client client, String res) {
        String verifier = Pkce.randomToken();
        AuthorizationDriver.Outcome o = driver.authorize(authz, params(client, client.redirectUri(),
                Pkce.s256(verifier), "S256", Pkce.randomToken(), res), client.redirectUri());
        return o.codeReturned() ? redeem(o, client, verifier, res) : new AuthorizationDriver.Token(o.status(), null, o.note());
    }

    /** A token for {@code res} by client_credentials (RFC 6749 section 4.4 with RFC 8707 resource). */
    private AuthorizationDriver.Token viaClientCredentials(AuthorizationDriver.Client client, String res) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "client_credentials");
        form.put("resource", res);
        return driver.token(tokenEndpoint, form, client);
    }

    private void state(AuthorizationDriver.Outcome base, String sent) {
        if (base.kind() != AuthorizationDriver.Kind.CALLBACK) {
            return;
        }
        String got = base.params().get("state");
        if (sent.equals(got)) {
            log.passed(AuthCheck.STATE_NOT_RETURNED, "state came back unchanged");
            return;
        }
        Map<String, Object> ev = ev();
        ev.put("state_sent", true);
        ev.put("state_returned", got == null ? "absent" : "different");
        ev.put("redirect", AuthorizationDriver.masked(base.location()));
        log.found(AuthCheck.STATE_NOT_RETURNED.finding(target(authz), "The authorization response "
                + (got == null ? "dropped" : "changed") + " the state parameter of the request, so a client cannot "
                + "tie the response to its request (CSRF protection lost).", ev, "state"));
    }

    /** MCPF-AUTH-006 ({@code method} null: no challenge) and MCPF-AUTH-007 ({@code plain}). */
    private void downgrade(AuthorizationDriver.Client client, String method) {
        AuthCheck check = method == null ? AuthCheck.PKCE_NOT_REQUIRED : AuthCheck.PKCE_PLAIN_ACCEPTED;
        String verifier = Pkce.randomToken();
        AuthorizationDriver.Outcome o = driver.authorize(authz, params(client, client.redirectUri(),
                method == null ? null : verifier, method, Pkce.randomToken(), resource), client.redirectUri());
        if (!o.codeReturned()) {
            log.passed(check, "refused: " + (o.kind() == AuthorizationDriver.Kind.CALLBACK
                    ? "error=" + AuthorizationDriver.snippet(o.params().getOrDefault("error", "")) : o.note()));
            return;
        }
        AuthorizationDriver.Token t = redeem(o, client, method == null ? null : verifier, resource);
        Map<String, Object> ev = ev();
        ev.put("code_challenge_method", method == null ? "(none: no code_challenge sent)" : method);
        ev.put("code_returned", true);
        ev.put("token_issued", t != null && t.accessToken() != null);
        ev.put("token_status", t == null ? null : t.status());
        ev.put("redirect", AuthorizationDriver.masked(o.location()));
        Severity sev = check.severity();
        if (method == null && (t == null || t.accessToken() == null)) {
            sev = Severity.MEDIUM; // the code came back but the token endpoint still wanted a verifier
        }
        log.found(check.finding(sev, target(authz), method == null
                ? "The authorization endpoint issued a code for a request without code_challenge"
                        + (t != null && t.accessToken() != null ? ", and the token endpoint redeemed it without any "
                                + "code_verifier: PKCE is not enforced." : "; PKCE is not required at authorization.")
                : "The authorization endpoint accepted code_challenge_method=plain, which offers no protection "
                        + "when the request is observed (MCP requires S256).", ev, method == null ? "none" : method));
    }

    private void audience(boolean tokenRequired, java.util.function.Function<String, AuthorizationDriver.Token> tokenFor) {
        AuthCheck c = AuthCheck.AUDIENCE_NOT_CHECKED;
        if (!tokenRequired) {
            log.skipped(c, "the server answers initialize without a token, so it does not check tokens at all");
            return;
        }
        AuthorizationDriver.Token own = tokenFor.apply(resource);
        if (own == null || own.accessToken() == null) {
            log.skipped(c, "no token could be obtained for this server (" + (own == null ? "no token endpoint"
                    : own.error()) + ")");
            return;
        }
        AuthMcpCalls.Call ok = mcp.initialize(own.accessToken());
        mcp.close(own.accessToken(), ok.session());
        if (!ok.hasResult()) {
            log.skipped(c, "a token issued for this server was refused too (HTTP " + ok.status() + ")");
            return;
        }
        AuthorizationDriver.Token other = tokenFor.apply(AuthAudit.OTHER_RESOURCE);
        if (other == null || other.accessToken() == null) {
            log.passed(c, "no token was issued for another resource (" + (other == null ? "no token endpoint"
                    : other.error()) + ")");
            return;
        }
        AuthMcpCalls.Call init = mcp.initialize(other.accessToken());
        if (!init.hasResult()) {
            log.passed(c, "a token for another resource was refused (HTTP " + init.status() + ")");
            return;
        }
        AuthMcpCalls.Call list = mcp.listTools(other.accessToken(), init.session());
        mcp.close(other.accessToken(), init.session());
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("token_resource", AuthAudit.OTHER_RESOURCE);
        ev.put("server_resource", TransportAudit.redact(resource));
        ev.put("initialize_status", init.status());
        ev.put("tools_list_status", list.status());
        if (list.hasResult()) {
            ev.putAll(AuthMcpCalls.tools(list.message()));
        }
        log.found(c.finding(TransportAudit.redact(resource), "The MCP server accepted a token issued for another "
                + "resource (" + AuthAudit.OTHER_RESOURCE + "): it does not validate the token audience, so a token "
                + "meant for any service of this authorization server opens it (confused deputy, token passthrough).",
                ev, "audience"));
    }

    private AuthorizationDriver.Client client(String[] why) {
        if (options.clientId() != null) {
            return new AuthorizationDriver.Client(options.clientId(), options.clientSecret(), options.redirectUri());
        }
        if (registration == null) {
            why[0] = "no client id configured and no registration_endpoint to register one";
            return null;
        }
        AuthorizationDriver.Registration r = driver.register(registration, List.of(options.redirectUri()),
                List.of("authorization_code"), "none");
        if (r.clientId() == null) {
            why[0] = "dynamic registration of a loopback client was refused (" + r.note() + ")";
            return null;
        }
        return new AuthorizationDriver.Client(r.clientId(), r.clientSecret(), options.redirectUri());
    }

    private AuthorizationDriver.Token redeem(AuthorizationDriver.Outcome o, AuthorizationDriver.Client client,
            String verifier, String res) {
        if (tokenEndpoint == null) {
            return null;
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", o.code());
        form.put("redirect_uri", client.redirectUri());
        if (verifier != null) {
            form.put("code_verifier", verifier);
        }
        form.put("resource", res);
        return driver.token(tokenEndpoint, form, client);
    }

    static Map<String, String> params(AuthorizationDriver.Client client, String redirectUri, String challenge,
            String method, String state, String res) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("response_type", "code");
        p.put("client_id", client.id());
        p.put("redirect_uri", redirectUri);
        if (challenge != null) {
            p.put("code_challenge", challenge);
            p.put("code_challenge_method", method);
        }
        p.put("state", state);
        p.put("resource", res);
        return p;
    }

    private Map<String, Object> ev() {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("authorization_endpoint", target(authz));
        return ev;
    }

    static String target(URI u) {
        return u == null ? "" : TransportAudit.redact(u.toString());
    }

    private URI uri(String field) {
        if (as == null || !as.path(field).isString()) {
            return null;
        }
        try {
            URI u = URI.create(as.path(field).asString().trim());
            return u.getScheme() != null && u.getScheme().matches("(?i)https?") && u.getHost() != null ? u : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
