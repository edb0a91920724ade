package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

@Timeout(60)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:RawHttpSenderTest") // its methods run one after the other (a lock forces them into one thread)
class RawHttpSenderTest {
    private static final String JSON = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";

    private static RawHttpSender sender(URI uri, long deadlineMillis) {
        return new RawHttpSender(uri, HttpOptions.builder().header("X-Key", "k").build(),
                Duration.ofMillis(deadlineMillis), 4096);
    }

    @Test
    void malformedRequestsGetAnOutcomeEachAndWellFormedOnesAStatus() throws Exception {
        try (HttpFixture server = new HttpFixture()) {
            server.on("/mcp", (ex, req) -> {
                boolean json = "application/json".equals(req.header("Content-Type"));
                HttpFixture.status(ex, json ? 200 : 415, "text/plain", json ? "ok " + req.header("X-Key") : "bad type");
            });
            RawHttpSender raw = sender(server.uri("/mcp"), 3000);
            RawRequests r = raw.requests();

            RawHttpSender.Result ok = raw.send(r.post("application/json", JSON.getBytes()));
            assertThat(ok.outcome()).isEqualTo("response");
            assertThat(ok.status()).isEqualTo(200);
            assertThat(ok.excerpt()).contains("ok k");

            assertThat(raw.send(r.wrongContentType(JSON)).status()).isEqualTo(415);
            assertThat(raw.send(r.oversizedBody(200_000)).status()).isEqualTo(200);

            RawHttpSender.Result truncated = raw.send(r.truncatedBody(JSON, 50));
            assertThat(truncated.outcome()).isIn("timeout", "response", "closed_without_response", "reset");
            assertThat(truncated.elapsedMillis()).isLessThan(60_000);

            for (byte[] hostile : new byte[][] {r.badHeaderLine(JSON), r.invalidChunked(JSON), r.http09(), r.bareLf(JSON)}) {
                RawHttpSender.Result res = raw.send(hostile);
                assertThat(res.outcome()).isIn("response", "closed_without_response", "reset", "timeout");
            }
        }
    }

    @Test
    void silentServerTimesOutAndResettingServerIsAReset() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try (Socket s = silent.accept()) {
                    Thread.sleep(3000);
                } catch (IOException e) {
                    // test ended
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            RawHttpSender.Result res = sender(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/"), 500)
                    .send(new byte[] {'G', 'E', 'T'});
            assertThat(res.outcome()).isEqualTo("timeout");
            assertThat(res.statusLine()).isNull();
        }
        try (ServerSocket resetting = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try (Socket s = resetting.accept()) {
                    s.getInputStream().read(new byte[16]);
                    s.setSoLinger(true, 0);
                } catch (IOException e) {
                    // test ended
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            RawHttpSender.Result res = sender(URI.create("http://127.0.0.1:" + resetting.getLocalPort() + "/"), 5000)
                    .send("GET / HTTP/1.1\r\n\r\n".getBytes());
            assertThat(res.outcome()).isIn("reset", "closed_without_response");
        }
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThat(sender(URI.create("http://127.0.0.1:" + port + "/"), 2000).send(new byte[] {1}).outcome())
                .isEqualTo("refused");
    }

    @Test
    void requestsCarryHostConnectionCloseAndConfiguredHeaders() {
        RawRequests r = sender(URI.create("http://u:p@127.0.0.1:8080/mcp?x=1"), 1000).requests();
        String text = new String(r.bareLf(JSON), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(text).startsWith("POST /mcp?x=1 HTTP/1.1\nHost: 127.0.0.1:8080\n").contains("X-Key: k\n")
                .doesNotContain("\r");
        assertThat(new String(r.http09(), java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("GET /mcp?x=1\r\n");
    }
}
