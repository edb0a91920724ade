package io.mcpfuzzer.oracle.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.generate.protocol.MalformedFrame;
import io.mcpfuzzer.generate.protocol.MalformedFrames;
import io.mcpfuzzer.generate.protocol.McpModel;
import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.generate.protocol.ModelHints;
import io.mcpfuzzer.generate.protocol.MutatorOptions;
import io.mcpfuzzer.generate.protocol.ProtocolCase;
import io.mcpfuzzer.generate.protocol.ProtocolMutator;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.generate.protocol.Strategy;
import io.mcpfuzzer.oracle.spec.fixtures.FixtureMcpServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Every aggressive case and malformed frame, sent to the conforming fixture over real stdio: the
 * case metadata (answer expected or not) agrees with what a conforming server does, and the server
 * still answers ping afterwards.
 */
@Timeout(300)
class ProtocolCasesOverStdioTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void aConformingServerAnswersExactlyTheCasesThatExpectAnAnswer() throws Exception {
        McpVersion version = McpVersion.V2025_03_26;
        ProtocolMutator mutator = new ProtocolMutator(version, ModelHints.none(), new MutatorOptions(200, 64 * 1024));
        SplittableRandom rnd = new SplittableRandom(99);
        try (StdioSpecExchange exchange = new StdioSpecExchange(JavaCommand.of(FixtureMcpServer.class, "clean"),
                version.wire())) {
            for (MessageType type : List.of(MessageType.CALL_TOOL, MessageType.PING, MessageType.PROGRESS)) {
                for (Strategy strategy : ProtocolMutator.strategiesFor(type, Phase.AGGRESSIVE)) {
                    ProtocolCase c = mutator.make(type, strategy, rnd);
                    exchange.drainUnsolicited();
                    exchange.notify(c.frame());
                    ProbeReply ping = exchange.ping(TIMEOUT);
                    assertThat(ping.isResult()).as("alive after %s", c.label()).isTrue();
                    List<JsonNode> answers = GuardContext.responses(exchange.drainUnsolicited());
                    assertThat(!answers.isEmpty()).as("answered %s: %s", c.label(), c.frame())
                            .isEqualTo(c.expectsResponse());
                }
            }
            assertThat(McpModel.clientMessages(version)).contains(MessageType.CALL_TOOL);
        }
    }

    @Test
    void theServerSurvivesEveryMalformedFrame() throws Exception {
        try (StdioSpecExchange exchange = new StdioSpecExchange(JavaCommand.of(FixtureMcpServer.class, "clean"),
                McpVersion.V2025_06_18.wire())) {
            for (MalformedFrame frame : MalformedFrames.catalogue(256 * 1024)) {
                exchange.sendRaw(frame.lineBytes());
                assertThat(exchange.ping(TIMEOUT).isResult()).as("alive after %s", frame.label()).isTrue();
            }
            assertThat(exchange.alive()).isTrue();
        }
    }
}
