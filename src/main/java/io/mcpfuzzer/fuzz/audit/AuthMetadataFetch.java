package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.common.Json;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Discovery of an MCP server's authorization metadata for the auth audit (MCP 2025-11-25, "Authorization
 * Server Discovery"): the protected resource metadata (RFC 9728) named by {@code resource_metadata} in a
 * 401's {@code WWW-Authenticate}, else at the well-known locations (path-aware first, then root); then the
 * first authorization server's metadata (RFC 8414 with path insertion, then OpenID discovery both ways).
 * Without protected resource metadata but with a 401, the server's origin is taken as the issuer (the
 * 2025-03-26 revision's fallback). Every fetch goes through {@link AuthHttp} (bounded in size and time);
 * the first 2xx answer whose body is a JSON object wins. This is the only file of the audit that fetches
 * metadata, so it can be replaced by the OAuth client's own discovery. Stateless and thread-safe.
 */
final class AuthMetadataFetch {
    /** A metadata document and the URL it came from. */
    record Doc(URI url, JsonNode json) {}

    /**
     * @param resourceMetadata protected resource metadata, or null when none was found
     * @param issuer           the issuer identifier used (from the metadata or the fallback), or null
     * @param serverMetadata   authorization server metadata, or null when none was found
     * @param tried            every URL fetched, in order, with its status
     */
    record Discovery(Doc resourceMetadata, String issuer, boolean issuerFromFallback, Doc serverMetadata,
            List<String> tried) {}

    private AuthMetadataFetch() {}

    /**
     * @param endpoint         the MCP endpoint URL
     * @param wwwAuthenticate  the {@code WWW-Authenticate} of an unauthenticated request, or null
     * @param unauthorized     whether that request was answered 401
     */
    static Discovery discover(AuthHttp http, URI endpoint, String wwwAuthenticate, boolean unauthorized) {
        List<String> tried = new ArrayList<>();
        Set<String> candidates = new LinkedHashSet<>();
        String named = WwwAuthenticate.param(wwwAuthenticate, "resource_metadata");
        if (named != null) {
            candidates.add(endpoint.resolve(named).toString());
        }
        String origin = origin(endpoint);
        String path = trimSlash(endpoint.getRawPath());
        if (!path.isEmpty()) {
            candidates.add(origin + "/.well-known/oauth-protected-resource" + path);
        }
        candidates.add(origin + "/.well-known/oauth-protected-resource");
        Doc prm = first(http, candidates, tried);
        String issuer = null;
        boolean fallback = false;
        if (prm != null && prm.json().path("authorization_servers").isArray()) {
            for (JsonNode as : prm.json().path("authorization_servers")) {
                if (as.isString() && !as.asString().isBlank()) {
                    issuer = as.asString().trim();
                    break;
                }
            }
        }
        if (issuer == null && prm == null && unauthorized) {
            issuer = origin;
            fallback = true;
        }
        Doc asMeta = null;
        if (issuer != null) {
            URI is;
            try {
                is = URI.create(issuer);
            } catch (IllegalArgumentException e) {
                tried.add(issuer + " -> not a URL");
                return new Discovery(prm, issuer, fallback, null, tried);
            }
            if (is.getScheme() != null && is.getHost() != null) {
                asMeta = first(http, serverCandidates(is), tried);
            }
        }
        return new Discovery(prm, issuer, fallback, asMeta, tried);
    }

    /** RFC 8414 section 3.1 (path inserted after the well-known prefix), then OpenID discovery both ways. */
    static List<String> serverCandidates(URI issuer) {
        String origin = origin(issuer);
        String path = trimSlash(issuer.getRawPath());
        if (path.isEmpty()) {
            return List.of(origin + "/.well-known/oauth-authorization-server", origin + "/.well-known/openid-configuration");
        }
        return List.of(origin + "/.well-known/oauth-authorization-server" + path,
                origin + "/.well-known/openid-configuration" + path, origin + path + "/.well-known/openid-configuration");
    }

    private static Doc first(AuthHttp http, Iterable<String> urls, List<String> tried) {
        for (String url : urls) {
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                tried.add(url + " -> not a URL");
                continue;
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                tried.add(url + " -> not an HTTP URL");
                continue;
            }
            AuthHttp.Answer a = http.get(uri, Map.of("Accept", "application/json"));
            tried.add(url + " -> " + (a.status() < 0 ? a.error() : String.valueOf(a.status())));
            if (a.ok()) {
                try {
                    JsonNode json = Json.parse(a.body());
                    if (json.isObject()) {
                        return new Doc(uri, json);
                    }
                } catch (RuntimeException e) {
                    tried.add(url + " -> body is not JSON");
                }
            }
        }
        return null;
    }

    /** scheme://host[:port] of a URL (lower-case scheme and host). */
    static String origin(URI uri) {
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getHost().toLowerCase(Locale.ROOT)
                + (uri.getPort() >= 0 ? ":" + uri.getPort() : "");
    }

    private static String trimSlash(String path) {
        if (path == null) {
            return "";
        }
        String p = path;
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
