package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportException;
import io.mcpfuzzer.transport.TransportProtocol;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Legacy 2024-11-05 HTTP+SSE, and the http-mode fallback to it. */
@Timeout(60)
class SseTransportTest {
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}";
    private static final Duration WAIT = Duration.ofSeconds(20);

    private HttpFixture server;
    private Transport transport;
    private final RecordingListener listener = new RecordingListener();
    private final BlockingQueue<String> outbound = new LinkedBlockingQueue<>();

    @BeforeEach
    void setUp() throws Exception {
        server = new HttpFixture();
    }

    @AfterEach
    void tearDown() {
        if (transport != null) {
            transport.close();
        }
        server.close();
    }

    /** A legacy server: GET /sse streams, POST /message?sessionId=abc answers 202 and echoes on the stream. */
    private void legacyServer(String endpointData) {
        server.on("/sse", (ex, req) -> {
            if (!req.method().equals("GET")) {
                HttpFixture.status(ex, 405, null, "");
                return;
            }
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "event: endpoint\ndata: " + endpointData + "\n\n");
            pump(out);
        });
        server.on("/message", (ex, req) -> {
            if (!"sessionId=abc".equals(req.query())) {
                HttpFixture.status(ex, 404, "text/plain", "unknown session");
                return;
            }
            HttpFixture.status(ex, 202, "text/plain", "Accepted");
            String id = req.body().replaceAll(".*\"id\":(\\d+).*", "$1");
            outbound.add("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{}}\n\n");
        });
    }

    private void pump(OutputStream out) throws IOException, InterruptedException {
        while (!server.stopped) {
            String next = outbound.poll(20, TimeUnit.MILLISECONDS);
            if (next != null) {
                HttpFixture.event(out, next);
            }
        }
    }

    /**
     * server-everything's legacy SSE answers a frame it cannot parse ("no method") with 400 and goes on. That
     * status belongs to no pending request: it was reported as http_status, which fails the oldest pending
     * one, and the spec guard's next ping failed so (a false "the server no longer answers ping", high).
     */
    @Test
    void aRefusedFrameThatAwaitsNoAnswerFailsNoRequest() throws Exception {
        server.on("/sse", (ex, req) -> {
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "event: endpoint\ndata: /message?sessionId=abc\n\n");
            pump(out);
        });
        server.on("/message", (ex, req) -> HttpFixture.status(ex, 400, "text/plain", "Invalid message: " + req.body()));
        transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults());
        transport.start(listener);
        transport.sendRaw("{\"jsonrpc\":\"2.0\",\"id\":\"spec-guard-10\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        transport.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}");
        transport.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
        await().atMost(WAIT).until(() -> listener.problems.size() == 3);
        assertThat(listener.problems).filteredOn(p -> p.startsWith("http_status")).as(listener.problems.toString())
                .hasSize(1);
        assertThat(listener.problems).filteredOn(p -> p.startsWith("post_rejected")).hasSize(2);
    }

    @Test
    void endpointEventThenPostsAnsweredOnTheStream() throws Exception {
        legacyServer("/message?sessionId=abc");
        transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults());
        transport.start(listener);
        transport.send(INIT);
        transport.send(INIT.replace("\"id\":1", "\"id\":2"));
        await().atMost(WAIT).until(() -> listener.frames.size() == 2);
        assertThat(listener.frames).anyMatch(f -> f.contains("\"id\":2"));
        HttpFixture.Request post = server.requests("POST").get(0);
        assertThat(post.path()).isEqualTo("/message");
        assertThat(post.header("Content-Type")).isEqualTo("application/json");
        assertThat(server.requests("GET").get(0).header("Accept")).isEqualTo("text/event-stream");
        assertThat(listener.problems).isEmpty();
        assertThat(transport.describe()).isEqualTo("sse:" + server.uri("/sse"));
    }

    @Test
    void endpointOnAnotherOriginIsRefused() throws Exception {
        legacyServer("http://203.0.113.9:1/message?sessionId=abc");
        transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults());
        assertThatThrownBy(() -> transport.start(listener)).isInstanceOf(TransportException.class);
        assertThat(listener.problems).anyMatch(p -> p.contains("another origin"));
    }

    @Test
    void missingEndpointEventTimesOut() throws Exception {
        server.on("/sse", (ex, req) -> {
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, ": just a comment\n\n");
            server.holdOpen(30_000);
        });
        transport = new SseTransport(server.uri("/sse"),
                HttpOptions.builder().endpointTimeout(Duration.ofMillis(500)).build());
        assertThatThrownBy(() -> transport.start(listener)).isInstanceOf(TransportException.class)
                .extracting(e -> ((TransportException) e).kind()).isEqualTo("timeout");
    }

    @Test
    void streamEndClosesTheTransport() throws Exception {
        server.on("/sse", (ex, req) -> {
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "event: endpoint\ndata: /message?sessionId=abc\n\n");
            Thread.sleep(300);
        });
        transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults());
        transport.start(listener);
        await().atMost(WAIT).until(() -> listener.closedCalls.get() == 1);
        assertThat(transport.isOpen()).isFalse();
    }

    @Test
    void httpModeFallsBackToLegacySseAndReplaysTheFirstFrame() throws Exception {
        legacyServer("/message?sessionId=abc");
        transport = HttpTransports.open(server.uri("/sse").toString(), TransportProtocol.HTTP, HttpOptions.defaults());
        transport.start(listener);
        transport.send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 1);
        assertThat(listener.frames.get(0)).contains("\"id\":1");
        assertThat(((AutoHttpTransport) transport).active()).isInstanceOf(SseTransport.class);
        assertThat(server.requests("POST").get(0).path()).isEqualTo("/sse");
        assertThat(server.requests("POST").get(1).body()).isEqualTo(INIT);
        transport.send(INIT.replace("\"id\":1", "\"id\":3"));
        await().atMost(WAIT).until(() -> listener.frames.size() == 2);
        assertThat(listener.problems).isEmpty();
    }

    @Test
    void httpModeStaysOnStreamableHttpWhenThePostWorks() throws Exception {
        server.on("/mcp", (ex, req) -> HttpFixture.json(ex, 200, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}", Map.of()));
        transport = HttpTransports.open(server.uri("/mcp").toString(), TransportProtocol.HTTPS, HttpOptions.defaults());
        transport.start(listener);
        transport.send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 1);
        assertThat(((AutoHttpTransport) transport).active()).isInstanceOf(StreamableHttpTransport.class);
        assertThat(server.requests("GET")).isEmpty();
    }

    @Test
    void factoryRejectsUnknownModesAndBadUrls() {
        assertThatThrownBy(() -> HttpTransports.open("http://127.0.0.1:1/", TransportProtocol.STDIO, HttpOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stdio is not an HTTP transport");
        assertThatThrownBy(() -> HttpTransports.open("ftp://127.0.0.1/", TransportProtocol.HTTP, HttpOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class);
        Transport t = HttpTransports.open("http://user:pw@127.0.0.1:1/mcp?key=secret", TransportProtocol.STREAMABLEHTTP,
                HttpOptions.defaults());
        assertThat(t.describe()).isEqualTo("streamablehttp:http://127.0.0.1:1/mcp?...").doesNotContain("pw");
        t.close();
    }
}
