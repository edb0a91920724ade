package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.transport.SendSettlement;

import io.mcpfuzzer.transport.FrameListener;
import io.mcpfuzzer.transport.TransportException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;

/**
 * MCP Streamable HTTP client transport (spec 2025-03-26 to 2025-11-25, "Transports"). Every frame is one
 * POST; the answer is a JSON body (delivered as one frame, arrays included), an SSE stream (each event's
 * data is a frame, delivered while the stream is still open), or 202 with no body.
 *
 * <p>Threading: {@link #send} may be called from any thread, including the listener's: each POST has its
 * own connection and reader thread, so answering a server request that arrived on an open SSE stream
 * never waits for that stream. {@code send} waits at most {@link HttpOptions#sendWait()} for the response
 * headers (see {@link AbstractHttpTransport}). Frames arrive concurrently from several reader threads.
 *
 * <p>Session: the first {@code Mcp-Session-Id} response header is kept and sent on every later request; a
 * 404 while one was sent reports {@code session_expired} and forgets it (the caller re-initialises).
 * {@link #setProtocolVersion} adds {@code MCP-Protocol-Version}. After {@code notifications/initialized}
 * was accepted, a GET stream for server-initiated messages is opened (405 = not offered). A POST stream
 * that ends before the answer to its request, having carried event ids, is resumed with GET and
 * {@code Last-Event-ID} up to {@link HttpOptions#maxResumeAttempts()} times, honouring {@code retry}.
 * {@link #close} sends DELETE with the session id.
 */
public final class StreamableHttpTransport extends AbstractHttpTransport implements SendSettlement {
    private static final Pattern VISIBLE = Pattern.compile("[\\x21-\\x7e]{1,256}");

    private final URI url;
    private final AtomicBoolean listenStarted = new AtomicBoolean();
    /** How long {@code notifications/initialized} waits for the GET stream's response headers, at most. */
    private static final long LISTEN_FIRST_WAIT_MS = 1_000;
    private volatile String sessionId;
    private volatile String protocolVersion;
    private volatile boolean listenSupported = true;

    public StreamableHttpTransport(URI url, HttpOptions opts) {
        super(url, opts);
        this.url = core.base();
    }

    @Override
    public void start(FrameListener listener) throws TransportException {
        begin(listener);
    }

    @Override
    public void send(String frame) throws TransportException {
        post(frame.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void sendRaw(byte[] bytes) throws TransportException {
        post(bytes.clone());
    }

    /**
     * Sets the negotiated version sent as {@code MCP-Protocol-Version} on every later request; null stops
     * sending it. Thread-safe.
     *
     * @throws IllegalArgumentException unless 1-256 visible ASCII characters
     */
    public void setProtocolVersion(String version) {
        if (version != null && !VISIBLE.matcher(version).matches()) {
            throw new IllegalArgumentException("protocol version must be 1-256 visible ASCII characters");
        }
        this.protocolVersion = version;
    }

    /** Forgets the session id and version so that the next initialize starts a new session. */
    public void resetSession() {
        sessionId = null;
        protocolVersion = null;
        listenStarted.set(false);
    }

    /** True while a server-assigned session id is held. */
    public boolean hasSession() {
        return sessionId != null;
    }

    /** False once the server answered the listen GET with 405. */
    public boolean listenSupported() {
        return listenSupported;
    }

    @Override
    public String describe() {
        return "streamablehttp:" + Origins.display(url);
    }

    /** Opens the GET stream for server-initiated messages (once; no-op when closed or already open). */
    public void openListenStream() {
        openListen();
    }

    /** Opens the GET stream; returns a latch counted down once its first response arrived, or null if not opened. */
    private CountDownLatch openListen() {
        if (isOpen() && listenSupported && listenStarted.compareAndSet(false, true)) {
            CountDownLatch answered = new CountDownLatch(1);
            runHandlerTask(new ListenStream(this, answered::countDown)::run);
            return answered;
        }
        return null;
    }

    private void post(byte[] body) throws TransportException {
        ensureOpen();
        PostContext ctx = new PostContext(body, sessionId != null);
        if (opts.listenStream() && !listenStarted.get() && ctx.isInitializedNotification()) {
            // a server may ask for roots the moment it learns the client is initialized, on the GET stream, and
            // the TypeScript SDK drops what it sends to a GET stream not yet open: open it first (bounded wait)
            CountDownLatch answered = openListen();
            if (answered != null) {
                try {
                    answered.await(LISTEN_FIRST_WAIT_MS, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        dispatchPost(core.exchange(postRequest(body)), resp -> onPostResponse(resp, ctx));
    }

    /**
     * Auto-detection support: POSTs the first frame and waits for the status (bounded by the response
     * timeout). When {@code divert} accepts it the response is discarded and the status returned, so the
     * caller can switch transports; otherwise the response is handled normally.
     */
    int probePost(byte[] body, IntPredicate divert) throws TransportException {
        ensureOpen();
        PostContext ctx = new PostContext(body, sessionId != null);
        CompletableFuture<HttpResponse<InputStream>> f = core.exchange(postRequest(body));
        HttpResponse<InputStream> resp;
        try {
            resp = f.get(opts.responseTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw failure(e.getCause(), "POST");
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new TransportException("timeout", "POST to " + describe() + ": no response headers in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            throw new TransportException("interrupted", "POST interrupted");
        }
        everAnswered = true;
        int sc = resp.statusCode();
        if (divert.test(sc)) {
            HttpCore.closeQuietly(resp.body());
            return sc;
        }
        runHandler(resp, r -> onPostResponse(r, ctx));
        return sc;
    }

    private HttpCore.Req postRequest(byte[] body) {
        Map<String, String> h = sessionHeaders();
        h.put("Accept", "application/json, text/event-stream");
        h.put("Content-Type", "application/json");
        return new HttpCore.Req("POST", url, h, body, opts.responseTimeout());
    }

    /** Configured headers plus session id and protocol version when known. */
    Map<String, String> sessionHeaders() {
        Map<String, String> h = core.headers();
        String sid = sessionId;
        if (sid != null) {
            h.put("Mcp-Session-Id", sid);
        }
        String v = protocolVersion;
        if (v != null) {
            h.put("MCP-Protocol-Version", v);
        }
        return h;
    }

    URI url() {
        return url;
    }

    void markListenUnsupported() {
        listenSupported = false;
    }

    private void onPostResponse(HttpResponse<InputStream> resp, PostContext ctx) {
        captureSession(resp);
        int sc = resp.statusCode();
        if (sc < 200 || sc > 299) {
            handleErrorStatus(resp, ctx.hadSession, ctx);
            return;
        }
        if (sc == 202 || sc == 204) {
            return;
        }
        String ct = contentType(resp);
        if (ct.startsWith("text/event-stream")) {
            readPostStream(resp.body(), ctx);
        } else {
            readJsonBody(resp.body(), ct);
        }
    }

    private void captureSession(HttpResponse<?> resp) {
        resp.headers().firstValue("mcp-session-id").ifPresent(sid -> {
            if (VISIBLE.matcher(sid).matches()) {
                sessionId = sid;
            } else {
                problem("protocol", "ignored an Mcp-Session-Id that is not 1-256 visible ASCII characters");
            }
        });
    }

    @Override
    protected void onSessionExpired() {
        sessionId = null;
        listenStarted.set(false);
    }

    private void readJsonBody(InputStream in, String ct) {
        Bodies.Read r;
        try {
            r = readBounded(in, opts.maxFrameBytes());
        } catch (IOException e) {
            streamFailed(e, "response body");
            return;
        }
        if (r.oversized()) {
            oversized(r.bytesSeen());
            return;
        }
        String text = r.text();
        if (text.isBlank()) {
            return;
        }
        if (ct.startsWith("application/json") || ct.endsWith("+json") || Bodies.looksLikeJson(text)) {
            frame(text);
        } else {
            problem("unexpected_content_type", (ct.isEmpty() ? "no Content-Type" : Bodies.excerpt(ct))
                    + ": " + Bodies.excerpt(text));
        }
    }

    private void readPostStream(InputStream in, PostContext ctx) {
        SseParser parser = new SseParser(opts.maxFrameBytes(), sink(ctx));
        IOException dropped = readStream(in, parser);
        if (closed.get()) {
            return;
        }
        String lastId = parser.lastEventId();
        if (ctx.requestId() != null && !ctx.answered() && lastId != null && !lastId.isEmpty()
                && opts.maxResumeAttempts() > 0) {
            new StreamResumer(this, ctx).resume(lastId, parser.retryMillis());
        } else if (dropped != null) {
            streamFailed(dropped, "POST response stream");
        } else if (ctx.requestId() != null && !ctx.answered()) {
            problem("stream_ended", "SSE stream ended before the response to request " + ctx.requestId());
        }
    }

    /** Reads one SSE stream to its end; returns the failure, or null at a clean end. */
    IOException readStream(InputStream in, SseParser parser) {
        track(in);
        try {
            parser.readAll(in);
            return null;
        } catch (IOException e) {
            return e;
        } finally {
            untrack(in);
            HttpCore.closeQuietly(in);
        }
    }

    SseParser.Sink sink(PostContext ctx) {
        return new SseParser.Sink() {
            @Override
            public void onEvent(SseEvent event) {
                if (ctx != null) {
                    ctx.observe(event.data());
                }
                frame(event.data());
            }

            @Override
            public void onOversized(long bytesSeen) {
                oversized(bytesSeen);
            }
        };
    }

    /**
     * GETs the event stream (with {@code Last-Event-ID} when non-null) and waits for the response headers.
     * Returns null after reporting a failure.
     */
    HttpResponse<InputStream> getStream(String lastEventId, String what) {
        Map<String, String> h = sessionHeaders();
        h.put("Accept", "text/event-stream");
        if (lastEventId != null) {
            h.put("Last-Event-ID", lastEventId);
        }
        CompletableFuture<HttpResponse<InputStream>> f =
                core.exchange(new HttpCore.Req("GET", url, h, null, opts.responseTimeout()));
        try {
            HttpResponse<InputStream> resp = f.get(opts.responseTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS);
            track(resp.body());
            return resp;
        } catch (ExecutionException e) {
            reportFailure(e.getCause(), what);
        } catch (TimeoutException e) {
            f.cancel(true);
            problem("timeout", what + ": no response headers in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
        }
        return null;
    }

    private void runHandlerTask(Runnable task) {
        try {
            core.pool().execute(task);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // closed meanwhile
        }
    }

    /** Ends the session with a DELETE (bounded wait) when the server gave one. */
    @Override
    protected void beforeClose() {
        String sid = sessionId;
        if (sid != null) {
            Map<String, String> h = sessionHeaders();
            CompletableFuture<HttpResponse<InputStream>> f = core.exchange(
                    new HttpCore.Req("DELETE", url, h, null, opts.connectTimeout()));
            try {
                HttpCore.closeQuietly(f.get(Math.min(opts.connectTimeout().toMillis(), 3000) + 500,
                        TimeUnit.MILLISECONDS).body());
            } catch (ExecutionException | TimeoutException e) {
                f.cancel(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                f.cancel(true);
            }
        }
    }
}
