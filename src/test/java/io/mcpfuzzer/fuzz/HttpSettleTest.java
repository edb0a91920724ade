package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcpfuzzer.fuzz.targets.HttpTargetFactory;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.transport.TransportProtocol;
import io.mcpfuzzer.transport.http.HttpOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.node.StringNode;

/**
 * Over Streamable HTTP the request's own POST decides, against a real local HTTP server: 202 or an
 * SSE stream without the answer is a drop, an error status without a JSON-RPC body a refusal, and an
 * answer in the body or the stream is the answer. The deadline is long (60 s): a case decided by the
 * deadline would come back as a timeout reply, never as DROPPED or REFUSED.
 */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:HttpSettleTest") // its methods run one after the other (a lock forces them into one thread)
class HttpSettleTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "settle-fixture");
        t.setDaemon(true);
        return t;
    });
    /** Holds the "stream/held" response stream open until the test released it. */
    private static volatile java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
    private HttpServer server;
    private Target target;
    private SessionExchange ex;

    @BeforeEach
    void setUp() throws Exception {
        held = new java.util.concurrent.CountDownLatch(1);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(pool);
        server.createContext("/mcp", HttpSettleTest::handle);
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
        target = new HttpTargetFactory(url, TransportProtocol.STREAMABLEHTTP, HttpOptions.builder().build(), ClientOptions.defaults())
                .start();
        ex = new SessionExchange(target.session());
    }

    @AfterEach
    void tearDown() {
        held.countDown();
        if (target != null) {
            target.close();
        }
        server.stop(0);
        pool.shutdownNow();
    }

    @Test
    void a202ToARequestIsADrop() {
        HttpSettle.Outcome o = send("drop/me", "7");
        assertThat(o.kind()).isEqualTo(HttpSettle.Kind.DROPPED);
        assertThat(o.status()).isEqualTo(202);
    }

    @Test
    void anSseStreamThatEndsWithoutTheAnswerIsADrop() {
        HttpSettle.Outcome o = send("stream/without-answer", "8");
        assertThat(o.kind()).isEqualTo(HttpSettle.Kind.DROPPED);
        assertThat(o.status()).isEqualTo(200);
    }

    @Test
    void anErrorStatusWithoutAJsonRpcBodyIsARefusalNotADrop() {
        HttpSettle.Outcome o = send("refuse/me", "9");
        assertThat(o.kind()).isEqualTo(HttpSettle.Kind.REFUSED);
        assertThat(o.status()).isEqualTo(400);
    }

    @Test
    void answersInTheBodyOrTheStreamAreAnswers() {
        HttpSettle.Outcome json = send("answer/me", "10");
        assertThat(json.kind()).isEqualTo(HttpSettle.Kind.REPLY);
        assertThat(json.reply().text()).contains("\"id\":10").contains("answered");
        HttpSettle.Outcome sse = send("stream/with-answer", "11");
        assertThat(sse.kind()).isEqualTo(HttpSettle.Kind.REPLY);
        assertThat(sse.reply().text()).contains("\"id\":11");
    }

    /**
     * The answer ends the wait while its stream stays open: the stream is released only after the
     * send returned, so waiting for the POST to settle first would run into the method's timeout
     * (shorter than the 60 s deadline).
     */
    @Test
    @Timeout(30)
    void anAnswerOnAStreamThatStaysOpenEndsTheWait() {
        HttpSettle.Outcome o = send("stream/held", "12");
        held.countDown();
        assertThat(o.kind()).isEqualTo(HttpSettle.Kind.REPLY);
        assertThat(o.reply().outcome()).isEqualTo(io.mcpfuzzer.oracle.spec.ProbeReply.Outcome.ANSWERED);
        assertThat(o.reply().text()).contains("\"id\":12");
    }

    private HttpSettle.Outcome send(String method, String id) {
        String frame = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\"}";
        assertThat(HttpSettle.applies(ex)).isTrue();
        return HttpSettle.request(ex, frame, StringNode.valueOf(id), DEADLINE);
    }

    private static void handle(HttpExchange h) throws IOException {
        try (h) {
            String body = new String(h.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String id = idOf(body);
            if (!"POST".equals(h.getRequestMethod())) {
                h.sendResponseHeaders(405, -1);
            } else if (body.contains("\"initialize\"")) {
                json(h, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"serverInfo\":{\"name\":\"settle\",\"version\":\"1\"}}}");
            } else if (body.contains("\"answer/me\"")) {
                json(h, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"answered\":true}}");
            } else if (body.contains("\"refuse/me\"")) {
                byte[] b = "bad request".getBytes(StandardCharsets.UTF_8);
                h.getResponseHeaders().set("Content-Type", "text/plain");
                h.sendResponseHeaders(400, b.length);
                h.getResponseBody().write(b);
            } else if (body.contains("\"stream/")) {
                h.getResponseHeaders().set("Content-Type", "text/event-stream");
                h.sendResponseHeaders(200, 0);
                OutputStream out = h.getResponseBody();
                out.write(("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":"
                        + "\"info\",\"data\":\"working\"}}\n\n").getBytes(StandardCharsets.UTF_8));
                if (body.contains("with-answer") || body.contains("held")) {
                    out.write(("data: {\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{}}\n\n")
                            .getBytes(StandardCharsets.UTF_8));
                }
                out.flush();
                if (body.contains("held")) {
                    try {
                        held.await(90, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            } else { // notifications, responses and drop/me
                h.sendResponseHeaders(202, -1);
            }
        }
    }

    private static void json(HttpExchange h, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        h.getResponseHeaders().set("Content-Type", "application/json");
        h.sendResponseHeaders(200, b.length);
        h.getResponseBody().write(b);
    }

    /** The raw id of a request written by the client or the test ({@code "id":N}), "null" when none. */
    private static String idOf(String body) {
        int at = body.indexOf("\"id\":");
        if (at < 0) {
            return "null";
        }
        int end = at + 5;
        while (end < body.length() && body.charAt(end) != ',' && body.charAt(end) != '}') {
            end++;
        }
        return body.substring(at + 5, end);
    }
}
