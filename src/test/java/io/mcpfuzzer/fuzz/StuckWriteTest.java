package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.Verdict;
import io.mcpfuzzer.testservers.DeafAfterInitServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tool call to a real server that stopped reading its stdin: the 1 MiB write fills the pipe and
 * blocks, the write deadline kills the server, and the run is recorded as a hang saying so (it
 * would otherwise block for as long as the server lives).
 */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:StuckWriteTest") // its methods run one after the other (a lock forces them into one thread)
class StuckWriteTest {
    private static final Duration WRITE_DEADLINE = Duration.ofMillis(500);

    @Test
    void aToolCallToAServerThatStoppedReadingEndsAsAHang() throws Exception {
        try (StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(DeafAfterInitServer.class), null,
                Map.of(), true, ClientOptions.defaults(), StdioTransport.DEFAULT_MAX_LINE_BYTES)
                .writeDeadline(WRITE_DEADLINE);
                Supervisor supervisor = new Supervisor(factory, 1)) {
            RunEngine engine = new RunEngine(supervisor, CampaignObserver.NONE, Duration.ofSeconds(60));
            Target first = supervisor.current();
            ObjectNode args = Json.object().put("text", "x".repeat(1 << 20));
            RunEngine.Call call = new RunEngine.Call("tool", "echo", 0, "aggressive", args, null, false, "big",
                    s -> s.callTool("echo", args, engine.timeout()));

            Verdict verdict = engine.execute(call);

            assertThat(verdict.outcome()).isEqualTo("hang");
            assertThat(verdict.findings()).extracting(Finding::category).contains("hang");
            assertThat(verdict.findings().get(0).detail()).startsWith(StdioTransport.STOPPED_READING)
                    .contains("did not finish within 500 ms");
            assertThat(first.session().rpc().isClosed()).isTrue();
            assertThat(first.crashInfo().sentByUs()).isTrue(); // killed by us, not crashed
            assertThat(supervisor.current()).isNotSameAs(first); // retired: the next run gets a fresh server
        }
    }
}
