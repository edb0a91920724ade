package io.mcpfuzzer.transport.http.oauth;

import java.net.URI;
import java.util.List;

/**
 * Protected resource metadata (RFC 9728 section 2) as far as the client uses it.
 *
 * @param location             where it was read
 * @param resource             the {@code resource} identifier (RFC 8707 resource indicator), never null
 * @param authorizationServers issuer URLs, at least one
 * @param scopesSupported      {@code scopes_supported}, empty when absent
 */
public record ResourceMetadata(URI location, String resource, List<URI> authorizationServers,
        List<String> scopesSupported) {}
