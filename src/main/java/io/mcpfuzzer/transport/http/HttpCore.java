package io.mcpfuzzer.transport.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One HTTP connection context for a transport: a single keep-alive HTTP/1.1 {@link HttpClient}, the reader
 * thread pool, request headers with credentials, and redirects followed by hand (same origin only unless
 * allowed; credentials are never sent to another origin). Thread-safe.
 */
final class HttpCore {
    /** Header names treated as credentials on top of every configured header. */
    private static final Set<String> CREDENTIAL_NAMES = Set.of("authorization", "proxy-authorization", "cookie",
            "x-api-key", "api-key", "x-auth-token", "mcp-session-id");
    private static final AtomicInteger POOL_IDS = new AtomicInteger();
    /** Most times one request is sent again after an OAuth challenge. */
    static final int MAX_AUTH_RETRIES = 3;

    /** One request to make. {@code body} null means no body; {@code timeout} bounds the response headers. */
    record Req(String method, URI uri, Map<String, String> headers, byte[] body, Duration timeout) {}

    private final URI base;
    private final HttpOptions opts;
    private final Map<String, String> configured;
    private final ExecutorService pool;
    private final ScheduledExecutorService timer;
    private final HttpClient client;
    /** Exchanges not yet complete; {@link #shutdown()} fails them (see there). */
    private final Set<CompletableFuture<HttpResponse<InputStream>>> inFlight = ConcurrentHashMap.newKeySet();
    private volatile boolean shut;

    HttpCore(URI target, HttpOptions opts) {
        this.base = Origins.withoutUserInfo(target);
        this.opts = opts;
        this.configured = configuredHeaders(target, opts);
        int id = POOL_IDS.incrementAndGet();
        this.pool = Executors.newCachedThreadPool(daemon("mcp-http-" + id + "-"));
        this.timer = Executors.newSingleThreadScheduledExecutor(daemon("mcp-http-timer-" + id + "-"));
        HttpClient.Builder builder = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(opts.connectTimeout())
                .executor(pool);
        if (opts.sslContext() != null) {
            builder.sslContext(opts.sslContext());
        }
        this.client = builder.build();
    }

    URI base() {
        return base;
    }

    HttpOptions options() {
        return opts;
    }

    ExecutorService pool() {
        return pool;
    }

    /** User headers, then credentials (credentials win); a fresh case-insensitive map each call. */
    Map<String, String> headers() {
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.putAll(configured);
        return h;
    }

    /**
     * Sends a request and follows redirects: 307/308 for any method, 301/302/303 for GET only, at most
     * {@link HttpOptions#maxRedirects()} hops, to the configured origin only unless cross-origin redirects
     * are allowed (then without credential headers). A refused connection is retried
     * {@link HttpOptions#connectRetries()} times (nothing was sent). The future fails with the transport's
     * exception; a redirect that is not followed completes with the 3xx response.
     */
    CompletableFuture<HttpResponse<InputStream>> exchange(Req req) {
        BearerAuth auth = opts.bearerAuth();
        CompletableFuture<HttpResponse<InputStream>> result = new CompletableFuture<>();
        inFlight.add(result);
        if (shut) { // shutdown() may have run before the add: then it did not see this one; nothing is sent
            inFlight.remove(result);
            result.completeExceptionally(new IOException("transport closed"));
            return result;
        }
        CompletableFuture<HttpResponse<InputStream>> inner;
        try {
            inner = auth == null ? follow(req, 0) : authorized(auth, req, 0);
        } catch (RuntimeException e) { // a client whose executor was shut down may refuse to send
            inFlight.remove(result);
            result.completeExceptionally(shut ? new IOException("transport closed") : e);
            return result;
        }
        inner.whenComplete((resp, err) -> {
            inFlight.remove(result);
            if (err != null) {
                result.completeExceptionally(err);
            } else if (!result.complete(resp)) {
                closeQuietly(resp.body()); // shut down meanwhile: nobody reads it
            }
        });
        return result;
    }

    /**
     * With OAuth: sends with the current bearer token (to the target's origin only) and, on a 401/403 from that
     * origin, lets {@link BearerAuth#onChallenge} get a new token on the reader pool and sends again, at most
     * {@value #MAX_AUTH_RETRIES} times per request. A challenge that yields no new token completes with the
     * 401/403 response itself, so the transport reports it as {@code auth}.
     */
    private CompletableFuture<HttpResponse<InputStream>> authorized(BearerAuth auth, Req req, int attempt) {
        String token = Origins.sameOrigin(req.uri(), base) ? auth.currentToken() : null;
        Req sent = req;
        if (token != null) {
            Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            h.putAll(req.headers());
            h.put("Authorization", "Bearer " + token);
            sent = new Req(req.method(), req.uri(), h, req.body(), req.timeout());
        }
        return follow(sent, 0).thenCompose(resp -> {
            int sc = resp.statusCode();
            if ((sc != 401 && sc != 403) || attempt >= MAX_AUTH_RETRIES || !Origins.sameOrigin(resp.uri(), base)) {
                return CompletableFuture.completedFuture(resp);
            }
            String challenge = resp.headers().firstValue("www-authenticate").orElse(null);
            return CompletableFuture.supplyAsync(() -> auth.onChallenge(sc, challenge, token), pool)
                    .thenCompose(retry -> {
                        if (!retry) {
                            return CompletableFuture.completedFuture(resp);
                        }
                        closeQuietly(resp.body());
                        return authorized(auth, req, attempt + 1);
                    });
        });
    }

    private CompletableFuture<HttpResponse<InputStream>> follow(Req req, int hops) {
        return sendRetrying(req, 0).thenCompose(resp -> {
            URI next = redirectTarget(req, resp, hops);
            if (next == null) {
                return CompletableFuture.completedFuture(resp);
            }
            closeQuietly(resp.body());
            Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            h.putAll(req.headers());
            if (!Origins.sameOrigin(next, base)) {
                h.keySet().removeIf(this::isCredential);
            }
            return follow(new Req(req.method(), next, h, req.body(), req.timeout()), hops + 1);
        });
    }

    private URI redirectTarget(Req req, HttpResponse<InputStream> resp, int hops) {
        int sc = resp.statusCode();
        boolean any = sc == 307 || sc == 308;
        boolean getOnly = (sc == 301 || sc == 302 || sc == 303) && req.method().equals("GET");
        if (!(any || getOnly) || hops >= opts.maxRedirects()) {
            return null;
        }
        String location = resp.headers().firstValue("location").orElse(null);
        if (location == null || location.length() > 8192) {
            return null;
        }
        URI target;
        try {
            target = req.uri().resolve(location.strip());
        } catch (IllegalArgumentException e) {
            return null;
        }
        String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || target.getHost() == null) {
            return null;
        }
        if (!Origins.sameOrigin(target, base) && !opts.allowCrossOriginRedirects()) {
            return null;
        }
        return Origins.withoutUserInfo(target);
    }

    private CompletableFuture<HttpResponse<InputStream>> sendRetrying(Req req, int attempt) {
        HttpRequest.Builder b = HttpRequest.newBuilder(req.uri())
                .method(req.method(), req.body() == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(req.body()));
        if (req.timeout() != null) {
            b.timeout(req.timeout());
        }
        req.headers().forEach(b::header);
        return client.sendAsync(b.build(), HttpResponse.BodyHandlers.ofInputStream())
                .handle((resp, err) -> {
                    if (err == null) {
                        return CompletableFuture.completedFuture(resp);
                    }
                    Throwable cause = unwrap(err);
                    if (isRefused(cause) && attempt < opts.connectRetries()) {
                        long delay = 100L << attempt;
                        return CompletableFuture.supplyAsync(() -> null,
                                        CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS, pool))
                                .thenCompose(x -> sendRetrying(req, attempt + 1));
                    }
                    return CompletableFuture.<HttpResponse<InputStream>>failedFuture(cause);
                })
                .thenCompose(f -> f);
    }

    /** Runs a task after a delay on the timer; used for body deadlines. */
    java.util.concurrent.ScheduledFuture<?> schedule(Runnable task, Duration delay) {
        return timer.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Whether a fresh TCP connection to the base origin is refused now. Used after an I/O failure to tell a
     * dead server (refused) from a dropped connection. Bounded by the connect timeout (max 2 s).
     */
    boolean refusesConnections() {
        long millis = Math.min(opts.connectTimeout().toMillis(), 2000);
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(base.getHost(), Origins.port(base)), (int) millis);
            return false;
        } catch (ConnectException | NoRouteToHostException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Stops the timer and lets the reader threads end (does not wait: they end once the transport has closed
     * their streams). Idle pooled connections are released when the client is collected.
     */
    void shutdown() {
        shut = true;
        timer.shutdownNow();
        pool.shutdown();
        // the client hands response handling to the pool: once it is shut, an exchange still in flight would never
        // complete (its handler task is rejected) and a sender waiting for it would block until its own deadline
        for (CompletableFuture<HttpResponse<InputStream>> f : inFlight) {
            f.completeExceptionally(new IOException("transport closed"));
        }
        inFlight.clear();
    }

    boolean isCredential(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return CREDENTIAL_NAMES.contains(lower) || configured.keySet().stream().anyMatch(k -> k.equalsIgnoreCase(lower));
    }

    static Throwable unwrap(Throwable t) {
        Throwable c = t;
        while ((c instanceof CompletionException || c instanceof ExecutionException) && c.getCause() != null) {
            c = c.getCause();
        }
        return c;
    }

    static boolean isRefused(Throwable t) {
        return t instanceof ConnectException || t instanceof NoRouteToHostException;
    }

    static void closeQuietly(InputStream in) {
        if (in == null) {
            return;
        }
        try {
            in.close();
        } catch (IOException | RuntimeException e) {
            // best effort: the stream is being abandoned
        }
    }

    private static Map<String, String> configuredHeaders(URI target, HttpOptions opts) {
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.putAll(opts.headers());
        h.putAll(opts.authHeaders());
        String userInfo = target.getRawUserInfo();
        if (userInfo != null && !h.containsKey("Authorization")) {
            String decoded = java.net.URLDecoder.decode(userInfo, java.nio.charset.StandardCharsets.UTF_8);
            h.put("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    decoded.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        return h;
    }

    private static ThreadFactory daemon(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
