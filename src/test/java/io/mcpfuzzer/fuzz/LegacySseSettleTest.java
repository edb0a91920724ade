package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.HttpTargetFactory;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.spec.ProbeReply;
import io.mcpfuzzer.testsupport.EverythingServer;
import io.mcpfuzzer.transport.TransportProtocol;
import io.mcpfuzzer.transport.http.HttpOptions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.node.LongNode;

/**
 * Over legacy HTTP+SSE, against the real npm server-everything: the TypeScript SDK answers a frame its
 * schema rejects with {@code 400 Invalid message} on the POST and never on the stream, so that status
 * is a refusal, decided at once; it once counted as a request "silently dropped while pings were
 * answered" after a 3 s wait (45 protocol cases of one run). A 202 says nothing: the answer comes on the
 * event stream, and it must still be taken as the answer.
 */
@Timeout(180)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:EverythingHttpTest") // one server-everything at a time with the other real-server tests
class LegacySseSettleTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void a400OnThePostIsARefusalAndA202WaitsForTheStream() throws Exception {
        try (EverythingServer server = EverythingServer.start("sse")) {
            Target target = new HttpTargetFactory(server.uri("/sse").toString(), TransportProtocol.SSE,
                    HttpOptions.defaults(), ClientOptions.defaults()).start();
            try {
                SessionExchange ex = new SessionExchange(target.session());
                assertThat(HttpSettle.applies(ex)).isTrue();

                long start = System.nanoTime();
                HttpSettle.Outcome missingMethod = HttpSettle.request(ex,
                        "{\"jsonrpc\":\"2.0\",\"id\":9001,\"params\":{}}", LongNode.valueOf(9001), DEADLINE);
                assertThat(missingMethod.kind()).isEqualTo(HttpSettle.Kind.REFUSED);
                assertThat(missingMethod.status()).isEqualTo(400);
                HttpSettle.Outcome oldVersion = HttpSettle.request(ex,
                        "{\"jsonrpc\":\"1.0\",\"id\":9002,\"method\":\"ping\"}", LongNode.valueOf(9002), DEADLINE);
                assertThat(oldVersion.kind()).isEqualTo(HttpSettle.Kind.REFUSED);
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));

                HttpSettle.Outcome ping = HttpSettle.request(ex,
                        "{\"jsonrpc\":\"2.0\",\"id\":9003,\"method\":\"ping\"}", LongNode.valueOf(9003), DEADLINE);
                assertThat(ping.kind()).isEqualTo(HttpSettle.Kind.REPLY);
                assertThat(ping.reply().outcome()).isEqualTo(ProbeReply.Outcome.ANSWERED);
                assertThat(ping.reply().text()).contains("9003");
            } finally {
                target.close();
            }
        }
    }
}
