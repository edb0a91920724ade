package io.mcpfuzzer.transport.http.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every read of the OAuth client is bounded in size and time. */
class OAuthHttpTest {
    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        server.createContext("/big", ex -> {
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                byte[] chunk = new byte[64 * 1024];
                for (int i = 0; i < 40; i++) {
                    out.write(chunk);
                }
            } catch (IOException e) {
                // the client stops reading at the cap
            }
        });
        server.createContext("/trickle", ex -> {
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                for (int i = 0; i < 100; i++) {
                    out.write('{');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (IOException | InterruptedException e) {
                // the client gave up
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void aBodyOverTheCapFails() {
        OAuthHttp http = new OAuthHttp(Duration.ofSeconds(10));
        assertThatThrownBy(() -> http.get(uri("/big"), Map.of())).isInstanceOf(IOException.class)
                .hasMessageContaining("larger than");
    }

    @Test
    void aTricklingBodyIsCutAtTheTimeout() {
        OAuthHttp http = new OAuthHttp(Duration.ofMillis(800));
        assertThatThrownBy(() -> http.get(uri("/trickle"), Map.of())).isInstanceOf(IOException.class);
        assertThat(OAuthHttp.form(Map.of("a b", "c&d"))).isEqualTo("a+b=c%26d");
    }
}
