package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.mcpfuzzer.transport.TransportException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Servers that break the connection, trickle, or reset: outcomes, never hangs or escaped exceptions. */
@Timeout(60)
class HostileHttpServerTest {
    private static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\"}";
    private static final String SSE_HEAD = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n";
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void streamCutMidChunkedBodyIsResumedWithLastEventId() throws Exception {
        try (RawFixture server = new RawFixture((n, head, s) -> {
            if (head.startsWith("POST")) {
                RawFixture.write(s, SSE_HEAD + RawFixture.chunk("id: a1\nretry: 20\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n"));
                s.close();
            } else {
                String answer = head.contains("Last-Event-ID: a1")
                        ? "id: a2\ndata: {\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"ok\":1}}\n\n" : "data: {\"wrong\":1}\n\n";
                RawFixture.write(s, SSE_HEAD + RawFixture.chunk(answer) + "0\r\n\r\n");
            }
        })) {
            RecordingListener listener = new RecordingListener();
            try (StreamableHttpTransport t = new StreamableHttpTransport(server.uri("/mcp"),
                    HttpOptions.builder().listenStream(false).build())) {
                t.start(listener);
                t.send(CALL);
                await().atMost(WAIT)
                        .until(() -> listener.frames.size() == 2);
                assertThat(listener.frames.get(1)).contains("\"ok\":1");
                assertThat(server.heads).anyMatch(h -> h.startsWith("GET") && h.contains("Last-Event-ID: a1"));
                assertThat(t.isOpen()).isTrue();
            }
        }
    }

    @Test
    void resetOnALaterRequestWhileTheServerStillAcceptsIsAnIoFailureNotAConnectionLoss() throws Exception {
        String ok = "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}";
        try (RawFixture server = new RawFixture((n, head, s) -> {
            if (n == 0) {
                RawFixture.write(s, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                        + "Content-Length: " + ok.length() + "\r\n\r\n" + ok);
            } else {
                RawFixture.reset(s);
            }
        })) {
            RecordingListener listener = new RecordingListener();
            try (StreamableHttpTransport t = new StreamableHttpTransport(server.uri("/mcp"),
                    HttpOptions.builder().listenStream(false).build())) {
                t.start(listener);
                t.send(CALL);
                await().atMost(WAIT).until(() -> listener.frames.size() == 1);
                assertThatThrownBy(() -> t.send(CALL)).isInstanceOf(TransportException.class)
                        .extracting(e -> ((TransportException) e).kind()).isEqualTo("io");
                assertThat(t.isOpen()).isTrue();
                assertThat(listener.closed).isEmpty();
            }
        }
    }

    @Test
    void tricklingJsonBodyHitsTheTotalDeadline() throws Exception {
        try (HttpFixture server = new HttpFixture()) {
            server.on("/mcp", (ex, req) -> {
                ex.getResponseHeaders().set("Content-Type", "application/json");
                ex.sendResponseHeaders(200, 1000);
                for (int i = 0; i < 200 && !server.stopped; i++) {
                    ex.getResponseBody().write(' ');
                    ex.getResponseBody().flush();
                    Thread.sleep(100);
                }
            });
            RecordingListener listener = new RecordingListener();
            try (StreamableHttpTransport t = new StreamableHttpTransport(server.uri("/mcp"), HttpOptions.builder()
                    .listenStream(false).responseTimeout(Duration.ofSeconds(1)).build())) {
                t.start(listener);
                t.send(CALL);
                await().atMost(WAIT).until(() -> listener.hasProblem("stream_dropped"));
                assertThat(listener.frames).isEmpty();
            }
        }
    }

    @Test
    void serverThatNeverAnswersHeadersTimesOutAsynchronously() throws Exception {
        try (HttpFixture server = new HttpFixture()) {
            server.on("/mcp", (ex, req) -> server.holdOpen(30_000));
            RecordingListener listener = new RecordingListener();
            try (StreamableHttpTransport t = new StreamableHttpTransport(server.uri("/mcp"), HttpOptions.builder()
                    .listenStream(false).sendWait(Duration.ofMillis(200)).responseTimeout(Duration.ofSeconds(1)).build())) {
                t.start(listener);
                t.send(CALL);
                await().atMost(WAIT).until(() -> listener.hasProblem("timeout"));
                assertThat(t.isOpen()).isTrue();
                assertThat(listener.frames).isEmpty();
            }
        }
    }
}
