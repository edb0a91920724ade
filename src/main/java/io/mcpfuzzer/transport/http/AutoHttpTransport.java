package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.transport.FrameListener;
import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Transport for modes {@code http}/{@code https}: speaks Streamable HTTP, and falls back to the legacy
 * 2024-11-05 HTTP+SSE transport when the server rejects the FIRST frame's POST with 404 or 405 (or, for a
 * URL whose path ends in {@code /sse}, with any 4xx other than 401/403), as the spec's backwards
 * compatibility section describes. On fallback it GETs the same URL as an event stream, waits for the
 * {@code endpoint} event and replays that first frame (normally {@code initialize}) there.
 *
 * <p>The first send is serialised: other sends wait until the first one has decided the protocol.
 */
public final class AutoHttpTransport implements Transport, io.mcpfuzzer.transport.SendSettlement {
    private final URI url;
    private final HttpOptions opts;
    private final StreamableHttpTransport streamable;
    private final Object decideLock = new Object();
    private volatile Transport active;
    private volatile boolean decided;
    private volatile FrameListener listener;

    public AutoHttpTransport(URI url, HttpOptions opts) {
        this.url = url;
        this.opts = opts;
        this.streamable = new StreamableHttpTransport(url, opts);
        this.active = streamable;
    }

    @Override
    public void start(FrameListener l) throws TransportException {
        this.listener = l;
        streamable.start(l);
    }

    @Override
    public void send(String frame) throws TransportException {
        sendRaw(frame.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void sendRaw(byte[] bytes) throws TransportException {
        if (!decided) {
            synchronized (decideLock) {
                if (!decided) {
                    decide(bytes.clone());
                    return;
                }
            }
        }
        active.sendRaw(bytes);
    }

    private void decide(byte[] first) throws TransportException {
        boolean ssePath = url.getPath() != null && url.getPath().endsWith("/sse");
        int sc = streamable.probePost(first, code -> code == 404 || code == 405
                || (ssePath && code >= 400 && code < 500 && code != 401 && code != 403));
        if (sc != 404 && sc != 405 && !(ssePath && sc >= 400 && sc < 500 && sc != 401 && sc != 403)) {
            decided = true;
            return;
        }
        SseTransport sse = new SseTransport(url, opts);
        try {
            sse.start(listener);
        } catch (TransportException e) {
            decided = true;
            throw new TransportException(e.kind(), "POST " + describe() + " returned " + sc
                    + " (no Streamable HTTP) and the legacy SSE fallback failed: " + e.getMessage(), e);
        }
        streamable.shutdown(false);
        active = sse;
        decided = true;
        sse.sendRaw(first);
    }

    /** The settlement of the transport in use (Streamable HTTP, or legacy SSE after a fallback). */
    @Override
    public java.util.concurrent.CompletableFuture<Integer> lastSendSettled() {
        return active instanceof io.mcpfuzzer.transport.SendSettlement s ? s.lastSendSettled() : null;
    }

    @Override
    public boolean answersInPost() {
        return !(active instanceof io.mcpfuzzer.transport.SendSettlement s) || s.answersInPost();
    }

    /** The transport in use: {@link StreamableHttpTransport} until a fallback chose {@link SseTransport}. */
    public Transport active() {
        return active;
    }

    /** Forwards to the Streamable HTTP transport; ignored after a fallback to legacy SSE. */
    public void setProtocolVersion(String version) {
        streamable.setProtocolVersion(version);
    }

    @Override
    public String describe() {
        return decided && active instanceof SseTransport ? active.describe() : "http:" + Origins.display(streamable.url());
    }

    @Override
    public boolean isOpen() {
        return active.isOpen();
    }

    @Override
    public void close() {
        Transport a = active;
        a.close();
        if (a != streamable) {
            streamable.shutdown(false);
        }
    }
}
