package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.ClientAnswers;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.jsonrpc.ServerRequestHandler;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Regression: server-everything asks for roots the moment {@code notifications/initialized} arrives, on the
 * GET stream, and the MCP TypeScript SDK drops a message for a GET stream that is not open yet. The client
 * opened its GET stream only after the notification's 202, so after a session restart the server waited
 * for roots that never came and its get-roots-list tool timed out. The GET stream is now open (its
 * response headers received) before the notification is sent.
 */
@Timeout(60)
class ListenStreamOrderTest {
    private static final String ROOTS_REQUEST = "{\"jsonrpc\":\"2.0\",\"id\":\"roots-1\",\"method\":\"roots/list\"}";

    @Test
    void theGetStreamIsOpenWhenTheServerLearnsTheClientIsInitialized() throws Exception {
        AtomicReference<OutputStream> getStream = new AtomicReference<>();
        CountDownLatch rootsAnswered = new CountDownLatch(1);
        try (HttpFixture server = new HttpFixture()) {
            server.on("/mcp", (ex, req) -> {
                if (req.method().equals("GET")) {
                    OutputStream out = HttpFixture.sse(ex, Map.of());
                    out.flush();
                    getStream.set(out);
                    server.holdOpen(20_000);
                    return;
                }
                if (req.method().equals("DELETE")) {
                    HttpFixture.status(ex, 200, "text/plain", "");
                    return;
                }
                JsonNode msg = Json.parse(req.body());
                if (msg.has("result") && "roots-1".equals(msg.path("id").asString(""))) {
                    rootsAnswered.countDown();
                }
                if (!msg.has("method") || !msg.has("id")) {
                    if ("notifications/initialized".equals(msg.path("method").asString(""))) {
                        OutputStream out = getStream.get(); // the SDK's behaviour: no GET stream, message dropped
                        if (out != null) {
                            synchronized (out) {
                                HttpFixture.event(out, "data: " + ROOTS_REQUEST + "\n\n");
                            }
                        }
                    }
                    HttpFixture.status(ex, 202, "text/plain", "");
                    return;
                }
                HttpFixture.json(ex, 200, "{\"jsonrpc\":\"2.0\",\"id\":" + msg.get("id") + ",\"result\":{\"protocolVersion\":"
                        + "\"2025-11-25\",\"capabilities\":{},\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}",
                        Map.of("Mcp-Session-Id", "sess-1"));
            });
            StreamableHttpTransport transport = new StreamableHttpTransport(server.uri("/mcp"),
                    HttpOptions.builder().build());
            try (RpcConnection rpc = new RpcConnection(transport, new ServerRequestHandler(ClientAnswers.defaults()))) {
                rpc.start();
                assertThat(rpc.request("initialize", Json.object(), Duration.ofSeconds(20)).status())
                        .isEqualTo(Reply.Status.RESULT);
                rpc.notify("notifications/initialized", null);
                assertThat(rootsAnswered.await(10, TimeUnit.SECONDS)).as("the roots/list request sent on"
                        + " notifications/initialized was answered").isTrue();
            }
        }
    }
}
