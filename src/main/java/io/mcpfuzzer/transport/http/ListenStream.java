package io.mcpfuzzer.transport.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;

/**
 * The optional Streamable HTTP GET stream on which a server sends requests and notifications outside any
 * POST. Runs on one reader thread until the transport closes, the server answers 405 (not offered) or
 * another non-2xx status, or {@link HttpOptions#maxResumeAttempts()} reconnections in a row bring no event.
 * Reconnections carry {@code Last-Event-ID} and wait {@code retry} milliseconds (default 1 s, max 30 s).
 */
final class ListenStream {
    private static final long DEFAULT_DELAY_MS = 1000;
    private static final long MAX_DELAY_MS = 30_000;

    private final StreamableHttpTransport transport;
    /** Called once, when the first GET has its response (or failed): a sender may wait for it. */
    private final Runnable firstAnswer;

    ListenStream(StreamableHttpTransport transport, Runnable firstAnswer) {
        this.transport = transport;
        this.firstAnswer = firstAnswer;
    }

    void run() {
        try {
            listen();
        } finally {
            firstAnswer.run();
        }
    }

    private void listen() {
        String lastId = null;
        long retry = -1;
        int idleReconnects = 0;
        while (transport.isOpen()) {
            HttpResponse<InputStream> resp = transport.getStream(lastId, "listen GET");
            firstAnswer.run(); // a latch: later calls change nothing
            if (resp == null) {
                return;
            }
            int sc = resp.statusCode();
            if (sc == 405) {
                HttpCore.closeQuietly(resp.body());
                transport.markListenUnsupported();
                return;
            }
            if (sc < 200 || sc > 299) {
                // The optional GET stream failing says nothing about any request in flight: report it
                // as its own problem kind (never as an http_status that would fail a pending request).
                HttpCore.closeQuietly(resp.body());
                if (sc >= 400 && sc < 500) {
                    transport.markListenUnsupported();
                }
                transport.problem("listen_stream", "GET answered " + sc);
                return;
            }
            if (!AbstractHttpTransport.contentType(resp).startsWith("text/event-stream")) {
                HttpCore.closeQuietly(resp.body());
                transport.problem("listen_stream", "GET answered " + sc + " without text/event-stream");
                return;
            }
            SseParser parser = new SseParser(transport.opts.maxFrameBytes(), transport.sink(null)).withLastEventId(lastId);
            IOException dropped = transport.readStream(resp.body(), parser);
            if (!transport.isOpen()) {
                return;
            }
            if (dropped != null && transport.core.refusesConnections()) {
                transport.streamFailed(dropped, "listen stream");
                return;
            }
            idleReconnects = parser.eventsDispatched() > 0 ? 0 : idleReconnects + 1;
            if (idleReconnects > transport.opts.maxResumeAttempts()) {
                transport.problem("listen_stream", "GET stream keeps ending without events; stopped reconnecting");
                return;
            }
            if (parser.lastEventId() != null) {
                lastId = parser.lastEventId();
            }
            if (parser.retryMillis() >= 0) {
                retry = parser.retryMillis();
            }
            if (!transport.pause(retry >= 0 ? Math.min(retry, MAX_DELAY_MS) : DEFAULT_DELAY_MS)) {
                return;
            }
        }
    }
}
