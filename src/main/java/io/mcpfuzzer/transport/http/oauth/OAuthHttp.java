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
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The OAuth client's own HTTP calls (metadata, registration, token, headless authorization): HTTP/1.1, no
 * automatic redirects, every exchange bounded by {@code timeout} for the headers and again for the whole body,
 * bodies capped at {@value #MAX_BODY_BYTES} bytes. Thread-safe.
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
        /** First value of a header (lower-case name), or null. */
        public String header(String name) {
            return headers.get(name);
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

    private final HttpClient client;
    private final Duration timeout;

    public OAuthHttp(Duration timeout) {
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(timeout).build();
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
        return send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(json)),
                Map.of("Content-Type", "application/json"));
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

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private Resp send(HttpRequest.Builder b, Map<String, String> headers) throws IOException {
        b.timeout(timeout).header("Accept", "application/json");
        headers.forEach(b::header);
        HttpResponse<InputStream> resp;
        try {
            resp = client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
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
        ScheduledFuture<?> deadline = TIMER.schedule(() -> closeQuietly(in), timeout.toMillis(), TimeUnit.MILLISECONDS);
        try (in) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) >= 0) {
                if (out.size() + n > MAX_BODY_BYTES) {
                    throw new IOException("body larger than " + MAX_BODY_BYTES + " bytes");
                }
                out.write(buf, 0, n);
            }
            return out.toString(StandardCharsets.UTF_8);
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
