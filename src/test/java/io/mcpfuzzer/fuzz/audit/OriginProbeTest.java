package io.mcpfuzzer.fuzz.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Real JDK HTTP servers on 127.0.0.1, one validating Origin and one not. */
@Timeout(60)
class OriginProbeTest {
    private HttpServer server;
    private final List<String> seen = new CopyOnWriteArrayList<>();

    private String start(Function<HttpExchange, Integer> policy) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/mcp", ex -> {
            String origin = ex.getRequestHeaders().getFirst("Origin");
            seen.add(ex.getRequestMethod() + " " + origin + " " + ex.getRequestHeaders().getFirst("Authorization"));
            ex.getRequestBody().readAllBytes();
            int status = policy.apply(ex);
            byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":\"mcp-fuzzer-origin-audit\",\"result\":{}}").getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(status, status == 200 ? body.length : -1);
            if (status == 200) {
                ex.getResponseBody().write(body);
            }
            ex.close();
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp";
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static OriginProbe.Options opts(Map<String, String> headers) {
        return new OriginProbe.Options(null, Duration.ofSeconds(20), headers, "2025-11-25");
    }

    @Test
    void serverThatValidatesOriginIsClean() throws Exception {
        String url = start(ex -> ex.getRequestHeaders().getFirst("Origin") == null ? 200 : 403);
        OriginProbe.Result r = OriginProbe.probe(url, opts(null));
        assertThat(r.ran()).isTrue();
        assertThat(r.findings()).isEmpty();
        assertThat(r.statuses()).containsEntry(OriginProbe.FOREIGN_ORIGIN, 403).containsEntry("null", 403);
    }

    @Test
    void serverThatAcceptsAnyOriginIsReportedAndItsSessionDeleted() throws Exception {
        String url = start(ex -> {
            if ("DELETE".equals(ex.getRequestMethod())) {
                return 204;
            }
            ex.getResponseHeaders().add("Mcp-Session-Id", "s-123");
            ex.getResponseHeaders().add("Access-Control-Allow-Origin", ex.getRequestHeaders().getFirst("Origin"));
            return 200;
        });
        OriginProbe.Result r = OriginProbe.probe(url, opts(Map.of("Authorization", "Bearer t")));
        assertThat(r.findings()).extracting(Finding::checkId).containsExactlyInAnyOrder("MCPF-HTTP-002", "MCPF-HTTP-004");
        Finding f = r.findings().stream().filter(x -> "MCPF-HTTP-002".equals(x.checkId())).findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo(Severity.HIGH);
        assertThat(f.evidence()).containsEntry("origin", "https://evil.example").containsEntry("response_status", 200)
                .containsEntry("authenticated_probe", true);
        assertThat(f.evidence().get("reference").toString()).contains("transports#security-warning");
        assertThat(seen).contains("POST https://evil.example Bearer t", "DELETE null Bearer t");
    }

    @Test
    void nullOriginIsTriedWhenTheForeignOneIsRejected() throws Exception {
        String url = start(ex -> "null".equals(ex.getRequestHeaders().getFirst("Origin")) ? 200 : 403);
        OriginProbe.Result r = OriginProbe.probe(url, opts(null));
        assertThat(r.findings()).extracting(f -> f.evidence().get("origin")).containsExactly("null");
    }

    @Test
    void authenticationFirstIsInconclusive() throws Exception {
        String url = start(ex -> 401);
        OriginProbe.Result r = OriginProbe.probe(url, opts(null));
        assertThat(r.findings()).extracting(Finding::checkId, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("MCPF-HTTP-003", Severity.INFO));
    }

    @Test
    void nonHttpOrUnreachableTargetsDoNotRun() throws Exception {
        assertThat(OriginProbe.probe("python3 server.py", opts(null)).ran()).isFalse();
        String url = start(ex -> 200);
        server.stop(0);
        server = null;
        OriginProbe.Result r = OriginProbe.probe(url, opts(null));
        assertThat(r.ran()).isFalse();
        assertThat(r.findings()).isEmpty();
    }
}
