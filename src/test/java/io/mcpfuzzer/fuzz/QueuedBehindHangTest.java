package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testservers.InOrderHangServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Calls in flight behind a hanging one, on a real single-threaded server that reads in order
 * ({@link InOrderHangServer}): only inputs that make it deaf are reported as hangs, the finding
 * points at one of them, and the calls queued behind are timeouts that say so, not hangs.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
class QueuedBehindHangTest {
    private final List<RunResult> runs = Collections.synchronizedList(new ArrayList<>());

    private CampaignResult campaign(long seed) {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.BOTH, 8, 1, seed, Duration.ofSeconds(1),
                5, Set.of(), 3, 0);
        StdioTargetFactory factory = new StdioTargetFactory(JavaCommand.of(InOrderHangServer.class), null, Map.of(),
                true, ClientOptions.defaults(), 1 << 20);
        try (factory) {
            return new Campaign(config, factory, CampaignInputs.forSeed(seed), new CampaignObserver() {
                @Override
                public void onRun(RunResult run) {
                    runs.add(run);
                }
            }).run();
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 23})
    void onlyInputsThatMakeTheServerDeafAreHangsAndTheCallsQueuedBehindThemAreNotBlamed(long seed) {
        runs.clear();
        CampaignResult result = campaign(seed);
        List<RunResult> calls = runs.stream().filter(r -> r.kind().equals("tool")).toList();
        String shown = calls.stream().map(r -> "\n  " + r.phase() + " " + r.run() + " " + r.outcome() + " " + r.input())
                .collect(Collectors.joining());

        assertThat(result.status()).as(shown).isEqualTo("completed");
        assertThat(calls).as("the server went deaf at least once" + shown)
                .anyMatch(r -> r.outcome().equals("hang"));
        assertThat(calls).as("every hang is an input that makes the server deaf" + shown)
                .filteredOn(r -> r.outcome().equals("hang")).allMatch(r -> InOrderHangServer.hangs(r.input()));
        assertThat(calls).as("inputs the server handles are answered, or were queued behind a hang" + shown)
                .filteredOn(r -> !InOrderHangServer.hangs(r.input()))
                .isNotEmpty()
                .allMatch(r -> r.outcome().equals("ok") || r.outcome().equals("rejected")
                        || (r.outcome().equals("timeout") && r.response().contains("queued behind")
                                && r.findings().isEmpty()));
        List<Finding> hangs = result.findings().stream().filter(f -> f.category().equals("hang")).toList();
        assertThat(hangs).hasSize(1);
        assertThat(InOrderHangServer.hangs((JsonNode) hangs.get(0).evidence().get("input")))
                .as("the finding's input makes the server deaf: its reproduction hangs").isTrue();
        assertThat(hangs.get(0).count()).as("one run per deaf incarnation: the queued ones are not counted")
                .isEqualTo((int) calls.stream().filter(r -> r.outcome().equals("hang")).count());
    }
}
