package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.transport.Transport;
import java.net.URI;
import java.util.Locale;

/** Factory for the HTTP-family transports by CLI mode name. */
public final class HttpTransports {
    private HttpTransports() {}

    /**
     * Creates (does not start) a transport.
     *
     * @param url {@code http://} or {@code https://} URL; userinfo is turned into Basic auth unless an
     *     Authorization header is configured, and never shown by {@code describe()}
     * @param mode {@code streamablehttp} ({@link StreamableHttpTransport}), {@code sse} (legacy
     *     2024-11-05, {@link SseTransport}), {@code http} or {@code https} (auto: {@link AutoHttpTransport})
     * @throws IllegalArgumentException for an unknown mode or an unusable URL (message free of credentials)
     */
    public static Transport open(String url, String mode, HttpOptions opts) {
        URI uri = Origins.parseTarget(url);
        String m = mode == null ? "http" : mode.toLowerCase(Locale.ROOT);
        return switch (m) {
            case "streamablehttp", "streamable-http", "streamable_http" -> new StreamableHttpTransport(uri, opts);
            case "sse" -> new SseTransport(uri, opts);
            case "http", "https" -> new AutoHttpTransport(uri, opts);
            default -> throw new IllegalArgumentException("unknown HTTP transport mode '" + Bodies.excerpt(m)
                    + "' (use http, https, sse or streamablehttp)");
        };
    }
}
