package io.mcpfuzzer.transport.http.oauth;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Finds the protected resource metadata of an MCP server (RFC 9728; MCP 2025-11-25 "Protected Resource Metadata
 * Discovery Requirements"): first the {@code resource_metadata} URL of the {@code WWW-Authenticate} challenge,
 * then {@code /.well-known/oauth-protected-resource/<path>}, then {@code /.well-known/oauth-protected-resource}
 * at the server's origin. The first document that parses wins ({@link #discover}; {@link #fetch} returns it
 * unjudged). The {@code resource} it names must be the
 * server's URL or a parent of it on the same origin (a token must not be requested for another resource).
 * Stateless apart from the HTTP client.
 */
public final class ResourceMetadataDiscovery {
    private final OAuthHttp http;

    public ResourceMetadataDiscovery(OAuthHttp http) {
        this.http = http;
    }

    /**
     * The first protected resource metadata document any location serves, unvalidated (the auth audit's entry
     * point: it must see a document the client would refuse).
     *
     * @param tried receives {@code "<url> -> <status or failure>"} per location fetched, or null
     * @return the document, or null when no location serves a JSON object
     */
    public MetadataDocument fetch(URI server, Challenge challenge, List<String> tried) {
        return MetadataDocument.first(http, candidates(server, challenge), tried);
    }

    /**
     * The metadata, or null when no location has any with an authorization server (a 2025-03-26 server).
     *
     * @throws OAuthException when the document names another resource than {@code server}
     */
    public ResourceMetadata discover(URI server, Challenge challenge) {
        for (URI candidate : candidates(server, challenge)) {
            MetadataDocument d = MetadataDocument.fetch(http, candidate, null);
            ResourceMetadata m = d == null ? null : validate(d, server);
            if (m != null) {
                return m;
            }
        }
        return null;
    }

    /** The metadata of a document, null when it names no usable authorization server. */
    static ResourceMetadata validate(MetadataDocument d, URI server) {
        JsonNode doc = d.json();
        List<URI> servers = new ArrayList<>();
        for (String s : Scopes.of(doc.get("authorization_servers"))) {
            URI u = Urls.httpUri(s);
            if (u != null) {
                servers.add(u);
            }
        }
        if (servers.isEmpty()) {
            return null;
        }
        JsonNode res = doc.get("resource");
        String resource = res != null && res.isString() ? res.asString() : Urls.canonical(server);
        if (!Urls.covers(resource, server)) {
            throw new OAuthException("protected resource metadata at " + d.url() + " is for another resource ("
                    + Urls.excerpt(resource) + "), not " + server);
        }
        return new ResourceMetadata(d.url(), resource, servers, Scopes.of(doc.get("scopes_supported")));
    }

    /** The locations to try, in order, without duplicates. */
    static List<URI> candidates(URI server, Challenge challenge) {
        Set<URI> out = new LinkedHashSet<>();
        String fromHeader = challenge.resourceMetadata();
        if (fromHeader != null) {
            URI u = Urls.httpUri(Urls.resolve(server, fromHeader));
            if (u != null) {
                out.add(u);
            }
        }
        String origin = Urls.origin(server);
        String path = server.getRawPath() == null ? "" : server.getRawPath();
        if (!path.isEmpty() && !path.equals("/")) {
            out.add(URI.create(origin + "/.well-known/oauth-protected-resource" + Urls.stripTrailingSlash(path)));
        }
        out.add(URI.create(origin + "/.well-known/oauth-protected-resource"));
        return new ArrayList<>(out);
    }
}
