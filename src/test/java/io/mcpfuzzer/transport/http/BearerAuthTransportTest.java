package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP transports with a {@link BearerAuth}: the token is sent, a challenge triggers a renewal and a resend. */
class BearerAuthTransportTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}";
    private static final String INIT_OK = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}";
    private final RecordingListener listener = new RecordingListener();
    private HttpFixture server;
    private StreamableHttpTransport transport;

    /** Hands out token-1, token-2, ... on each challenge, at most {@code limit} times; records the challenges. */
    static final class CountingAuth implements BearerAuth {
        final List<String> challenges = new CopyOnWriteArrayList<>();
        final AtomicInteger issued = new AtomicInteger();
        final int limit;

        CountingAuth(int limit) {
            this.limit = limit;
        }

        @Override
        public String currentToken() {
            return issued.get() == 0 ? null : "token-" + issued.get();
        }

        @Override
        public boolean onChallenge(int status, String wwwAuthenticate, String tokenUsed) {
            challenges.add(status + " " + wwwAuthenticate + " " + tokenUsed);
            if (issued.get() >= limit) {
                return false;
            }
            issued.incrementAndGet();
            return true;
        }
    }

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

    private void open(BearerAuth auth) throws Exception {
        transport = new StreamableHttpTransport(server.uri("/mcp"), HttpOptions.builder().listenStream(false)
                .bearerAuth(auth).build());
        transport.start(listener);
    }

    @Test
    void a401IsAnsweredWithANewTokenAndTheSameRequestIsSentAgain() throws Exception {
        server.on("/mcp", (ex, req) -> {
            if ("Bearer token-1".equals(req.header("Authorization"))) {
                HttpFixture.json(ex, 200, INIT_OK, Map.of());
            } else {
                HttpFixture.json(ex, 401, "{}", Map.of("WWW-Authenticate", "Bearer scope=\"s\""));
            }
        });
        CountingAuth auth = new CountingAuth(5);
        open(auth);
        transport.send(INIT);
        await().atMost(WAIT).until(() -> listener.frames.size() == 1);
        assertThat(listener.frames.get(0)).isEqualTo(INIT_OK);
        assertThat(auth.challenges).containsExactly("401 Bearer scope=\"s\" null");
        assertThat(server.requests).hasSize(2);
        assertThat(server.requests.get(1).body()).isEqualTo(INIT);
        assertThat(listener.problems).isEmpty();
    }

    @Test
    void whenNoTokenHelpsTheAuthProblemReachesTheListenerAfterBoundedRetries() throws Exception {
        server.on("/mcp", (ex, req) -> HttpFixture.json(ex, 403, "{}",
                Map.of("WWW-Authenticate", "Bearer error=\"insufficient_scope\"")));
        CountingAuth auth = new CountingAuth(100);
        open(auth);
        try {
            transport.send(INIT);
        } catch (io.mcpfuzzer.transport.TransportException e) {
            assertThat(e.kind()).isEqualTo("auth");
        }
        await().atMost(WAIT).until(() -> !listener.problems.isEmpty());
        assertThat(listener.problems.get(0)).contains("auth");
        assertThat(auth.challenges).hasSize(HttpCore.MAX_AUTH_RETRIES);
        assertThat(server.requests).hasSize(HttpCore.MAX_AUTH_RETRIES + 1);
    }
}
