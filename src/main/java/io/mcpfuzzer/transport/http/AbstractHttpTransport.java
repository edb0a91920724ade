package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.transport.FrameListener;
import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * What the HTTP transports share: listener delivery, the "wait a bounded time for response headers, then
 * continue asynchronously" send pattern, failure classification, error-status handling and stream
 * bookkeeping for {@link #close()}.
 *
 * <p>Failure kinds ({@link TransportException#kind()} or {@link FrameListener#onProblem} kind):
 * {@code connect} (never reached the server), {@code connection_lost} (it answered before and now refuses
 * connections: treat like a crash; the transport closes itself), {@code timeout} (no response headers
 * within the response timeout), {@code io} (connection dropped while the server still accepts connections),
 * {@code auth} (401/403), {@code session_expired} (404 with a session), {@code http_status} (other non-2xx),
 * {@code closed}.
 */
abstract class AbstractHttpTransport implements Transport {
    protected final HttpCore core;
    protected final HttpOptions opts;
    protected final AtomicBoolean closed = new AtomicBoolean(true);
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closedNotified = new AtomicBoolean();
    private final Set<InputStream> streams = ConcurrentHashMap.newKeySet();
    /** Responses whose handler has returned (see {@link #handledResponses()}). */
    private final java.util.concurrent.atomic.AtomicLong handledResponses = new java.util.concurrent.atomic.AtomicLong();
    private volatile FrameListener listener;
    protected volatile boolean everAnswered;

    protected AbstractHttpTransport(URI url, HttpOptions opts) {
        this.opts = opts;
        this.core = new HttpCore(url, opts);
    }

    /** Marks the transport started; throws when started twice. */
    protected void begin(FrameListener l) throws TransportException {
        if (l == null) {
            throw new NullPointerException("listener");
        }
        if (!started.compareAndSet(false, true)) {
            throw new TransportException("closed", "transport already started");
        }
        this.listener = l;
        closed.set(false);
    }

    protected FrameListener listener() {
        return listener;
    }

    @Override
    public boolean isOpen() {
        return !closed.get();
    }

    protected void ensureOpen() throws TransportException {
        if (closed.get()) {
            throw new TransportException("closed", describe() + " is closed");
        }
    }

    /** How each sender thread's last POST was acknowledged ({@link #lastSendSettled}). */
    private final ThreadLocal<CompletableFuture<Integer>> lastPost = new ThreadLocal<>();

    /**
     * {@link #dispatch}es a POST and notes on this thread how it was acknowledged: its status once {@code handler}
     * has run, -1 when it failed before any status.
     */
    protected final void dispatchPost(CompletableFuture<HttpResponse<InputStream>> exchange,
            Consumer<HttpResponse<InputStream>> handler) throws TransportException {
        CompletableFuture<Integer> settled = new CompletableFuture<>();
        lastPost.set(settled);
        exchange.whenComplete((resp, err) -> {
            if (err != null) {
                settled.complete(-1);
            }
        });
        try {
            dispatch(exchange, resp -> {
                try {
                    handler.accept(resp);
                } finally {
                    settled.complete(resp.statusCode());
                }
            }, "POST");
        } catch (TransportException e) {
            settled.complete(-1);
            throw e;
        }
    }

    /**
     * How this thread's last POST was acknowledged (its HTTP status, -1 for a failure before any), or null before
     * its first: an error status without a JSON-RPC body is the server refusing the frame (the TypeScript SDK
     * answers 400 "Invalid message" to any frame its schema rejects).
     */
    public CompletableFuture<Integer> lastSendSettled() {
        return lastPost.get();
    }

    /**
     * Waits up to {@link HttpOptions#sendWait()} for the response headers. Within that wait a failure is
     * thrown; afterwards the exchange continues asynchronously and failures go to the listener. The response
     * is always handled on a reader thread, never on the sender's.
     */
    protected void dispatch(CompletableFuture<HttpResponse<InputStream>> f,
                            Consumer<HttpResponse<InputStream>> handler, String what) throws TransportException {
        try {
            HttpResponse<InputStream> resp = f.get(opts.sendWait().toMillis(), TimeUnit.MILLISECONDS);
            everAnswered = true;
            runHandler(resp, handler);
        } catch (TimeoutException e) {
            f.whenCompleteAsync((resp, err) -> {
                if (err != null) {
                    reportFailure(err, what);
                } else {
                    everAnswered = true;
                    safely(handler, resp);
                }
            }, core.pool());
        } catch (ExecutionException e) {
            throw failure(e.getCause(), what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            throw new TransportException("interrupted", what + " interrupted");
        }
    }

    protected void runHandler(HttpResponse<InputStream> resp, Consumer<HttpResponse<InputStream>> handler) {
        try {
            core.pool().execute(() -> safely(handler, resp));
        } catch (RejectedExecutionException e) {
            HttpCore.closeQuietly(resp.body());
        }
    }

    private void safely(Consumer<HttpResponse<InputStream>> handler, HttpResponse<InputStream> resp) {
        try {
            handler.accept(resp);
        } catch (RuntimeException e) {
            problem("internal", "response handling failed: " + e);
        } finally {
            HttpCore.closeQuietly(resp.body());
            handledResponses.incrementAndGet();
        }
    }

    /**
     * How many responses have been handled to their end (body read or given up, every frame of it delivered);
     * once it counts a response, nothing more can arrive from it. For tests that wait on "nothing more".
     */
    long handledResponses() {
        return handledResponses.get();
    }

    /** Classifies a failed exchange; closes the transport when the connection is lost. */
    protected TransportException failure(Throwable err, String what) {
        Throwable t = HttpCore.unwrap(err);
        String[] c = classify(t);
        if (c[0].equals("connection_lost")) {
            connectionLost(what + ": " + c[1]);
        }
        return new TransportException(c[0], what + " to " + describe() + ": " + c[1], t);
    }

    /** Like {@link #failure} but for asynchronous paths: reports to the listener instead of throwing. */
    protected void reportFailure(Throwable err, String what) {
        if (closed.get()) {
            return;
        }
        Throwable t = HttpCore.unwrap(err);
        String[] c = classify(t);
        if (c[0].equals("connection_lost")) {
            connectionLost(what + ": " + c[1]);
        } else {
            problem(c[0], what + ": " + c[1]);
        }
    }

    private String[] classify(Throwable t) {
        if (closed.get()) {
            return new String[] {"closed", "transport closed"};
        }
        if (t instanceof HttpConnectTimeoutException) {
            return new String[] {everAnswered ? "timeout" : "connect", "connect timed out"};
        }
        if (t instanceof HttpTimeoutException) {
            return new String[] {"timeout", "no response within " + opts.responseTimeout().toSeconds() + " s"};
        }
        String msg = t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + Bodies.excerpt(t.getMessage()));
        boolean dead = HttpCore.isRefused(t) || (t instanceof IOException && core.refusesConnections());
        if (dead) {
            return new String[] {everAnswered ? "connection_lost" : "connect", "connection refused (" + msg + ")"};
        }
        return new String[] {"io", msg};
    }

    @Override
    public void close() {
        shutdown(true);
    }

    /**
     * The one close path of the HTTP transports: once, whoever calls first; {@link #beforeClose()} (while the
     * connection pool still works), then the open streams, then {@code onClosed} unless {@code notify} is
     * false (auto-detection switching away, or a failed start), then the pool. Later calls do nothing.
     */
    void shutdown(boolean notify) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        beforeClose();
        closeStreams();
        if (notify) {
            notifyClosed("closed by client");
        }
        core.shutdown();
    }

    /** Runs once, first, when the client closes; Streamable HTTP ends its session here. Default: nothing. */
    protected void beforeClose() {
    }

    /** The server answered before and now refuses connections: report, then close without a DELETE. */
    protected void connectionLost(String detail) {
        if (closed.compareAndSet(false, true)) {
            problem("connection_lost", detail);
            closeStreams();
            notifyClosed("connection_lost: " + detail);
            core.shutdown();
        }
    }

    /** A stream failed while reading: classify as lost connection or dropped stream. */
    protected void streamFailed(IOException e, String what) {
        if (closed.get()) {
            return;
        }
        if (core.refusesConnections()) {
            connectionLost(what + " dropped and the server refuses connections (" + e.getClass().getSimpleName() + ")");
        } else {
            problem("stream_dropped", what + " dropped: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + Bodies.excerpt(e.getMessage())));
        }
    }

    /**
     * Handles a non-2xx status of the POST of {@code post} (not null): 401/403 -> {@code auth}; 404 with a
     * session -> {@code session_expired} (and {@link #onSessionExpired()}); else a refused request, or each
     * request of a refused batch, is {@link FrameListener#onRefused} for its id (it fails that request only, if
     * it is pending), and a refused notification, response or raw frame is {@code post_rejected}, which fails
     * none (failing the oldest pending request would fail a ping sent after it). A JSON-RPC error body is
     * delivered as a frame instead (it is a rejection, not a transport failure).
     */
    protected void handleErrorStatus(HttpResponse<InputStream> resp, boolean hadSession, PostContext post) {
        int sc = resp.statusCode();
        String text = "";
        try {
            Bodies.Read r = readBounded(resp.body(), Bodies.ERROR_BODY_BYTES);
            text = r.oversized() ? "<body larger than " + Bodies.ERROR_BODY_BYTES + " bytes>" : r.text();
        } catch (IOException e) {
            text = "<body unavailable>";
        }
        boolean rpcError = Bodies.isJsonRpcError(text);
        String detail = sc + (text.isBlank() ? "" : " " + Bodies.excerpt(text));
        if (sc == 401 || sc == 403) {
            String challenge = resp.headers().firstValue("www-authenticate").map(Bodies::excerpt).orElse(null);
            problem("auth", detail + (challenge == null ? "" : " (WWW-Authenticate: " + challenge + ")"));
        } else if (sc == 404 && hadSession) {
            onSessionExpired();
            problem("session_expired", detail);
        } else if (!rpcError) {
            java.util.List<tools.jackson.databind.JsonNode> ids = post.requestIds();
            if (ids.isEmpty()) {
                problem("post_rejected", detail);
            }
            ids.forEach(id -> refused(id, "http_status", detail));
        }
        if (rpcError) {
            frame(text.strip());
        }
    }

    /** Called when the server reports the session unknown; default does nothing. */
    protected void onSessionExpired() {}

    /** Bounded read that also has a total deadline ({@link HttpOptions#responseTimeout()}), against tricklers. */
    protected Bodies.Read readBounded(InputStream in, long cap) throws IOException {
        ScheduledFuture<?> deadline;
        try {
            deadline = core.schedule(() -> HttpCore.closeQuietly(in), opts.responseTimeout());
        } catch (RejectedExecutionException e) {
            throw new IOException("transport closed");
        }
        try {
            return Bodies.read(in, cap);
        } finally {
            deadline.cancel(false);
        }
    }

    protected static String contentType(HttpResponse<?> resp) {
        return resp.headers().firstValue("content-type").orElse("").toLowerCase(Locale.ROOT).strip();
    }

    /** Registers a stream to be closed by {@link #close()}; closes it at once when already closed. */
    protected void track(InputStream in) {
        streams.add(in);
        if (closed.get()) {
            HttpCore.closeQuietly(in);
        }
    }

    protected void untrack(InputStream in) {
        streams.remove(in);
    }

    protected void closeStreams() {
        for (InputStream in : streams) {
            HttpCore.closeQuietly(in);
        }
        streams.clear();
    }

    protected void frame(String text) {
        FrameListener l = listener;
        if (l != null && !closed.get()) {
            try {
                l.onFrame(text);
            } catch (RuntimeException e) {
                // a faulty listener must not kill the reader thread
            }
        }
    }

    protected void oversized(long bytes) {
        FrameListener l = listener;
        if (l != null && !closed.get()) {
            try {
                l.onOversized(bytes);
            } catch (RuntimeException e) {
                // see frame()
            }
        }
    }

    private void refused(tools.jackson.databind.JsonNode id, String kind, String detail) {
        FrameListener l = listener;
        if (l != null) {
            try {
                l.onRefused(id, kind, detail);
            } catch (RuntimeException e) {
                // see frame()
            }
        }
    }

    protected void problem(String kind, String detail) {
        FrameListener l = listener;
        if (l != null) {
            try {
                l.onProblem(kind, detail);
            } catch (RuntimeException e) {
                // see frame()
            }
        }
    }

    protected void notifyClosed(String reason) {
        FrameListener l = listener;
        if (l != null && closedNotified.compareAndSet(false, true)) {
            try {
                l.onClosed(reason);
            } catch (RuntimeException e) {
                // see frame()
            }
        }
    }

    /** Sleeps on a reader thread; false when interrupted or closed meanwhile (flag restored). */
    protected boolean pause(long millis) {
        try {
            Thread.sleep(Math.max(0, millis));
            return !closed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
