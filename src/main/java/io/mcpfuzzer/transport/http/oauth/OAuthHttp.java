package io.mcpfuzzer.transport.http.oauth;

import io.mcpfuzzer.common.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The one bounded HTTP helper of the OAuth client and of the auth audit (metadata, registration, token,
 * headless authorization, the audit's MCP calls): HTTP/1.1, no automatic redirects, every exchange bounded by
 * {@code timeout} for the headers and again for the whole body, bodies capped ({@link Limits}: by default
 * {@value #MAX_BODY_BYTES} bytes and a longer body fails the call; the audit keeps the first bytes instead).
 * A URL the {@code allowed} predicate refuses fails with an {@link IOException} before any connection (the
 * audit's network policy). The TLS trust is the target's ({@code --cacert}/{@code --insecure}) when an
 * {@link SSLContext} is given, else the JVM default. Thread-safe.
 */
public final class OAuthHttp {
    /** Largest body read from an authorization server or metadata document. */
    public static final int MAX_BODY_BYTES = 1024 * 1024;
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mcp-oauth-timer");
        t.setDaemon(true);
        return t;
    });

    /** One answer; {@code body} is at most {@value #MAX_BODY_BYTES} bytes (longer bodies fail the call). */
    public record Resp(int status, Map<String, String> headers, String body) {
        /** First value of a header (name in any case), or null. */
        public String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }

        public boolean ok() {
            return status >= 200 && status < 300;
        }

        /** The body as a JSON object, or null when it is not one. */
        public JsonNode json() {
            try {
                JsonNode n = Json.parse(body);
                return n != null && n.isObject() ? n : null;
            } catch (JacksonException | IllegalArgumentException e) {
                return null;
            }
        }
    }

    /**
     * How an exchange is bounded beyond its timeout.
     *
     * @param maxBodyBytes body bytes read at the most (1 to 64 MiB)
     * @param truncate     keep the first {@code maxBodyBytes} and stop reading, instead of failing the call
     * @param allowed      which URLs may be contacted; others fail without a connection
     * @param userAgent    the User-Agent header, or null for the JDK's
     */
    public record Limits(int maxBodyBytes, boolean truncate, Predicate<URI> allowed, String userAgent) {
        public Limits {
            if (maxBodyBytes < 1 || maxBodyBytes > 64 * 1024 * 1024) {
                throw new IllegalArgumentException("maxBodyBytes out of range: " + maxBodyBytes);
            }
            allowed = allowed == null ? u -> true : allowed;
        }

        /** The OAuth client's: {@value #MAX_BODY_BYTES} bytes, longer fails, any URL. */
        public static Limits client() {
            return new Limits(MAX_BODY_BYTES, false, null, null);
        }
    }

    private final HttpClient client;
    private final Duration timeout;
    private final Limits limits;

    public OAuthHttp(Duration timeout) {
        this(timeout, null, Limits.client());
    }

    /** @param sslContext the TLS trust of https exchanges, or null for the JVM default */
    public OAuthHttp(Duration timeout, SSLContext sslContext, Limits limits) {
        this.timeout = timeout;
        this.limits = limits;
        HttpClient.Builder b = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(timeout);
        if (sslContext != null) {
            b.sslContext(sslContext);
        }
        this.client = b.build();
    }

    public Duration timeout() {
        return timeout;
    }

    public Resp get(URI uri, Map<String, String> headers) throws IOException {
        return send(HttpRequest.newBuilder(uri).GET(), headers);
    }

    /** POST of {@code application/x-www-form-urlencoded} fields (null values are left out). */
    public Resp postForm(URI uri, Map<String, String> fields, Map<String, String> headers) throws IOException {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put("Content-Type", "application/x-www-form-urlencoded");
        return send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(form(fields))), h);
    }

    public Resp postJson(URI uri, String json) throws IOException {
        return postJson(uri, json, Map.of());
    }

    /** POST of a JSON text; {@code headers} may replace the {@code Accept} and add others. */
    public Resp postJson(URI uri, String json, Map<String, String> headers) throws IOException {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put("Content-Type", "application/json");
        return send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(json)), h);
    }

    public Resp delete(URI uri, Map<String, String> headers) throws IOException {
        return send(HttpRequest.newBuilder(uri).DELETE(), headers);
    }

    /** {@code a=b&c=d}, URL-encoded, null values left out. */
    public static String form(Map<String, String> fields) {
        StringJoiner j = new StringJoiner("&");
        fields.forEach((k, v) -> {
            if (v != null) {
                j.add(enc(k) + "=" + enc(v));
            }
        });
        return j.toString();
    }

    /**
     * The {@code Authorization} value of {@code client_secret_basic} (RFC 6749 section 2.3.1: id and secret
     * form-encoded, then Base64); a null secret counts as empty.
     */
    public static String basicAuth(String clientId, String secret) {
        String pair = enc(clientId) + ":" + enc(secret == null ? "" : secret);
        return "Basic " + java.util.Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private Resp send(HttpRequest.Builder b, Map<String, String> headers) throws IOException {
        b.timeout(timeout).setHeader("Accept", "application/json");
        if (limits.userAgent() != null) {
            b.setHeader("User-Agent", limits.userAgent());
        }
        HttpResponse<InputStream> resp;
        try {
            headers.forEach(b::setHeader);
            HttpRequest request = b.build();
            if (!limits.allowed().test(request.uri())) {
                throw new IOException("not contacted: " + request.uri().getHost() + " is outside the network policy "
                        + "(--no-network, --allow-host)");
            }
            resp = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (java.net.http.HttpTimeoutException e) {
            throw new IOException("no complete answer within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (IllegalArgumentException e) {
            throw new IOException("bad request: " + e.getMessage(), e);
        }
        Map<String, String> h = new LinkedHashMap<>();
        resp.headers().map().forEach((k, v) -> {
            if (!v.isEmpty()) {
                h.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0));
            }
        });
        return new Resp(resp.statusCode(), h, read(resp.body()));
    }

    private String read(InputStream in) throws IOException {
        AtomicBoolean late = new AtomicBoolean();
        ScheduledFuture<?> deadline = TIMER.schedule(() -> {
            late.set(true);
            closeQuietly(in);
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        int max = limits.maxBodyBytes();
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) >= 0) {
                if (out.size() + n > max) {
                    if (!limits.truncate()) {
                        throw new IOException("body larger than " + max + " bytes");
                    }
                    out.write(buf, 0, max - out.size());
                    break;
                }
                out.write(buf, 0, n);
            }
            return out.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            if (late.get()) {
                throw new IOException("no complete answer within " + timeout.toMillis() + " ms", e);
            }
            throw e;
        } finally {
            deadline.cancel(false);
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // the read it interrupts fails with its own IOException, which is reported
        }
    }
}
