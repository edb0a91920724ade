package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.testservers.ScriptedServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Supervisor#live()} on a server that crashed: its output closed before its process exited.
 * Another call's thread asks for a live target in that window; the restart must not turn the crash
 * into a stop we sent, or the call that crashed the server is retried instead of reported (seen as a
 * lost use-after-close on a loaded machine).
 */
@Timeout(120)
class SupervisorLiveTest {
    @Test
    void aCrashStillExitingWhenAnotherCallRestartsTheTargetStaysACrash() throws Exception {
        try (StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(ScriptedServer.class), null, Map.of(),
                true, ClientOptions.defaults(), StdioTransport.DEFAULT_MAX_LINE_BYTES);
                Supervisor supervisor = new Supervisor(factory, 1)) {
            Target first = supervisor.current();
            Reply reply = first.session().callTool("die_slowly", Json.object().put("delayMs", 700),
                    Duration.ofSeconds(30));
            assertThat(reply.status()).isEqualTo(Reply.Status.CLOSED);

            Target next = supervisor.live(); // another call's thread, while the crash is still exiting

            assertThat(next).isNotSameAs(first);
            CrashInfo crash = first.crashInfo();
            assertThat(crash.sentByUs()).as("crash info " + crash).isFalse();
            assertThat(crash.exitCode()).isEqualTo(1);
            assertThat(supervisor.live()).isSameAs(next); // a live target is kept
        }
    }
}
