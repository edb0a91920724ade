package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.audit.AuthCheck;
import io.mcpfuzzer.transport.http.oauth.Pkce;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The auth audit's intrusive checks ({@code --auth-audit-intrusive}): open redirect on the authorization
 * endpoint (MCPF-AUTH-011: the audit's own client asks for {@link AuthAudit#ATTACKER_REDIRECT}) and dynamic
 * registration of that attacker URI (MCPF-AUTH-012, then whether a code is sent there without interaction).
 * Registered clients stay on the server. One audit, one thread.
 */
final class AuthIntrusiveChecks {
    private final AuthorizationDriver driver;
    private final AuthAuditLog log;
    private final URI authz;
    private final URI registration;
    private final String resource;

    /** @param authz and {@code registration}: the endpoints from the metadata, each possibly null */
    AuthIntrusiveChecks(AuthorizationDriver driver, AuthAuditLog log, URI authz, URI registration, String resource) {
        this.driver = driver;
        this.log = log;
        this.authz = authz;
        this.registration = registration;
        this.resource = resource;
    }

    void openRedirect(AuthorizationDriver.Client client) {
        AuthCheck c = AuthCheck.OPEN_REDIRECT;
        AuthorizationDriver.Outcome o = driver.authorize(authz, AuthFlowChecks.params(client, AuthAudit.ATTACKER_REDIRECT,
                Pkce.s256(Pkce.randomToken()), "S256", Pkce.randomToken(),
                resource), AuthAudit.ATTACKER_REDIRECT);
        if (o.kind() == AuthorizationDriver.Kind.PAGE) {
            log.skipped(c, o.note());
            return;
        }
        if (o.kind() != AuthorizationDriver.Kind.CALLBACK) {
            log.passed(c, "refused: " + o.note());
            return;
        }
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("authorization_endpoint", AuthFlowChecks.target(authz));
        ev.put("redirect_uri_sent", AuthAudit.ATTACKER_REDIRECT);
        ev.put("registered_redirect_uri", client.redirectUri());
        ev.put("redirect", AuthorizationDriver.masked(o.location()));
        ev.put("code_returned", o.codeReturned());
        log.found(c.finding(o.codeReturned() ? Severity.HIGH : Severity.MEDIUM, AuthFlowChecks.target(authz), "The authorization "
                + "endpoint redirected to the unregistered redirect_uri " + AuthAudit.ATTACKER_REDIRECT
                + (o.codeReturned() ? " with an authorization code: codes leak to any site." : " (an open redirect)."),
                ev, "redirect_uri"));
    }

    void attackerRegistration() {
        AuthCheck c = AuthCheck.REGISTRATION_ATTACKER_REDIRECT;
        if (registration == null) {
            log.skipped(c, "no registration_endpoint in authorization server metadata");
            return;
        }
        AuthorizationDriver.Registration r = driver.register(registration, List.of(AuthAudit.ATTACKER_REDIRECT),
                List.of("authorization_code"), "none");
        if (r.clientId() == null) {
            log.passed(c, "refused: " + r.note());
            return;
        }
        AuthorizationDriver.Outcome o = authz == null ? null : driver.authorize(authz, AuthFlowChecks.params(
                new AuthorizationDriver.Client(r.clientId(), null, AuthAudit.ATTACKER_REDIRECT), AuthAudit.ATTACKER_REDIRECT,
                Pkce.s256(Pkce.randomToken()), "S256", Pkce.randomToken(),
                resource), AuthAudit.ATTACKER_REDIRECT);
        boolean code = o != null && o.codeReturned();
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("registration_endpoint", AuthFlowChecks.target(registration));
        ev.put("redirect_uri", AuthAudit.ATTACKER_REDIRECT);
        ev.put("registration_status", r.status());
        ev.put("client_id", AuthorizationDriver.snippet(r.clientId()));
        ev.put("code_issued_to_attacker_uri", code);
        log.found(c.finding(code ? Severity.HIGH : c.severity(), AuthFlowChecks.target(registration), "Dynamic client registration "
                + "accepted the redirect URI " + AuthAudit.ATTACKER_REDIRECT + " from an anonymous caller"
                + (code ? ", and the authorization endpoint then sent a code there without any user interaction."
                        : "; a consent screen is all that stands between a user and the attacker's client."),
                ev, "registration"));
    }
}
