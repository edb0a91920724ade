package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.mcpfuzzer.transport.TransportException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

@Timeout(60)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:StreamableHttpTransportTest")
class StreamableHttpTransportTest {
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}";
    private static final String INIT_OK = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\"}}";
    private static final Duration WAIT = Duration.ofSeconds(20);

    private HttpFixture server;
    private StreamableHttpTransport transport;
    private final RecordingListener listener = new RecordingListener();

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

    private StreamableHttpTransport open(HttpOptions opts) throws TransportException {
        transport = new StreamableHttpTransport(server.uri("/mcp"), opts);
        transport.start(listener);
        return transport;
    }

    private StreamableHttpTransport open() throws TransportException {
        return open(HttpOptions.builder().listenStream(false).build());
    }

    @Test
    void jsonAnswerDeliversFrameAndSessionAndVersionHeadersFollow() throws Exception {
        server.on("/mcp", (ex, req) -> {
            if (req.body().contains("initialize")) {
                HttpFixture.json(ex, 200, INIT_OK, Map.of("Mcp-Session-Id", "sess-1"));
            } else {
                HttpFixture.json(ex, 200, "[{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}},{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}]", Map.of());
            }
        });
        open().send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 1);
        assertThat(listener.frames.get(0)).isEqualTo(INIT_OK);
        assertThat(transport.hasSession()).isTrue();

        transport.setProtocolVersion("2025-11-25");
        transport.send("[{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"},{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}]");
        await().atMost(WAIT).until(() -> listener.frames.size() == 2);
        assertThat(listener.frames.get(1)).startsWith("[").contains("\"id\":3");

        HttpFixture.Request first = server.requests.get(0);
        assertThat(first.header("Accept")).contains("application/json").contains("text/event-stream");
        assertThat(first.header("Content-Type")).isEqualTo("application/json");
        assertThat(first.header("Mcp-Session-Id")).isNull();
        assertThat(first.header("MCP-Protocol-Version")).isNull();
        HttpFixture.Request second = server.requests.get(1);
        assertThat(second.header("Mcp-Session-Id")).isEqualTo("sess-1");
        assertThat(second.header("MCP-Protocol-Version")).isEqualTo("2025-11-25");
        assertThat(listener.problems).isEmpty();
    }

    @Test
    void sseAnswerSkipsPrimingEventAndDeliversEachEvent() throws Exception {
        server.on("/mcp", (ex, req) -> {
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "id: prime-0\ndata:\n\n");
            HttpFixture.event(out, ": a comment\nevent: message\nid: 1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\"}\n\n");
            HttpFixture.event(out, "id: 2\ndata: {\"jsonrpc\":\"2.0\",\r\ndata: \"id\":1,\"result\":{}}\r\n\r\n");
        });
        open().send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 2);
        assertThat(listener.frames.get(0)).contains("notifications/progress");
        assertThat(listener.frames.get(1)).isEqualTo("{\"jsonrpc\":\"2.0\",\n\"id\":1,\"result\":{}}");
        await().atMost(WAIT).until(() -> transport.handledResponses() == 1); // the stream is read to its end
        assertThat(listener.frames).hasSize(2);
        assertThat(listener.problems).isEmpty();
    }

    @Test
    void serverRequestMidStreamIsAnsweredWithoutDeadlock() throws Exception {
        CountDownLatch answered = new CountDownLatch(1);
        server.on("/mcp", (ex, req) -> {
            if (req.body().contains("\"id\":\"srv-1\"")) {
                answered.countDown();
                HttpFixture.status(ex, 202, null, "");
                return;
            }
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "data: {\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"method\":\"sampling/createMessage\",\"params\":{}}\n\n");
            boolean got = answered.await(30, TimeUnit.SECONDS);
            HttpFixture.event(out, "data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"answeredFirst\":" + got + "}}\n\n");
        });
        open();
        listener.hook = frame -> {
            if (frame.contains("sampling/createMessage")) {
                try {
                    transport.send("{\"jsonrpc\":\"2.0\",\"id\":\"srv-1\",\"result\":{\"role\":\"assistant\"}}");
                } catch (TransportException e) {
                    listener.problems.add("test: " + e.getMessage());
                }
            }
        };
        transport.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{}}");
        await().atMost(WAIT).until(() -> listener.frames.size() == 2);
        assertThat(listener.frames.get(1)).contains("\"answeredFirst\":true");
        assertThat(listener.problems).isEmpty();
    }

    @Test
    void acceptedWithoutBodyDeliversNothing() throws Exception {
        server.on("/mcp", (ex, req) -> HttpFixture.status(ex, 202, null, ""));
        open().send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        await().atMost(WAIT).until(() -> server.requests.size() == 1);
        await().atMost(WAIT).until(() -> transport.handledResponses() == 1); // the 202 is handled: nothing can follow
        assertThat(listener.frames).isEmpty();
        assertThat(listener.problems).isEmpty();
        assertThat(transport.isOpen()).isTrue();
    }

    @Test
    void notFoundWithSessionReportsSessionExpiredAndForgetsIt() throws Exception {
        server.on("/mcp", (ex, req) -> {
            if (req.body().contains("initialize")) {
                HttpFixture.json(ex, 200, INIT_OK, Map.of("Mcp-Session-Id", "old"));
            } else {
                HttpFixture.status(ex, 404, "text/plain", "Session not found");
            }
        });
        open().send(INIT);
        await().atMost(WAIT).until(transport::hasSession);
        transport.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        await().atMost(WAIT).until(() -> listener.hasProblem("session_expired"));
        assertThat(transport.hasSession()).isFalse();
        transport.send(INIT);
        await().atMost(WAIT).until(() -> server.requests.size() == 3);
        assertThat(server.requests.get(2).header("Mcp-Session-Id")).isNull();
    }

    @Test
    void unauthorizedIsAnAuthProblem() throws Exception {
        server.on("/mcp", (ex, req) -> {
            ex.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"mcp\"");
            HttpFixture.status(ex, 401, "text/plain", "no token");
        });
        open().send(INIT);
        await().atMost(WAIT).until(() -> listener.hasProblem("auth"));
        assertThat(listener.problems.get(0)).contains("401").contains("realm");
        assertThat(listener.frames).isEmpty();
    }

    @Test
    void jsonRpcErrorWithHttp400Or500IsAFrameNotATransportFailure() throws Exception {
        String err = "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,\"message\":\"bad\"}}";
        server.on("/mcp", (ex, req) -> {
            if (req.body().contains("\"id\":1")) {
                HttpFixture.json(ex, 400, err, Map.of());
            } else if (req.body().contains("\"id\":2")) {
                HttpFixture.json(ex, 500, err.replace("\"id\":1", "\"id\":2"), Map.of());
            } else {
                HttpFixture.status(ex, 500, "text/html", "<h1>boom</h1>\n" + "x".repeat(5000));
            }
        });
        open().send(INIT);
        transport.send(INIT.replace("\"id\":1", "\"id\":2"));
        await().atMost(WAIT).until(() -> listener.frames.size() == 2);
        assertThat(listener.frames).allMatch(f -> f.contains("-32602"));
        assertThat(listener.problems).isEmpty();
        transport.send(INIT.replace("\"id\":1", "\"id\":3"));
        await().atMost(WAIT).until(() -> listener.hasProblem("http_status"));
        assertThat(listener.problems.get(0)).startsWith("http_status: 500 <h1>boom</h1>?x").contains("truncated");
        assertThat(transport.isOpen()).isTrue();
    }

    @Test
    void oversizedSseEventIsReportedAndLaterEventsStillArrive() throws Exception {
        server.on("/mcp", (ex, req) -> {
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "data: \"" + "A".repeat(5000) + "\"\n\n");
            HttpFixture.event(out, "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n");
        });
        open(HttpOptions.builder().listenStream(false).maxFrameBytes(2048).build()).send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 1);
        assertThat(listener.oversized).hasSize(1);
        assertThat(listener.oversized.get(0)).isGreaterThan(2048L);
        assertThat(listener.frames.get(0)).contains("\"result\"");
    }

    @Test
    void oversizedJsonBodyIsReported() throws Exception {
        server.on("/mcp", (ex, req) -> HttpFixture.json(ex, 200, "{\"x\":\"" + "B".repeat(10_000) + "\"}", Map.of()));
        open(HttpOptions.builder().listenStream(false).maxFrameBytes(4096).build()).send(INIT);
        await().atMost(WAIT).until(() -> listener.oversized.size() == 1);
        assertThat(listener.frames).isEmpty();
    }

    @Test
    void droppedStreamIsResumedWithLastEventId() throws Exception {
        server.on("/mcp", (ex, req) -> {
            if (req.method().equals("POST")) {
                OutputStream out = HttpFixture.sse(ex, Map.of());
                HttpFixture.event(out, "id: e0\nretry: 50\ndata:\n\n");
                HttpFixture.event(out, "id: e1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}\n\n");
            } else if ("e1".equals(req.header("Last-Event-ID"))) {
                OutputStream out = HttpFixture.sse(ex, Map.of());
                HttpFixture.event(out, "id: e2\ndata: {\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"resumed\":true}}\n\n");
            } else {
                HttpFixture.status(ex, 405, null, "");
            }
        });
        open().send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\"}");
        await().atMost(WAIT).until(() -> listener.frames.size() == 2);
        assertThat(listener.frames.get(1)).contains("\"resumed\":true");
        assertThat(server.requests("GET")).hasSize(1);
        assertThat(listener.problems).isEmpty();
    }

    @Test
    void crossOriginRedirectIsNotFollowedWithCredentials() throws Exception {
        try (HttpFixture other = new HttpFixture()) {
            other.on("/mcp", (ex, req) -> HttpFixture.json(ex, 200, INIT_OK, Map.of()));
            server.on("/mcp", (ex, req) -> {
                ex.getResponseHeaders().set("Location", other.uri("/mcp").toString());
                HttpFixture.status(ex, 307, null, "");
            });
            HttpOptions opts = HttpOptions.builder().listenStream(false)
                    .authHeaders(Map.of("Authorization", "Bearer s3cret")).build();
            open(opts).send(INIT);
            await().atMost(WAIT).until(() -> listener.hasProblem("http_status"));
            assertThat(listener.problems.get(0)).startsWith("http_status: 307");
            assertThat(other.requests).isEmpty();
            transport.close();

            RecordingListener second = new RecordingListener();
            transport = new StreamableHttpTransport(server.uri("/mcp"), HttpOptions.builder().listenStream(false)
                    .authHeaders(Map.of("Authorization", "Bearer s3cret")).allowCrossOriginRedirects(true).build());
            transport.start(second);
            transport.send(INIT);
            await().atMost(WAIT).until(() -> second.frames.size() == 1);
            assertThat(other.requests).hasSize(1);
            assertThat(other.requests.get(0).header("Authorization")).isNull();
            assertThat(server.requests.get(1).header("Authorization")).isEqualTo("Bearer s3cret");
        }
    }

    @Test
    void sameOriginRedirectKeepsCredentials() throws Exception {
        server.on("/old", (ex, req) -> {
            ex.getResponseHeaders().set("Location", "/mcp");
            HttpFixture.status(ex, 308, null, "");
        });
        server.on("/mcp", (ex, req) -> HttpFixture.json(ex, 200, INIT_OK, Map.of()));
        transport = new StreamableHttpTransport(server.uri("/old"), HttpOptions.builder().listenStream(false)
                .header("X-Api-Key", "k1").build());
        transport.start(listener);
        transport.send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 1);
        assertThat(server.requests("POST")).hasSize(2);
        assertThat(server.requests.get(1).header("X-Api-Key")).isEqualTo("k1");
        assertThat(server.requests.get(1).body()).isEqualTo(INIT);
        assertThat(transport.describe()).doesNotContain("k1");
    }

    @Test
    void closeSendsDeleteWithSessionId() throws Exception {
        server.on("/mcp", (ex, req) -> {
            if (req.method().equals("DELETE")) {
                HttpFixture.status(ex, 200, null, "");
            } else {
                HttpFixture.json(ex, 200, INIT_OK, Map.of("Mcp-Session-Id", "to-delete"));
            }
        });
        open().send(INIT);
        await().atMost(WAIT).until(transport::hasSession);
        transport.close();
        assertThat(server.requests("DELETE")).hasSize(1);
        assertThat(server.requests("DELETE").get(0).header("Mcp-Session-Id")).isEqualTo("to-delete");
        assertThat(listener.closedCalls.get()).isEqualTo(1);
        assertThatThrownBy(() -> transport.send(INIT)).isInstanceOf(TransportException.class)
                .extracting(e -> ((TransportException) e).kind()).isEqualTo("closed");
    }

    @Test
    void serverThatStopsAnsweringIsAConnectionLoss() throws Exception {
        server.on("/mcp", (ex, req) -> HttpFixture.json(ex, 200, INIT_OK, Map.of()));
        open().send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 1);
        server.stop();
        assertThatThrownBy(() -> transport.send(INIT)).isInstanceOf(TransportException.class)
                .extracting(e -> ((TransportException) e).kind()).isEqualTo("connection_lost");
        assertThat(listener.hasProblem("connection_lost")).isTrue();
        assertThat(listener.closed).singleElement().asString().startsWith("connection_lost");
        assertThat(transport.isOpen()).isFalse();
    }

    @Test
    void unreachableServerIsAConnectFailure() throws Exception {
        int port = server.port();
        server.stop();
        transport = new StreamableHttpTransport(java.net.URI.create("http://127.0.0.1:" + port + "/mcp"),
                HttpOptions.builder().listenStream(false).connectRetries(1).build());
        transport.start(listener);
        assertThatThrownBy(() -> transport.send(INIT)).isInstanceOf(TransportException.class)
                .extracting(e -> ((TransportException) e).kind()).isEqualTo("connect");
    }

    @Test
    void listenStreamOpensAfterInitializedAndDeliversServerMessages() throws Exception {
        server.on("/mcp", (ex, req) -> {
            if (req.method().equals("GET")) {
                OutputStream out = HttpFixture.sse(ex, Map.of());
                HttpFixture.event(out, "data: {\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"method\":\"roots/list\"}\n\n");
                server.holdOpen(30_000);
            } else if (req.body().contains("initialize")) {
                HttpFixture.json(ex, 200, INIT_OK, Map.of("Mcp-Session-Id", "s"));
            } else {
                HttpFixture.status(ex, 202, null, "");
            }
        });
        open(HttpOptions.defaults()).send(INIT);
        await().atMost(WAIT).until(transport::hasSession);
        transport.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        await().atMost(WAIT).until(() -> listener.frames.stream().anyMatch(f -> f.contains("roots/list")));
        assertThat(server.requests("GET").get(0).header("Accept")).isEqualTo("text/event-stream");
        assertThat(server.requests("GET").get(0).header("Mcp-Session-Id")).isEqualTo("s");
    }

    @Test
    void listenStreamNotOfferedIsQuiet() throws Exception {
        server.on("/mcp", (ex, req) -> {
            if (req.method().equals("GET")) {
                HttpFixture.status(ex, 405, null, "");
            } else {
                HttpFixture.status(ex, 202, null, "");
            }
        });
        open(HttpOptions.defaults()).send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        await().atMost(WAIT).until(() -> !transport.listenSupported());
        assertThat(listener.problems).isEmpty();
    }
}
