package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.audit.AuthCheck;
import io.mcpfuzzer.oracle.audit.AuthMetadataAudit;
import io.mcpfuzzer.oracle.audit.TransportAudit;
import io.mcpfuzzer.safety.NetworkPolicy;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * The authorization audit of an HTTP MCP server ({@code --auth-audit}; {@code --auth-audit-intrusive} adds
 * the open-redirect and attacker-registration probes). Order: an unauthenticated {@code initialize};
 * discovery ({@link AuthMetadataFetch}); the metadata review (MCPF-AUTH-001..005); tools reachable without
 * a token (MCPF-AUTH-009); then the flow checks ({@link AuthFlowChecks}). A server that advertises no
 * authorization (no 401, no {@code WWW-Authenticate}, no protected resource metadata) gets every check
 * skipped. Unauthenticated probes never carry the user's headers. Only the endpoint's origin and what the
 * network policy allows are contacted. Never throws for anything the server
 * does; a check that cannot run is recorded as skipped with its reason, never as a finding. Thread-safe
 * (each run has its own state).
 */
public final class AuthAudit {
    /**
     * @param endpoint     the MCP endpoint URL
     * @param intrusive    also the open-redirect and attacker-registration probes
     * @param timeout      deadline of each HTTP exchange (headers and bounded body)
     * @param clientId     a registered client to drive the flow with, or null (then dynamic registration)
     * @param clientSecret its secret, or null (public client)
     * @param redirectUri  its registered redirect URI, or null for {@link #DEFAULT_REDIRECT}
     * @param network      hosts the audit may contact besides the endpoint's origin (metadata can name any
     *                     host); null means any
     * @param sslContext   the TLS trust of https exchanges ({@code --cacert}, {@code --insecure}, as the target's),
     *                     or null for the JVM default
     */
    public record Options(String endpoint, boolean intrusive, Duration timeout, String clientId, String clientSecret,
            String redirectUri, NetworkPolicy network, SSLContext sslContext) {
        public Options {
            timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
            redirectUri = redirectUri == null ? DEFAULT_REDIRECT : redirectUri;
            network = network == null ? NetworkPolicy.open() : network;
        }

        public Options(String endpoint, boolean intrusive, Duration timeout, String clientId, String clientSecret,
                String redirectUri, NetworkPolicy network) {
            this(endpoint, intrusive, timeout, clientId, clientSecret, redirectUri, network, null);
        }

        public Options(String endpoint, boolean intrusive, Duration timeout, NetworkPolicy network) {
            this(endpoint, intrusive, timeout, null, null, null, network);
        }

        public Options(String endpoint, boolean intrusive, Duration timeout) {
            this(endpoint, intrusive, timeout, null);
        }

        @Override
        public String toString() {
            return "Options[endpoint=" + TransportAudit.redact(endpoint) + ", intrusive=" + intrusive + "]";
        }
    }

    /**
     * @param ran      whether the audit reached the server at all
     * @param findings the findings (kind {@code audit}, check ids MCPF-AUTH-*)
     * @param summary  the run_summary.json block: whether authorization is advertised, the metadata URLs,
     *                 and each check's conclusion ({@code checks})
     * @param warnings one-line notes for the run's warnings (why the audit could not run)
     */
    public record Result(boolean ran, List<Finding> findings, Map<String, Object> summary, List<String> warnings) {}

    /** Loopback redirect URI registered for the audit's own client; never listened on (redirects are read). */
    public static final String DEFAULT_REDIRECT = "http://127.0.0.1:33418/mcp-fuzzer/callback";
    /** Redirect URI of the intrusive probes: a reserved example domain. */
    public static final String ATTACKER_REDIRECT = "https://attacker.example/cb";
    /** The RFC 8707 resource of the audience probe. */
    public static final String OTHER_RESOURCE = "https://other-resource.example/mcp";

    private AuthAudit() {}

    public static Result run(Options options) {
        URI endpoint;
        try {
            endpoint = URI.create(options.endpoint() == null ? "" : options.endpoint().trim());
        } catch (IllegalArgumentException e) {
            return notRun("--auth-audit applies to HTTP targets only (the endpoint is not a URL)");
        }
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || endpoint.getHost() == null) {
            return notRun("--auth-audit applies to HTTP targets only");
        }
        String home = AuthMetadataFetch.origin(endpoint);
        AuthHttp http = new AuthHttp(options.timeout(), u -> (u.getScheme() != null && u.getHost() != null
                && AuthMetadataFetch.origin(u).equals(home)) || options.network().allows(u), options.sslContext());
        AuthMcpCalls mcp = new AuthMcpCalls(http, endpoint);
        AuthAuditLog log = new AuthAuditLog();
        Map<String, Object> summary = new LinkedHashMap<>();
        String target = TransportAudit.redact(options.endpoint());

        AuthMcpCalls.Call anon = mcp.initialize(null);
        if (anon.status() < 0) {
            return notRun("the server could not be reached without a token: " + anon.answer().error());
        }
        String www = anon.answer().header("WWW-Authenticate");
        boolean unauthorized = anon.status() == 401;
        AuthMetadataFetch.Discovery d = AuthMetadataFetch.discover(http, endpoint, www, unauthorized);
        boolean bearer = www != null && www.toLowerCase(Locale.ROOT).contains("bearer");
        boolean advertised = unauthorized || bearer || d.resourceMetadata() != null;
        summary.put("unauthenticated_initialize_status", anon.status());
        summary.put("advertises_authorization", advertised);
        summary.put("protected_resource_metadata", d.resourceMetadata() == null ? null
                : TransportAudit.redact(d.resourceMetadata().url().toString()));
        summary.put("issuer", AuthMetadataAudit.shown(d.issuer()));
        summary.put("authorization_server_metadata", d.serverMetadata() == null ? null
                : TransportAudit.redact(d.serverMetadata().url().toString()));
        summary.put("intrusive", options.intrusive());
        summary.put("fetched", d.tried().stream().map(AuthorizationDriver::snippet).toList());
        if (!advertised) {
            log.skipOpen("the server does not advertise authorization (no 401, no WWW-Authenticate, no protected "
                    + "resource metadata)", AuthCheck.values());
            summary.put("checks", log.checks());
            return new Result(true, List.of(), summary, List.of("auth audit: the server does not advertise OAuth "
                    + "authorization; nothing to audit"));
        }
        mcp.close(null, anon.session());

        metadata(options.endpoint(), d, log);
        unauthenticatedTools(mcp, anon, www, d, target, log);
        new AuthFlowChecks(options, http, mcp, d, log).run(anon.status() == 401 || anon.status() == 403);
        summary.put("checks", log.checks());
        List<String> warnings = new ArrayList<>();
        if (d.serverMetadata() == null) {
            warnings.add("auth audit: no authorization server metadata found; only the server-side checks ran");
        }
        return new Result(true, log.findings(), summary, warnings);
    }

    private static void metadata(String endpoint, AuthMetadataFetch.Discovery d, AuthAuditLog log) {
        String prmUrl = d.resourceMetadata() == null ? null : d.resourceMetadata().url().toString();
        String asUrl = d.serverMetadata() == null ? null : d.serverMetadata().url().toString();
        AuthMetadataAudit.review(endpoint, prmUrl, d.resourceMetadata() == null ? null : d.resourceMetadata().json(),
                d.issuerFromFallback() ? null : d.issuer(), asUrl,
                d.serverMetadata() == null ? null : d.serverMetadata().json()).forEach(log::found);
        if (d.resourceMetadata() == null) {
            log.skipped(AuthCheck.RESOURCE_NOT_BOUND, "no protected resource metadata found");
        }
        if (d.serverMetadata() == null) {
            log.skipOpen("no authorization server metadata found", AuthCheck.CLEARTEXT_ENDPOINT,
                    AuthCheck.ISSUER_MISMATCH, AuthCheck.S256_NOT_ADVERTISED, AuthCheck.LEGACY_GRANT);
        }
        if (d.issuerFromFallback()) {
            log.skipped(AuthCheck.ISSUER_MISMATCH, "no issuer named by protected resource metadata");
        }
        for (AuthCheck c : List.of(AuthCheck.CLEARTEXT_ENDPOINT, AuthCheck.ISSUER_MISMATCH,
                AuthCheck.S256_NOT_ADVERTISED, AuthCheck.LEGACY_GRANT, AuthCheck.RESOURCE_NOT_BOUND)) {
            log.passed(c, null);
        }
    }

    /**
     * MCPF-AUTH-009: without any token, initialize then tools/list in its session; when initialize was
     * refused, tools/list alone (servers that guard only the handshake).
     */
    private static void unauthenticatedTools(AuthMcpCalls mcp, AuthMcpCalls.Call anon, String www,
            AuthMetadataFetch.Discovery d, String target, AuthAuditLog log) {
        AuthMcpCalls.Call again = anon.status() >= 200 && anon.status() < 300 ? mcp.initialize(null) : null;
        String session = again == null ? null : again.session();
        AuthMcpCalls.Call list = mcp.listTools(null, session);
        mcp.close(null, session);
        if (!list.hasResult() || !list.message().path("result").path("tools").isArray()) {
            log.passed(AuthCheck.UNAUTHENTICATED_TOOLS, "tools/list without a token answered HTTP " + list.status());
            return;
        }
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("initialize_status", anon.status());
        ev.put("tools_list_status", list.status());
        ev.put("tools_list_in_session", session != null);
        ev.put("www_authenticate", www == null ? null : AuthorizationDriver.snippet(www));
        ev.put("protected_resource_metadata", d.resourceMetadata() == null ? null
                : TransportAudit.redact(d.resourceMetadata().url().toString()));
        ev.putAll(AuthMcpCalls.tools(list.message()));
        log.found(AuthCheck.UNAUTHENTICATED_TOOLS.finding(target, "The server advertises OAuth authorization ("
                + (anon.status() == 401 ? "HTTP 401 to initialize" : "protected resource metadata") + ") yet "
                + "answered tools/list without any token (" + ev.get("tool_count") + " tool(s))"
                + (anon.status() == 401 ? ": only the handshake is guarded." : "."), ev, "tools/list"));
    }

    private static Result notRun(String why) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("ran", false);
        summary.put("reason", why);
        return new Result(false, List.of(), summary, List.of("auth audit skipped: " + why));
    }
}
