package io.mcpfuzzer.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mcpfuzzer.oracle.Classifier;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.transport.TransportException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * supergateway's legacy SSE ends a client's session on any frame its SDK rejects: it closes the event
 * stream, and the POST sent next is answered only after the transport saw the stream end and closed.
 * The closed transport's reader pool then refuses the HTTP client's response task, so that exchange never
 * completed and the sender blocked for the whole send wait (10 s): the fuzzer reported each such case as
 * "stopped reading" (a false high hang, 49 runs in one run). A send in flight when the transport closes
 * must fail at once as {@code closed}.
 */
@Timeout(60)
class SessionEndedMidPostTest {
    private HttpFixture server;
    private final CountDownLatch endStream = new CountDownLatch(1);
    private final CountDownLatch streamEnded = new CountDownLatch(1);
    private SseTransport transport;

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

    @Test
    void aSendInFlightWhenTheEventStreamEndsFailsAtOnceAsClosed() throws Exception {
        server.on("/sse", (ex, req) -> {
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "event: endpoint\ndata: /message?sessionId=abc\n\n");
            endStream.await(30, TimeUnit.SECONDS);
            // returning ends the stream
            streamEnded.countDown();
        });
        server.on("/message", (ex, req) -> {
            endStream.countDown();
            streamEnded.await(30, TimeUnit.SECONDS);
            Thread.sleep(1_500); // the answer comes after the client saw the stream end
            HttpFixture.status(ex, 400, "text/plain", "Invalid message");
        });
        RecordingListener listener = new RecordingListener();
        transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults());
        transport.start(listener);

        long start = System.nanoTime();
        TransportException thrown = null;
        try {
            transport.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");
        } catch (TransportException e) {
            thrown = e;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(took).isLessThan(Duration.ofSeconds(6));
        assertThat(thrown).isNotNull();
        assertThat(thrown.kind()).isEqualTo("closed");
        await().atMost(Duration.ofSeconds(10)).until(() -> !transport.isOpen());
    }

    /**
     * The end of the event stream while the server still accepts connections is the session ending (a medium
     * finding), not a crash of the server; a lost connection (the server refuses connections) stays a crash.
     */
    @Test
    void aStreamEndIsASessionEndOnlyWhileTheServerStillRuns() throws Exception {
        server.on("/sse", (ex, req) -> {
            OutputStream out = HttpFixture.sse(ex, Map.of());
            HttpFixture.event(out, "event: endpoint\ndata: /message?sessionId=abc\n\n");
            endStream.await(30, TimeUnit.SECONDS);
        });
        RecordingListener ended = new RecordingListener();
        transport = new SseTransport(server.uri("/sse"), HttpOptions.defaults());
        transport.start(ended);
        endStream.countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> !ended.closed.isEmpty());
        assertThat(ended.closed).containsExactly("event stream ended");
        assertThat(Classifier.sessionEnded(CrashInfo.unknown("connection: " + ended.closed.get(0)))).isTrue();
        assertThat(Classifier.sessionEnded(CrashInfo.unknown(
                "connection: connection_lost: event stream ended and the server refuses connections"))).isFalse();
    }
}
