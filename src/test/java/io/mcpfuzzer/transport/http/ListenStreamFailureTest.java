package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.ClientAnswers;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.jsonrpc.ServerRequestHandler;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Regression: a stateless server answers the optional GET stream with 404 while a POST is still
 * pending. The GET failure must not fail that request (it did, and the conformance tools_call
 * scenario saw an empty tool list now and then).
 */
@Timeout(60)
class ListenStreamFailureTest {
    @Test
    void aFailingGetStreamDoesNotFailAPendingRequest() throws Exception {
        try (HttpFixture server = new HttpFixture()) {
            server.on("/mcp", (ex, req) -> {
                if (req.method().equals("GET")) {
                    HttpFixture.status(ex, 404, "text/plain", "no GET here");
                    return;
                }
                JsonNode msg = Json.parse(req.body());
                if (!msg.has("id")) {
                    HttpFixture.status(ex, 202, "text/plain", "");
                    return;
                }
                if (msg.get("method").asString().equals("tools/list")) {
                    Thread.sleep(1_000); // the GET 404 arrives meanwhile
                }
                String result = msg.get("method").asString().equals("initialize")
                        ? "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}"
                        : "{\"tools\":[]}";
                HttpFixture.json(ex, 200, "{\"jsonrpc\":\"2.0\",\"id\":" + msg.get("id") + ",\"result\":" + result + "}",
                        Map.of());
            });
            StreamableHttpTransport transport = new StreamableHttpTransport(server.uri("/mcp"),
                    HttpOptions.builder().build());
            try (RpcConnection rpc = new RpcConnection(transport, new ServerRequestHandler(ClientAnswers.defaults()))) {
                rpc.start();
                assertThat(rpc.request("initialize", Json.object(), Duration.ofSeconds(20)).status())
                        .isEqualTo(Reply.Status.RESULT);
                rpc.notify("notifications/initialized", null);
                Reply list = rpc.request("tools/list", null, Duration.ofSeconds(20));
                assertThat(list.status()).as(String.valueOf(list.detail())).isEqualTo(Reply.Status.RESULT);
                assertThat(server.requests("GET")).isNotEmpty();
            }
        }
    }
}
