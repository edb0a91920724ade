package io.mcpfuzzer.fuzz.audit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * The auth audit's HTTP exchanges: one request to an allowed URL, redirects never followed, the whole answer (headers and
 * body) within {@code timeout}, at most {@link #MAX_BODY} body bytes kept (the rest is not read). Thread-safe.
 */
final class AuthHttp {
    /** Most body bytes kept per answer. */
    static final int MAX_BODY = 256 * 1024;

    /**
     * One answer. {@code status} is -1 when there was none; then {@code error} says why (never null then).
     *
     * @param body the first {@link #MAX_BODY} bytes as UTF-8 (malformed bytes replaced)
     */
    record Answer(int status, HttpHeaders headers, String body, String error) {
        boolean ok() {
            return status >= 200 && status < 300;
        }

        String header(String name) {
            return headers == null ? null : headers.firstValue(name).orElse(null);
        }

        static Answer failed(String why) {
            return new Answer(-1, null, "", why);
        }
    }

    private final HttpClient client;
    private final Duration timeout;
    private final Predicate<URI> allowed;

    /** @param allowed which URLs may be contacted; others fail without a connection */
    AuthHttp(Duration timeout, Predicate<URI> allowed) {
        this.timeout = timeout;
        this.allowed = allowed;
        this.client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(timeout)
                .build();
    }

    Duration timeout() {
        return timeout;
    }

    Answer get(URI uri, Map<String, String> headers) {
        return send(HttpRequest.newBuilder(uri).GET(), headers);
    }

    Answer postForm(URI uri, Map<String, String> form, Map<String, String> headers) {
        return send(HttpRequest.newBuilder(uri).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(form))), headers);
    }

    /** POST of a JSON text, with {@code Accept: application/json, text/event-stream} (MCP Streamable HTTP). */
    Answer postJson(URI uri, String json, Map<String, String> headers) {
        return send(HttpRequest.newBuilder(uri).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json)), headers);
    }

    /** {@code application/x-www-form-urlencoded} text of the pairs, in their order. */
    static String form(Map<String, String> pairs) {
        StringJoiner j = new StringJoiner("&");
        pairs.forEach((k, v) -> j.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return j.toString();
    }

    /** Sends the request as the class comment says. */
    Answer send(HttpRequest.Builder b, Map<String, String> headers) {
        b.timeout(timeout).header("User-Agent", "mcp-fuzzer-auth-audit");
        if (headers != null) {
            headers.forEach(b::header);
        }
        HttpRequest request = b.build();
        if (!allowed.test(request.uri())) {
            return Answer.failed("not contacted: " + request.uri().getHost() + " is outside the network policy "
                    + "(--no-network, --allow-host)");
        }
        CompletableFuture<HttpResponse<byte[]>> future;
        try {
            future = client.sendAsync(request, info -> new Bounded());
        } catch (IllegalArgumentException e) {
            return Answer.failed("bad request: " + e.getMessage());
        }
        try {
            HttpResponse<byte[]> r = future.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
            return new Answer(r.statusCode(), r.headers(), new String(r.body(), StandardCharsets.UTF_8), null);
        } catch (TimeoutException e) {
            future.cancel(true);
            return Answer.failed("no complete answer within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            return Answer.failed(c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage()));
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            return Answer.failed("interrupted");
        }
    }

    /** Keeps the first {@link #MAX_BODY} bytes, then cancels the rest of the stream. */
    private static final class Bounded implements HttpResponse.BodySubscriber<byte[]> {
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
        private Flow.Subscription subscription;

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            for (ByteBuffer item : items) {
                int n = Math.min(item.remaining(), MAX_BODY - buf.size());
                byte[] chunk = new byte[n];
                item.get(chunk);
                buf.write(chunk, 0, n);
                if (buf.size() >= MAX_BODY) {
                    subscription.cancel();
                    result.complete(buf.toByteArray());
                    return;
                }
            }
            subscription.request(1);
        }

        @Override
        public void onError(Throwable t) {
            if (!result.isDone()) {
                result.completeExceptionally(t instanceof IOException ? t : new IOException(t));
            }
        }

        @Override
        public void onComplete() {
            result.complete(buf.toByteArray());
        }

        @Override
        public CompletableFuture<byte[]> getBody() {
            return result;
        }
    }
}
