package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Verdict;
import io.mcpfuzzer.testservers.ScriptedServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import io.mcpfuzzer.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/**
 * A request outstanding while the fuzzer stops the server for another request's hang is not the
 * server's crash: it is tried once more, and when the fuzzer stops the server under it again (a
 * second hang elsewhere, as a deaf desktop-commander did to a 400 001-path read) it ends with no
 * finding instead of a high crash "signal SIGKILL, signal_sent_by_fuzzer: true".
 */
@Timeout(120)
class CollateralKillTest {
    @Test
    void aRequestTheFuzzerKilledTwiceIsNoCrash() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(ScriptedServer.class), null,
                Map.of(), true, ClientOptions.defaults(), StdioTransport.DEFAULT_MAX_LINE_BYTES);
                Supervisor supervisor = new Supervisor(factory, 3)) {
            RunEngine engine = new RunEngine(supervisor, CampaignObserver.NONE, Duration.ofSeconds(60));
            ObjectNode args = Json.object().put("delayMs", 100_000).put("tag", "never");
            RunEngine.Call call = new RunEngine.Call("tool", "late", 0, "realistic", args, null, true, "valid",
                    s -> s.callTool("late", args, engine.timeout()));
            Target first = supervisor.current();
            Future<Verdict> verdict = pool.submit(() -> engine.execute(call));
            Thread.sleep(2_000); // the call is out: it waits 100 s for its answer
            first.kill("another request's hang");
            Target second = awaitNext(supervisor, first);
            Thread.sleep(2_000); // tried again on the next incarnation
            second.kill("another request's hang");

            Verdict v = verdict.get(60, TimeUnit.SECONDS);

            assertThat(v.findings()).as("findings " + v.findings()).isEmpty();
            assertThat(v.outcome()).isEqualTo("timeout");
            assertThat(second.crashInfo().sentByUs()).isTrue();
        } finally {
            pool.shutdownNow();
        }
    }

    private static Target awaitNext(Supervisor supervisor, Target before) throws Exception {
        for (int i = 0; i < 300; i++) {
            Target now = supervisor.current();
            if (now != before) {
                return now;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the server was not started again");
    }
}
