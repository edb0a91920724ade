package io.mcpfuzzer.fuzz.audit;

import io.mcpfuzzer.transport.http.oauth.AuthServerDiscovery;
import io.mcpfuzzer.transport.http.oauth.Challenge;
import io.mcpfuzzer.transport.http.oauth.MetadataDocument;
import io.mcpfuzzer.transport.http.oauth.ResourceMetadataDiscovery;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * Discovery of an MCP server's authorization metadata for the auth audit (MCP 2025-11-25, "Authorization
 * Server Discovery"), through the OAuth client's own discovery ({@link ResourceMetadataDiscovery#fetch},
 * {@link AuthServerDiscovery#fetch}: same locations, same order, same {@link Challenge} parser) but without its
 * validation, so that the metadata review sees what the server really publishes (an issuer mismatch, a
 * foreign resource, cleartext endpoints). What is the audit's own: the issuer is the first non-blank entry of
 * {@code authorization_servers} as written, and without protected resource metadata but with a 401 the
 * server's origin is taken as the issuer (the 2025-03-26 revision's fallback). Every fetch goes through the
 * audit's {@link AuthHttp} (network policy, bounded size and time). Stateless and thread-safe.
 */
final class AuthMetadataFetch {
    /**
     * @param resourceMetadata protected resource metadata, or null when none was found
     * @param issuer           the issuer identifier used (from the metadata or the fallback), or null
     * @param serverMetadata   authorization server metadata, or null when none was found
     * @param tried            every URL fetched, in order, with its status
     */
    record Discovery(MetadataDocument resourceMetadata, String issuer, boolean issuerFromFallback,
            MetadataDocument serverMetadata, List<String> tried) {}

    private AuthMetadataFetch() {}

    /**
     * @param endpoint         the MCP endpoint URL
     * @param wwwAuthenticate  the {@code WWW-Authenticate} of an unauthenticated request, or null
     * @param unauthorized     whether that request was answered 401
     */
    static Discovery discover(AuthHttp http, URI endpoint, String wwwAuthenticate, boolean unauthorized) {
        List<String> tried = new ArrayList<>();
        MetadataDocument prm = new ResourceMetadataDiscovery(http.oauthHttp())
                .fetch(endpoint, Challenge.parse(wwwAuthenticate), tried);
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
            issuer = origin(endpoint);
            fallback = true;
        }
        MetadataDocument asMeta = null;
        if (issuer != null) {
            URI is;
            try {
                is = new URI(issuer);
            } catch (URISyntaxException e) {
                tried.add(issuer + " -> not a URL");
                return new Discovery(prm, issuer, fallback, null, tried);
            }
            String scheme = is.getScheme() == null ? "" : is.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && is.getHost() != null) {
                asMeta = new AuthServerDiscovery(http.oauthHttp()).fetch(is, tried);
            } else {
                tried.add(issuer + " -> not an HTTP URL");
            }
        }
        return new Discovery(prm, issuer, fallback, asMeta, tried);
    }

    /** scheme://host[:port] of a URL (lower-case scheme and host). */
    static String origin(URI uri) {
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getHost().toLowerCase(Locale.ROOT)
                + (uri.getPort() >= 0 ? ":" + uri.getPort() : "");
    }
}
