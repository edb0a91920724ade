package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.transport.FrameListener;
import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.LongNode;

/**
 * One JSON-RPC 2.0 connection over a {@link Transport}: id allocation, a pending-request table
 * keyed by id, routing of responses, notifications and server requests, and bounded evidence of
 * everything else the peer sent.
 *
 * <p>A response whose id is not pending (late answer to a timed-out request, unknown or duplicate
 * id) is an orphan: it is logged and never given to another request. Server requests are answered
 * by {@link ServerRequestHandler} on a dedicated thread so the reader never blocks on a write.
 * Every outgoing frame (requests, notifications, text and raw frames, answers to server requests)
 * first passes the installed {@link OutboundPolicy}, which may rewrite it or keep it off the wire.
 * Thread-safe: requests may be issued concurrently from any thread.
 */
public final class RpcConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RpcConnection.class);
    private static final String NULL_KEY = "null";

    private final Transport transport;
    private final ServerRequestHandler handler;
    private final ConnectionLog log = new ConnectionLog();
    private final AtomicLong nextId = new AtomicLong(1);
    private final PendingRequests pending = new PendingRequests();
    /** Per calling thread: the key of its last request that timed out in await (see takeLastTimeout). */
    private final ThreadLocal<String> lastTimeout = new ThreadLocal<>();
    private final ExecutorService answerer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "rpc-answerer");
        t.setDaemon(true);
        return t;
    });
    private final CompletableFuture<String> closed = new CompletableFuture<>();
    private volatile Consumer<InboundMessage> notificationListener = m -> {};
    private volatile Consumer<InboundMessage> unroutedTap = m -> {};
    private volatile Runnable activityListener = () -> {};
    private volatile java.util.function.Supplier<AutoCloseable> requestTracker = () -> () -> {};
    private final OutboundGate outbound = new OutboundGate();

    public RpcConnection(Transport transport, ServerRequestHandler handler) {
        this.transport = transport;
        this.handler = handler;
    }

    /** Starts the transport; inbound frames are routed from then on. */
    public void start() throws TransportException {
        transport.start(new Router());
    }

    public void onNotification(Consumer<InboundMessage> listener) {
        this.notificationListener = listener == null ? m -> {} : listener;
    }

    /**
     * Receives every inbound frame that did not answer one of our pending requests: orphan
     * responses (including answers to frames sent with {@link #sendFrame}), server requests,
     * notifications, whole batches, invalid and non-JSON frames. For raw protocol exchanges.
     */
    public void onUnrouted(Consumer<InboundMessage> tap) {
        this.unroutedTap = tap == null ? m -> {} : tap;
    }

    /** Called on every inbound frame (for the hang watchdog's activity clock). */
    public void onActivity(Runnable listener) {
        this.activityListener = listener == null ? () -> {} : listener;
    }

    /**
     * Called when a blocking request starts; the returned handle is closed when it ends (answer,
     * timeout or close). Lets a hang watchdog know a request is outstanding.
     */
    public void onRequest(java.util.function.Supplier<AutoCloseable> tracker) {
        this.requestTracker = tracker == null ? () -> () -> {} : tracker;
    }

    /**
     * Installs the check every outgoing frame passes (see {@link OutboundPolicy}); install it before
     * {@link #start} so that no frame escapes it. Null means {@link OutboundPolicy#SEND_ALL}.
     */
    public void outboundPolicy(OutboundPolicy policy) {
        outbound.set(policy);
    }

    public Transport transport() {
        return transport;
    }

    public ConnectionLog log() {
        return log;
    }

    public boolean isClosed() {
        return closed.isDone();
    }

    /**
     * Waits up to {@code wait} for the connection to close (the peer gone, or closed by us); true when
     * it is closed. An interrupt ends the wait (false, the flag kept).
     */
    public boolean awaitClosed(java.time.Duration wait) {
        try {
            closed.get(wait.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return closed.isDone();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Why the peer went away, or null while open. */
    public String closedReason() {
        return closed.getNow(null);
    }

    /** Allocates the next numeric id. */
    public JsonNode nextId() {
        return LongNode.valueOf(nextId.getAndIncrement());
    }

    /** Sends {@code method(params)} with a fresh id and waits for the answer. */
    public Reply request(String method, JsonNode params, Duration timeout) {
        JsonNode id = nextId();
        JsonNode message = Messages.request(id, method, params);
        return exchange(message, Json.write(message), id, timeout);
    }

    /**
     * Sends a frame exactly as given (unless the outbound policy rewrites or blocks it) and waits for
     * the response carrying {@code id} (a null id waits for a response with a null id, as servers
     * send for parse errors).
     */
    public Reply exchange(String frame, JsonNode id, Duration timeout) {
        return exchange(outbound.parse(frame), frame, id, timeout);
    }

    private Reply exchange(JsonNode message, String frame, JsonNode id, Duration timeout) {
        AutoCloseable token = requestTracker.get();
        try {
            return await(send(message, frame, id), id, timeout);
        } finally {
            try {
                token.close();
            } catch (Exception e) {
                LOG.debug("request tracker: {}", e.toString());
            }
        }
    }

    /**
     * Registers {@code id} as pending, sends the frame through the outbound policy and returns the
     * future answer. A blocked frame is never written: the future is already complete with
     * {@link Reply.Status#SAFETY_BLOCKED}. A rewritten one completes with {@link Reply#outbound()} set.
     */
    public CompletableFuture<Reply> send(String frame, JsonNode id) {
        return send(outbound.parse(frame), frame, id);
    }

    private CompletableFuture<Reply> send(JsonNode message, String frame, JsonNode id) {
        String key = keyOf(id);
        long start = System.nanoTime();
        CompletableFuture<Reply> future = new CompletableFuture<>();
        Outbound decision = outbound.decide(message, frame, false);
        if (decision.blocked()) {
            future.complete(Reply.blocked(decision));
            return future;
        }
        String wire = decision.rewritten() ? decision.frame() : frame;
        if (closed.isDone()) {
            future.complete(new Reply(Reply.Status.CLOSED, null, null, 0, closed.getNow("closed")));
            return annotated(future, decision);
        }
        if (!pending.add(key, future, start)) {
            future.complete(new Reply(Reply.Status.SEND_FAILED, null, null, 0, "id " + key + " already pending"));
            return annotated(future, decision);
        }
        try {
            transport.send(wire, () -> pending.written(key));
        } catch (TransportException e) {
            pending.remove(key);
            // a write that outlived its deadline: the server stopped reading (a hang, not a crash)
            Reply.Status status = io.mcpfuzzer.transport.stdio.StdioTransport.STUCK_KIND.equals(e.kind())
                    ? Reply.Status.TIMEOUT
                    : closed.isDone() || "closed".equals(e.kind()) ? Reply.Status.CLOSED : Reply.Status.SEND_FAILED;
            Reply failed = new Reply(status, null, null, System.nanoTime() - start, e.getMessage());
            if (status == Reply.Status.TIMEOUT) {
                // the kill that freed the write may have closed the connection (and this future) first;
                // the future is not handed out yet, so the write's own outcome replaces that
                future.obtrudeValue(failed);
            } else {
                future.complete(failed);
            }
        }
        return annotated(future, decision);
    }

    private static CompletableFuture<Reply> annotated(CompletableFuture<Reply> future, Outbound decision) {
        return decision.rewritten() ? future.thenApply(r -> r.withOutbound(decision)) : future;
    }

    /** Waits for a future from {@link #send}; on timeout the id is forgotten and a late answer is an orphan. */
    public Reply await(CompletableFuture<Reply> future, JsonNode id, Duration timeout) {
        try {
            return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            String key = keyOf(id);
            lastTimeout.set(key);
            PendingRequests.Pending p = pending.expire(key);
            long started = p == null ? System.nanoTime() - timeout.toNanos() : p.startNanos();
            Reply reply = new Reply(Reply.Status.TIMEOUT, null, null, System.nanoTime() - started,
                    "no answer within " + timeout.toMillis() + " ms");
            if (p != null) {
                p.future().complete(reply); // reaches the caller's future through the rewrite annotation, if any
            }
            future.complete(reply);
            return future.getNow(reply);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.remove(keyOf(id));
            return new Reply(Reply.Status.CLOSED, null, null, 0, "interrupted");
        } catch (ExecutionException e) {
            return new Reply(Reply.Status.SEND_FAILED, null, null, 0, String.valueOf(e.getCause()));
        }
    }

    /**
     * The key of the last request that timed out in {@link #await} on the calling thread since the
     * previous call of this method, or null; clears it. Take it once before a send (to forget older
     * timeouts) and once after: a non-null key is then that send's own request (when it awaited on this
     * thread), to ask {@link #answeredLate} about.
     */
    public String takeLastTimeout() {
        String key = lastTimeout.get();
        if (key != null) { // removing an absent entry would cost a map entry made by get() and dropped again
            lastTimeout.remove();
        }
        return key;
    }

    /** Whether the timed-out request with this key ({@link #takeLastTimeout}) has been answered since. */
    public boolean answeredLate(String key) {
        return key != null && pending.cameLate(key);
    }

    /**
     * For the timed-out request with this key ({@link #takeLastTimeout}): the key of an earlier request
     * the server has not answered either, with nothing sent after it answered since, or null. On a
     * server that reads requests in order, {@code key} was then queued behind that request: whatever
     * made the server deaf, it was not necessarily {@code key}'s input.
     */
    public String unansweredBefore(String key) {
        return pending.unansweredBefore(key);
    }

    /** Sends a notification (no id, no answer expected). Returns false if it was not sent. */
    public boolean notify(String method, JsonNode params) {
        JsonNode message = Messages.notification(method, params);
        return write(message, Json.write(message)).written();
    }

    /** Sends a frame without registering any id. Returns false if it was not sent (blocked or failed). */
    public boolean sendFrame(String frame) {
        return write(frame).written();
    }

    /** Sends a frame without registering any id, through the outbound policy. */
    public Sent write(String frame) {
        return write(outbound.parse(frame), frame);
    }

    private Sent write(JsonNode message, String frame) {
        Outbound decision = outbound.decide(message, frame, false);
        if (decision.blocked()) {
            return new Sent(decision, false, null);
        }
        try {
            transport.send(decision.rewritten() ? decision.frame() : frame);
            return new Sent(decision, true, null);
        } catch (TransportException e) {
            LOG.debug("send failed: {}", e.getMessage());
            return new Sent(decision, false, e.getMessage());
        }
    }

    /** Sends raw bytes (malformed-frame fuzzing). Returns false if they were not sent (blocked or failed). */
    public boolean sendRaw(byte[] bytes) {
        return writeRaw(bytes).written();
    }

    /**
     * Sends raw bytes exactly as given, through the outbound policy (which sees them decoded as UTF-8,
     * or UTF-16 behind its byte-order mark, and parsed when they are one strict JSON document). Raw bytes are never rewritten: a policy
     * that would rewrite them blocks them.
     */
    public Sent writeRaw(byte[] bytes) {
        Outbound decision = outbound.decideRaw(bytes);
        if (decision.blocked()) {
            return new Sent(decision, false, null);
        }
        try {
            transport.sendRaw(bytes);
            return new Sent(decision, true, null);
        } catch (TransportException e) {
            LOG.debug("raw send failed: {}", e.getMessage());
            return new Sent(decision, false, e.getMessage());
        }
    }

    @Override
    public void close() {
        transport.close();
        answerer.shutdownNow();
        markClosed("closed by client");
    }

    private static String keyOf(JsonNode id) {
        String key = RpcId.key(id);
        return key == null ? NULL_KEY : key;
    }

    private void markClosed(String reason) {
        if (closed.complete(reason)) {
            LOG.debug("connection closed: {}", reason);
        }
        pending.closeAll(reason);
    }

    private void route(InboundMessage message, boolean tap) {
        switch (message.kind()) {
            case RESPONSE -> routeResponse(message, tap);
            case REQUEST -> {
                answerServerRequest(message);
                tap(message, tap);
            }
            case NOTIFICATION -> {
                log.record("notification", message.raw(), message.method());
                notificationListener.accept(message);
                tap(message, tap);
            }
            case BATCH -> {
                tap(message, tap);
                for (JsonNode element : message.node()) {
                    route(InboundMessage.classify(Json.write(element)), false);
                }
            }
            case INVALID -> {
                log.record("invalid", message.raw(), message.problem());
                JsonNode id = message.id();
                if (message.node() != null && id != null && (message.node().has("result") || message.node().has("error"))) {
                    routeResponse(message, tap);
                } else {
                    tap(message, tap);
                }
            }
            case NOT_JSON -> {
                log.record("not_json", message.raw(), message.problem());
                tap(message, tap);
            }
        }
    }

    private void tap(InboundMessage message, boolean tap) {
        if (tap) {
            unroutedTap.accept(message);
        }
    }

    private void routeResponse(InboundMessage message, boolean tap) {
        String key = keyOf(message.id());
        PendingRequests.Pending p = pending.answered(key);
        if (p == null) {
            String note = pending.answeredLate(key) ? "late answer to a timed-out request " + key
                    : "answer to unknown or already answered id " + key;
            log.record("orphan", message.raw(), note);
            tap(message, tap);
            return;
        }
        boolean isError = message.node().has("error");
        p.future().complete(new Reply(isError ? Reply.Status.ERROR : Reply.Status.RESULT, message.node(),
                message.raw(), System.nanoTime() - p.startNanos(), message.problem()));
    }

    private void answerServerRequest(InboundMessage message) {
        log.record("server_request", message.raw(), message.method());
        try {
            answerer.execute(() -> {
                Sent sent = write(Json.write(handler.respond(message.node())));
                if (sent.blocked()) {
                    LOG.warn("answer to server request {} not sent: {}", message.method(), sent.decision().reason());
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("server request after close ignored");
        }
    }

    private final class Router implements FrameListener {
        @Override
        public void onFrame(String text) {
            activityListener.run();
            route(InboundMessage.classify(text), true);
        }

        @Override
        public void onOversized(long bytesSeen) {
            onOversized(bytesSeen, "", "");
        }

        /**
         * The pending request the frame's id names gets it as oversized; an id that names none (a late
         * answer, an unknown id) fails nothing; a frame without a readable id fails the oldest request.
         */
        @Override
        public void onOversized(long bytesSeen, String head, String tail) {
            activityListener.run();
            log.record("oversized", null, bytesSeen + " bytes");
            String detail = "answer exceeded the frame cap (" + bytesSeen + " bytes read)";
            JsonNode id = OversizedFrameId.of(head, tail);
            if (id == null) {
                failOldest(Reply.Status.OVERSIZED, detail);
                return;
            }
            String key = keyOf(id);
            PendingRequests.Pending p = pending.answered(key);
            if (p != null) {
                p.future().complete(new Reply(Reply.Status.OVERSIZED, null, null, System.nanoTime() - p.startNanos(),
                        detail));
            } else {
                log.record("orphan", null, (pending.answeredLate(key) ? "late oversized answer to a timed-out request "
                        : "oversized answer to unknown or already answered id ") + key);
            }
        }

        private void failOldest(Reply.Status status, String detail) {
            pending.failOldest(status, detail);
        }

        @Override
        public void onProblem(String kind, String detail) {
            log.record("invalid", detail, "transport problem: " + kind);
            if ("auth".equals(kind) || "session_expired".equals(kind)) { // a refused request comes as onRefused
                failOldest(Reply.Status.SEND_FAILED, kind + ": " + detail);
            }
        }

        @Override
        public void onRefused(JsonNode id, String kind, String detail) {
            log.record("invalid", detail, "transport problem: " + kind);
            // a raw frame with this id was never pending: then nothing waits for this status
            pending.fail(RpcId.key(id), Reply.Status.SEND_FAILED, kind + ": " + detail);
        }

        @Override
        public void onClosed(String reason) {
            markClosed(reason);
        }
    }
}
