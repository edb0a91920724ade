package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.transport.FrameListener;
import io.mcpfuzzer.transport.SendSettlement;
import io.mcpfuzzer.transport.TransportException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * MCP HTTP+SSE client transport of spec 2024-11-05 ("Transports", HTTP with SSE). {@link #start} GETs the
 * event stream, waits (bounded by {@link HttpOptions#endpointTimeout()}) for the {@code endpoint} event,
 * resolves its URL against the stream URL and requires the same origin. {@link #send} POSTs each frame to
 * that endpoint; answers arrive on the stream as {@code message} events, delivered one frame per event.
 *
 * <p>Threading as in {@link StreamableHttpTransport}: sends may come from any thread, including the
 * listener's; the stream is read by one reader thread. The end of the stream ends the transport
 * ({@code onClosed}); there is no resumption in this protocol version.
 */
public final class SseTransport extends AbstractHttpTransport implements SendSettlement {
    private final URI sseUrl;
    private final CompletableFuture<URI> endpoint = new CompletableFuture<>();
    private volatile InputStream stream;

    public SseTransport(URI sseUrl, HttpOptions opts) {
        super(sseUrl, opts);
        this.sseUrl = core.base();
    }

    @Override
    public void start(FrameListener listener) throws TransportException {
        begin(listener);
        Map<String, String> h = core.headers();
        h.put("Accept", "text/event-stream");
        CompletableFuture<HttpResponse<InputStream>> f =
                core.exchange(new HttpCore.Req("GET", sseUrl, h, null, opts.responseTimeout()));
        long waitMs = opts.connectTimeout().plus(opts.endpointTimeout()).toMillis();
        try {
            HttpResponse<InputStream> resp = f.get(waitMs, TimeUnit.MILLISECONDS);
            everAnswered = true;
            int sc = resp.statusCode();
            if (sc < 200 || sc > 299 || !contentType(resp).startsWith("text/event-stream")) {
                String ct = contentType(resp);
                HttpCore.closeQuietly(resp.body());
                throw fail(sc == 401 || sc == 403 ? "auth" : "http_status",
                        "GET " + describe() + " returned " + sc + (ct.isEmpty() ? "" : " " + Bodies.excerpt(ct))
                                + " instead of an event stream");
            }
            stream = resp.body();
            track(stream);
            core.pool().execute(this::readLoop);
            URI target = endpoint.get(opts.endpointTimeout().toMillis(), TimeUnit.MILLISECONDS);
            if (target == null) {
                throw fail("protocol", "the event stream of " + describe() + " ended or failed before an endpoint event");
            }
        } catch (ExecutionException e) {
            TransportException te = failure(e.getCause(), "GET");
            shutdown(false);
            throw te;
        } catch (TimeoutException e) {
            f.cancel(true);
            throw fail("timeout", "no endpoint event from " + describe() + " within "
                    + opts.endpointTimeout().toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            throw fail("interrupted", "interrupted while connecting to " + describe());
        }
    }

    private TransportException fail(String kind, String message) {
        shutdown(false);
        return new TransportException(kind, message);
    }

    private void readLoop() {
        SseParser parser = new SseParser(opts.maxFrameBytes(), new SseParser.Sink() {
            @Override
            public void onEvent(SseEvent event) {
                onStreamEvent(event);
            }

            @Override
            public void onOversized(long bytesSeen) {
                oversized(bytesSeen);
            }
        });
        InputStream in = stream;
        IOException dropped = null;
        try {
            parser.readAll(in);
        } catch (IOException e) {
            dropped = e;
        } finally {
            untrack(in);
            HttpCore.closeQuietly(in);
            endpoint.complete(null);
        }
        if (closed.get()) {
            return;
        }
        if (core.refusesConnections()) { // a server that exited ends its streams cleanly too
            connectionLost("event stream " + (dropped == null ? "ended" : "dropped") + " and the server refuses connections");
            return;
        }
        if (dropped != null) {
            problem("stream_dropped", "event stream dropped: " + dropped.getClass().getSimpleName());
        }
        if (closed.compareAndSet(false, true)) {
            closeStreams();
            notifyClosed(dropped == null ? "event stream ended" : "event stream dropped");
            core.shutdown();
        }
    }

    private void onStreamEvent(SseEvent event) {
        if ("endpoint".equals(event.type())) {
            if (endpoint.isDone()) {
                problem("protocol", "ignored a second endpoint event");
                return;
            }
            URI target;
            try {
                target = Origins.withoutUserInfo(sseUrl.resolve(event.data().strip()));
            } catch (IllegalArgumentException e) {
                problem("protocol", "endpoint event is not a URL: " + Bodies.excerpt(event.data()));
                endpoint.complete(null);
                return;
            }
            if (!Origins.sameOrigin(target, sseUrl)) {
                problem("protocol", "endpoint event names another origin; refused: " + Origins.display(target));
                endpoint.complete(null);
                return;
            }
            endpoint.complete(target);
        } else if ("message".equals(event.type())) {
            frame(event.data());
        } else {
            problem("protocol", "ignored SSE event of type " + Bodies.excerpt(event.type()));
        }
    }

    @Override
    public void send(String frame) throws TransportException {
        post(frame.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void sendRaw(byte[] bytes) throws TransportException {
        post(bytes.clone());
    }

    private void post(byte[] body) throws TransportException {
        ensureOpen();
        URI target = endpoint.getNow(null);
        if (target == null) {
            throw new TransportException("closed", describe() + " has no message endpoint");
        }
        Map<String, String> h = core.headers();
        h.put("Content-Type", "application/json");
        h.put("Accept", "application/json, text/event-stream");
        PostContext ctx = new PostContext(body, false);
        dispatchPost(core.exchange(new HttpCore.Req("POST", target, h, body, opts.responseTimeout())),
                resp -> onPostResponse(resp, ctx));
    }

    @Override
    public boolean answersInPost() {
        return false;
    }

    private void onPostResponse(HttpResponse<InputStream> resp, PostContext ctx) {
        int sc = resp.statusCode();
        if (sc < 200 || sc > 299) {
            // legacy SSE answers a frame it cannot parse 400 and goes on: only a request waits for this status
            handleErrorStatus(resp, sc == 404, ctx);
            return;
        }
        try {
            readBounded(resp.body(), Bodies.ERROR_BODY_BYTES);
        } catch (IOException e) {
            // the acknowledgement body carries nothing we need
        }
    }

    @Override
    public String describe() {
        return "sse:" + Origins.display(sseUrl);
    }

}
