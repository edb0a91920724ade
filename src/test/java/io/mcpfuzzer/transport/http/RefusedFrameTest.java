package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.ClientAnswers;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.jsonrpc.RpcConnection;
import io.mcpfuzzer.jsonrpc.ServerRequestHandler;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Regression: legacy SSE (server-everything 2026.8.31) answers a frame it will not take ({@code "jsonrpc":"1.0"},
 * no {@code method}) with 400 and goes on answering. That late 400 failed whichever request was pending then,
 * the spec guard's next ping, and the run reported "the server no longer answers ping" (high). A refused raw
 * frame now fails no request; a refused request fails itself only.
 */
@Timeout(60)
class RefusedFrameTest {
    @Test
    void aLateRefusalOfARawFrameDoesNotFailThePingAfterIt() throws Exception {
        BlockingQueue<String> outbound = new LinkedBlockingQueue<>();
        try (HttpFixture server = new HttpFixture()) {
            server.on("/sse", (ex, req) -> {
                OutputStream out = HttpFixture.sse(ex, Map.of());
                HttpFixture.event(out, "event: endpoint\ndata: /message?sessionId=abc\n\n");
                while (!server.stopped) {
                    String next = outbound.poll(20, TimeUnit.MILLISECONDS);
                    if (next != null) {
                        HttpFixture.event(out, next);
                    }
                }
            });
            server.on("/message", (ex, req) -> {
                JsonNode msg = Json.parse(req.body());
                if (!"2.0".equals(msg.path("jsonrpc").asString("")) || !msg.has("method")
                        || "refuse/me".equals(msg.path("method").asString(""))) {
                    HttpFixture.status(ex, 400, "text/plain", "Invalid message: " + req.body());
                    return;
                }
                HttpFixture.status(ex, 202, "text/plain", "Accepted");
                ex.close();
                Thread.sleep(800); // the answer comes after the refusal of the frame sent before
                if (msg.has("id")) {
                    outbound.add("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":" + Json.write(msg.get("id"))
                            + ",\"result\":{}}\n\n");
                }
            });
            SseTransport transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults());
            try (RpcConnection rpc = new RpcConnection(transport, new ServerRequestHandler(ClientAnswers.defaults()))) {
                rpc.start();
                int n = 0;
                for (String probe : new String[] {"{\"jsonrpc\":\"1.0\",\"id\":\"spec-guard-11\",\"method\":\"tools/list\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":\"spec-guard-10\"}",
                    "[{\"jsonrpc\":\"1.0\",\"id\":\"b1\",\"method\":\"ping\"},{\"jsonrpc\":\"1.0\",\"id\":\"b2\",\"method\":\"ping\"}]"}) {
                    JsonNode id = Json.parse("\"ping-" + n++ + "\"");
                    // a ping pending (its answer comes 800 ms late) while the probe's refusal arrives
                    var ping = rpc.send("{\"jsonrpc\":\"2.0\",\"id\":" + Json.write(id) + ",\"method\":\"ping\"}", id);
                    rpc.sendRaw(probe.getBytes(StandardCharsets.UTF_8));
                    Reply answer = rpc.await(ping, id, Duration.ofSeconds(10));
                    assertThat(answer.status()).as(probe + ": " + answer.detail()).isEqualTo(Reply.Status.RESULT);
                }
                Reply refused = rpc.request("refuse/me", null, Duration.ofSeconds(10));
                assertThat(refused.status()).as("a refused request fails itself, at once").isEqualTo(Reply.Status.SEND_FAILED);
            }
        }
    }
}
