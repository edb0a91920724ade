package io.mcpfuzzer.transport.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;

/**
 * Resumes a Streamable HTTP POST stream that ended before the answer to its request (spec "Resumability
 * and Redelivery"): GET with {@code Last-Event-ID}, waiting the server's {@code retry} (default 500 ms,
 * max 30 s) before each of at most {@link HttpOptions#maxResumeAttempts()} attempts. Runs on the reader
 * thread of the dropped stream.
 */
final class StreamResumer {
    private static final long DEFAULT_DELAY_MS = 500;
    private static final long MAX_DELAY_MS = 30_000;

    private final StreamableHttpTransport transport;
    private final PostContext ctx;

    StreamResumer(StreamableHttpTransport transport, PostContext ctx) {
        this.transport = transport;
        this.ctx = ctx;
    }

    void resume(String lastId, long retryMillis) {
        String id = lastId;
        long retry = retryMillis;
        int attempts = transport.opts.maxResumeAttempts();
        for (int attempt = 1; attempt <= attempts; attempt++) {
            if (!transport.pause(retry >= 0 ? Math.min(retry, MAX_DELAY_MS) : DEFAULT_DELAY_MS)) {
                return;
            }
            HttpResponse<InputStream> resp = transport.getStream(id, "resume GET");
            if (resp == null) {
                return;
            }
            int sc = resp.statusCode();
            String ct = AbstractHttpTransport.contentType(resp);
            if (sc < 200 || sc > 299 || !ct.startsWith("text/event-stream")) {
                HttpCore.closeQuietly(resp.body());
                transport.problem("resume_failed", "GET with Last-Event-ID returned " + sc + " " + Bodies.excerpt(ct));
                return;
            }
            SseParser parser = new SseParser(transport.opts.maxFrameBytes(), transport.sink(ctx)).withLastEventId(id);
            IOException dropped = transport.readStream(resp.body(), parser);
            if (ctx.answered() || !transport.isOpen()) {
                return;
            }
            if (dropped != null && transport.core.refusesConnections()) {
                transport.streamFailed(dropped, "resumed stream");
                return;
            }
            if (parser.lastEventId() != null) {
                id = parser.lastEventId();
            }
            if (parser.retryMillis() >= 0) {
                retry = parser.retryMillis();
            }
        }
        transport.problem("stream_dropped", "no response to request " + ctx.requestId() + " after "
                + attempts + " resumption attempts");
    }
}
