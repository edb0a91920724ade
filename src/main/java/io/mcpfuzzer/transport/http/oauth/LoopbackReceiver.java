package io.mcpfuzzer.transport.http.oauth;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The loopback redirect endpoint of a native client (RFC 8252 section 7.3): an HTTP server on
 * {@code 127.0.0.1} at a free port (kept for its whole life, so a registered redirect URI stays valid) that hands
 * the query parameters of the first request to {@code /callback} after {@link #arm()} to {@link #await}. Other
 * paths get 404. Thread-safe; close it when done.
 */
public final class LoopbackReceiver implements AutoCloseable {
    private static final String PAGE = "<!doctype html><title>mcp-fuzzer</title>"
            + "<p>Authorization finished; you can close this window.</p>";
    private final HttpServer server;
    private volatile CompletableFuture<Map<String, String>> result = new CompletableFuture<>();

    public LoopbackReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        server.createContext("/callback", exchange -> {
            String query = exchange.getRequestURI().getRawQuery();
            result.complete(Query.parse(query));
            byte[] body = PAGE.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** Forgets an earlier callback: the next one is for the flow starting now. */
    public void arm() {
        result = new CompletableFuture<>();
    }

    /** {@code http://127.0.0.1:<port>/callback}. */
    public String redirectUri() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/callback";
    }

    /**
     * The callback's query parameters.
     *
     * @throws OAuthException when nothing arrives within {@code wait}
     */
    public Map<String, String> await(Duration wait) {
        try {
            return result.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new OAuthException("no authorization redirect reached " + redirectUri() + " within "
                    + wait.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new OAuthException("the loopback receiver failed: " + e.getCause(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OAuthException("interrupted while waiting for the authorization redirect");
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
