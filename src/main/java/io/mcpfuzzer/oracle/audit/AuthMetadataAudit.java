package io.mcpfuzzer.oracle.audit;

import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The auth audit's review of fetched metadata, without network access: cleartext endpoints
 * (MCPF-AUTH-001), issuer identity (MCPF-AUTH-002), PKCE S256 advertised (MCPF-AUTH-003), no implicit or
 * password grant (MCPF-AUTH-004) and the protected resource's {@code resource} bound to the MCP server URL
 * (MCPF-AUTH-005). Stateless and thread-safe; the JSON is read, never trusted for anything but these checks.
 */
public final class AuthMetadataAudit {
    /** Endpoint fields of authorization server metadata (RFC 8414, OpenID Connect Discovery) checked for HTTPS. */
    static final List<String> ENDPOINT_FIELDS = List.of("issuer", "authorization_endpoint", "token_endpoint",
            "registration_endpoint", "jwks_uri", "revocation_endpoint", "introspection_endpoint", "userinfo_endpoint",
            "pushed_authorization_request_endpoint", "device_authorization_endpoint", "end_session_endpoint");
    private static final int MAX_LIST = 20;

    private AuthMetadataAudit() {}

    /**
     * @param endpoint   the MCP endpoint URL as given
     * @param prmUrl     where the protected resource metadata came from, or null
     * @param prm        the protected resource metadata, or null when none was found
     * @param issuer     the issuer identifier the server metadata was fetched for, or null
     * @param asUrl      where the authorization server metadata came from, or null
     * @param asMeta     the authorization server metadata, or null when none was found
     */
    public static List<Finding> review(String endpoint, String prmUrl, JsonNode prm, String issuer, String asUrl,
            JsonNode asMeta) {
        List<Finding> out = new ArrayList<>();
        if (prm != null) {
            resourceBinding(endpoint, prmUrl, prm, out);
            JsonNode servers = prm.path("authorization_servers");
            int i = 0;
            for (JsonNode s : servers) {
                if (i++ >= MAX_LIST) {
                    break;
                }
                cleartext("authorization_servers", s, prmUrl, out);
            }
        }
        if (asMeta == null) {
            return out;
        }
        for (String field : ENDPOINT_FIELDS) {
            cleartext(field, asMeta.get(field), asUrl, out);
        }
        issuer(issuer, asUrl, asMeta, out);
        JsonNode methods = asMeta.get("code_challenge_methods_supported");
        if (!contains(methods, "S256")) {
            Map<String, Object> ev = ev(asUrl);
            ev.put("code_challenge_methods_supported", list(methods));
            out.add(AuthCheck.S256_NOT_ADVERTISED.finding(target(asUrl), methods == null
                    ? "Authorization server metadata has no code_challenge_methods_supported; MCP clients must "
                            + "refuse an authorization server that does not advertise S256."
                    : "Authorization server advertises PKCE methods " + list(methods) + " but not S256.", ev, "s256"));
        }
        List<String> legacy = new ArrayList<>();
        JsonNode grants = asMeta.get("grant_types_supported");
        for (String g : List.of("implicit", "password")) {
            if (contains(grants, g)) {
                legacy.add("grant_type " + g);
            }
        }
        JsonNode responseTypes = asMeta.get("response_types_supported");
        if (responseTypes != null && responseTypes.isArray()) {
            for (JsonNode rt : responseTypes) {
                if (rt.isString() && List.of(rt.asString().trim().split(" ")).contains("token")) {
                    legacy.add("response_type " + rt.asString());
                }
            }
        }
        if (!legacy.isEmpty()) {
            Map<String, Object> ev = ev(asUrl);
            ev.put("advertised", legacy);
            ev.put("grant_types_supported", list(grants));
            out.add(AuthCheck.LEGACY_GRANT.finding(target(asUrl), "Authorization server advertises grants that "
                    + "OAuth 2.1 removed: " + legacy + ".", ev, "legacy"));
        }
        return out;
    }

    /** Canonical form for comparing resource URLs: lower-case scheme and host, no default port, no trailing slash. */
    public static String canonical(String url) {
        if (url == null) {
            return null;
        }
        try {
            URI u = new URI(url.trim());
            if (u.getScheme() == null || u.getHost() == null) {
                return url.trim();
            }
            String scheme = u.getScheme().toLowerCase(Locale.ROOT);
            int port = u.getPort();
            boolean dflt = port < 0 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);
            String path = u.getRawPath() == null ? "" : u.getRawPath();
            while (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            return scheme + "://" + u.getHost().toLowerCase(Locale.ROOT) + (dflt ? "" : ":" + port) + path
                    + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        } catch (java.net.URISyntaxException e) {
            return url.trim();
        }
    }

    /**
     * A URL from the server as evidence: without user info, query or fragment when it parses, else its
     * first 200 characters with control characters blanked and anything before an {@code @} dropped
     * (no regex on server text).
     */
    public static String shown(String url) {
        if (url == null) {
            return null;
        }
        try {
            URI u = new URI(url.trim());
            if (u.getScheme() != null && u.getHost() != null) {
                return TransportAudit.redact(url);
            }
        } catch (java.net.URISyntaxException e) {
            // not a URL: shown as capped text below
        }
        String t = url.length() > 200 ? url.substring(0, 200) : url;
        int at = t.lastIndexOf('@');
        StringBuilder out = new StringBuilder();
        (at < 0 ? t : t.substring(at + 1)).codePoints().forEach(c -> out.appendCodePoint(c < 0x20 || c == 0x7f ? ' ' : c));
        return out.toString();
    }

    private static void resourceBinding(String endpoint, String prmUrl, JsonNode prm, List<Finding> out) {
        JsonNode resource = prm.get("resource");
        String expected = TransportAudit.redact(endpoint);
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("metadata_url", TransportAudit.redact(prmUrl));
        ev.put("expected_resource", expected);
        if (resource == null || !resource.isString() || resource.asString().isBlank()) {
            ev.put("resource", resource == null ? null : resource.toString());
            out.add(AuthCheck.RESOURCE_NOT_BOUND.finding(expected, "Protected resource metadata has no resource "
                    + "identifier, so tokens cannot be bound to this MCP server (RFC 9728 requires it).", ev, "missing"));
            return;
        }
        String got = resource.asString();
        if (!canonical(got).equals(canonical(endpoint))) {
            ev.put("resource", shown(got));
            out.add(AuthCheck.RESOURCE_NOT_BOUND.finding(expected, "Protected resource metadata names the resource '"
                    + shown(got) + "', not this MCP server's URL '" + expected + "': tokens are "
                    + "requested for, and bound to, another resource.", ev, "mismatch"));
        }
    }

    private static void cleartext(String field, JsonNode value, String docUrl, List<Finding> out) {
        if (value == null || !value.isString()) {
            return;
        }
        URI u;
        try {
            u = new URI(value.asString().trim());
        } catch (java.net.URISyntaxException e) {
            return;
        }
        if (u.getScheme() == null || !u.getScheme().equalsIgnoreCase("http") || u.getHost() == null
                || TransportAudit.isLoopback(u.getHost())) {
            return;
        }
        Map<String, Object> ev = ev(docUrl);
        ev.put("field", field);
        ev.put("url", TransportAudit.redact(value.asString()));
        boolean secrets = field.equals("token_endpoint") || field.equals("authorization_endpoint")
                || field.equals("authorization_servers") || field.equals("issuer");
        out.add(AuthCheck.CLEARTEXT_ENDPOINT.finding(secrets ? Severity.HIGH : Severity.MEDIUM, target(docUrl),
                "Metadata field " + field + " is a cleartext HTTP URL to a non-loopback host ("
                        + TransportAudit.redact(value.asString()) + "); codes, tokens or client secrets would cross "
                        + "the network unprotected.", ev, field + "|" + TransportAudit.redact(value.asString())));
    }

    private static void issuer(String issuer, String asUrl, JsonNode asMeta, List<Finding> out) {
        if (issuer == null) {
            return;
        }
        JsonNode got = asMeta.get("issuer");
        String value = got != null && got.isString() ? got.asString() : null;
        if (value != null && trimSlash(value).equals(trimSlash(issuer))) {
            return;
        }
        Map<String, Object> ev = ev(asUrl);
        ev.put("expected_issuer", shown(issuer));
        ev.put("issuer", value == null ? null : shown(value));
        out.add(AuthCheck.ISSUER_MISMATCH.finding(target(asUrl), value == null
                ? "Authorization server metadata has no issuer (RFC 8414 requires it and clients must compare it)."
                : "Authorization server metadata fetched for issuer '" + shown(issuer)
                        + "' claims the issuer '" + shown(value) + "' (RFC 8414 section 3.3: they "
                        + "must be identical, else clients must not use the metadata).", ev, "issuer"));
    }

    private static Map<String, Object> ev(String docUrl) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("metadata_url", TransportAudit.redact(docUrl));
        return ev;
    }

    private static String target(String url) {
        return url == null ? "" : TransportAudit.redact(url);
    }

    private static boolean contains(JsonNode array, String value) {
        if (array == null || !array.isArray()) {
            return false;
        }
        for (JsonNode n : array) {
            if (n.isString() && n.asString().equals(value)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> list(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null && array.isArray()) {
            for (JsonNode n : array) {
                if (out.size() >= MAX_LIST) {
                    break;
                }
                String s = n.isString() ? n.asString() : n.toString();
                out.add(s.length() > 100 ? s.substring(0, 100) : s);
            }
        }
        return out;
    }

    private static String trimSlash(String s) {
        String t = s.trim();
        return t.endsWith("/") ? t.substring(0, t.length() - 1) : t;
    }
}
