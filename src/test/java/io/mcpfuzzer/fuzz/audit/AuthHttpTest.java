package io.mcpfuzzer.fuzz.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The audit's HTTP reads are bounded in size and time, and a URL outside the policy is never contacted. */
@Timeout(60)
class AuthHttpTest {
    private HttpServer server;
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger hits = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.createContext("/big", ex -> {
            hits.incrementAndGet();
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                byte[] chunk = new byte[64 * 1024];
                for (int i = 0; i < 64; i++) { // 4 MiB, far more than kept
                    out.write(chunk);
                }
            } catch (java.io.IOException e) {
                // the client stopped reading: expected
            }
        });
        server.createContext("/stall", ex -> {
            hits.incrementAndGet();
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            out.write("{\"partial\":".getBytes());
            out.flush();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ex.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        release.countDown();
        server.stop(0);
    }

    private URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void aHugeBodyIsCutAtTheBound() {
        AuthHttp.Answer a = new AuthHttp(Duration.ofSeconds(20), u -> true).get(url("/big"), Map.of());
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.body().length()).isEqualTo(AuthHttp.MAX_BODY);
    }

    @Test
    void aStalledBodyEndsAsNoAnswer() {
        AuthHttp.Answer a = new AuthHttp(Duration.ofMillis(500), u -> true).get(url("/stall"), Map.of());
        assertThat(a.status()).isEqualTo(-1);
        assertThat(a.error()).contains("no complete answer");
    }

    @Test
    void aUrlOutsideThePolicyIsNeverContacted() {
        AuthHttp.Answer a = new AuthHttp(Duration.ofSeconds(5), u -> false).get(url("/big"), Map.of());
        assertThat(a.status()).isEqualTo(-1);
        assertThat(a.error()).contains("network policy");
        assertThat(hits.get()).isZero();
    }
}
