package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportProtocol;
import java.net.URI;

/** Factory for the HTTP-family transports by {@code --protocol} choice. */
public final class HttpTransports {
    private HttpTransports() {}

    /**
     * Creates (does not start) a transport.
     *
     * @param url {@code http://} or {@code https://} URL; userinfo is turned into Basic auth unless an
     *     Authorization header is configured, and never shown by {@code describe()}
     * @param protocol {@code STREAMABLEHTTP} ({@link StreamableHttpTransport}), {@code SSE} (legacy
     *     2024-11-05, {@link SseTransport}), {@code HTTP}, {@code HTTPS} or null (auto: {@link AutoHttpTransport})
     * @throws IllegalArgumentException for {@code STDIO} or an unusable URL (message free of credentials)
     */
    public static Transport open(String url, TransportProtocol protocol, HttpOptions opts) {
        URI uri = Origins.parseTarget(url);
        return switch (protocol == null ? TransportProtocol.HTTP : protocol) {
            case STREAMABLEHTTP -> new StreamableHttpTransport(uri, opts);
            case SSE -> new SseTransport(uri, opts);
            case HTTP, HTTPS -> new AutoHttpTransport(uri, opts);
            case STDIO -> throw new IllegalArgumentException(
                    "stdio is not an HTTP transport (use http, https, sse or streamablehttp)");
        };
    }
}
