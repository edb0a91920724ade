package io.mcpfuzzer.transport.http;

import io.mcpfuzzer.testsupport.EverythingServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mcpfuzzer.transport.Transport;
import io.mcpfuzzer.transport.TransportProtocol;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * End to end against the real npm {@code @modelcontextprotocol/server-everything} over Streamable HTTP,
 * legacy SSE, and the auto-detecting http mode. Each test starts and kills its own server.
 */
@Timeout(180)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:EverythingHttpTest") // its methods run one after the other (a lock forces them into one thread)
class EverythingHttpTest {
    private static final Duration CALL = Duration.ofSeconds(60);

    @Test
    void streamableHttpHandshakeToolsAndSamplingMidStream() throws Exception {
        try (EverythingServer server = EverythingServer.start("streamableHttp")) {
            StreamableHttpTransport transport = new StreamableHttpTransport(server.uri("/mcp"), HttpOptions.defaults());
            try {
                MiniRpc rpc = new MiniRpc(transport);
                exercise(rpc);
                assertThat(transport.hasSession()).isTrue();
                await().atMost(CALL).until(() -> log(server).contains("Establishing new SSE stream"));
                assertThat(rpc.listener.problems).isEmpty();
            } finally {
                transport.close();
            }
            assertThat(transport.isOpen()).isFalse();
            await().atMost(CALL).until(() -> log(server).contains("Received session termination request"));
        }
    }

    @Test
    void legacySseHandshakeToolsAndSampling() throws Exception {
        try (EverythingServer server = EverythingServer.start("sse")) {
            try (Transport transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults())) {
                exercise(new MiniRpc(transport));
                assertThat(transport.describe()).startsWith("sse:http://127.0.0.1:");
            }
        }
    }

    @Test
    void httpModeDetectsLegacySseOnTheSseUrl() throws Exception {
        try (EverythingServer server = EverythingServer.start("sse")) {
            try (Transport transport = HttpTransports.open(server.uri("/sse").toString(), TransportProtocol.HTTP, HttpOptions.defaults())) {
                MiniRpc rpc = new MiniRpc(transport);
                JsonNode init = rpc.initialize(CALL);
                assertThat(init.path("result").path("serverInfo").isObject()).isTrue();
                assertThat(((AutoHttpTransport) transport).active()).isInstanceOf(SseTransport.class);
            }
        }
    }

    private static String log(EverythingServer server) throws java.io.IOException {
        return java.nio.file.Files.readString(server.log, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static void exercise(MiniRpc rpc) throws Exception {
        JsonNode init = rpc.initialize(CALL);
        assertThat(init.path("result").path("protocolVersion").asString()).isNotEmpty();

        JsonNode list = rpc.call("tools/list", "{}", CALL);
        List<String> names = new ArrayList<>();
        list.path("result").path("tools").forEach(t -> names.add(t.path("name").asString()));
        assertThat(names).contains("echo", "trigger-sampling-request");

        JsonNode echo = rpc.call("tools/call", "{\"name\":\"echo\",\"arguments\":{\"message\":\"hello over http\"}}", CALL);
        assertThat(echo.path("result").path("content").get(0).path("text").asString()).contains("hello over http");

        JsonNode sampled = rpc.call("tools/call",
                "{\"name\":\"trigger-sampling-request\",\"arguments\":{\"prompt\":\"hi\",\"maxTokens\":5}}", CALL);
        assertThat(rpc.serverRequests).contains("sampling/createMessage");
        assertThat(sampled.path("result").path("content").get(0).path("text").asString()).contains("fuzzed-sample");

        JsonNode missing = rpc.call("tools/call", "{\"name\":\"no-such-tool\",\"arguments\":{}}", CALL);
        assertThat(missing.has("error") || missing.path("result").path("isError").asBoolean()).isTrue();
        assertThat(rpc.listener.oversized).isEmpty();
    }
}
