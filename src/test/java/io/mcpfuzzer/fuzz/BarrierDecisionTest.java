package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.FindingCollector;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.testservers.BarrierServer;
import io.mcpfuzzer.testservers.RootCauseServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * How a silence is judged, against real fixture processes: a server that answers in order and
 * drops invalid messages (like the TypeScript SDK) is caught by the barrier ping in a round trip;
 * one that answers out of order falls back to the deadline; a valid call that is merely slow is a
 * timeout, never a drop; a notification or id-less frame is never a drop. The decision is read from
 * the evidence ({@code decided_by}) and the run record, never from timings.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
class BarrierDecisionTest {
    private final List<RunResult> runs = Collections.synchronizedList(new ArrayList<>());

    private CampaignResult run(List<String> command, CampaignConfig config) {
        StdioTargetFactory factory = new StdioTargetFactory(command, null, Map.of(), true, ClientOptions.defaults(),
                1 << 20);
        try (factory) {
            return new Campaign(config, factory, CampaignInputs.forSeed(7), new CampaignObserver() {
                @Override
                public void onRun(RunResult run) {
                    runs.add(run);
                }
            }).run();
        }
    }

    private static CampaignConfig protocol(Set<String> types, PhaseChoice phase, Duration timeout) {
        return new CampaignConfig(FuzzMode.PROTOCOL, PhaseChoice.BOTH, 1, 1, 7, timeout, 1, Set.of(), 3, 0, phase, types, false);
    }

    private static List<Finding> drops(CampaignResult result) {
        return result.findings().stream().filter(f -> FindingCollector.DROPPED_SIGNATURE.equals(f.signature())).toList();
    }

    private static String show(List<Finding> findings) {
        return findings.stream().map(f -> "\n  " + f.category() + " " + f.kind() + " " + f.target() + " x" + f.count()
                + " " + f.detail() + " " + f.evidence().get("decided_by")).collect(Collectors.joining());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aServerThatAnswersInOrderHasItsDropsDecidedByTheBarrier() {
        CampaignResult result = run(JavaCommand.of(RootCauseServer.class, "drop-invalid"),
                protocol(Set.of(), PhaseChoice.BOTH, Duration.ofSeconds(30)));
        String shown = show(result.findings());

        assertThat(result.status()).isEqualTo("completed");
        List<Finding> drops = drops(result);
        assertThat(drops).as("one dropped finding" + shown).hasSize(1);
        Finding drop = drops.get(0);
        assertThat(drop.evidence().get("decided_by")).as(shown).isEqualTo("barrier");
        Map<String, Integer> byKind = (Map<String, Integer>) drop.evidence().get("dropped");
        assertThat(byKind).as("the kinds dropped" + shown).hasSizeGreaterThan(1);
        List<RunResult> dropped = runs.stream().filter(r -> r.outcome().equals("protocol_violation")).toList();
        assertThat(dropped).hasSize(drop.count());
        assertThat(dropped).as("every drop was decided by the barrier, and says so in the run record")
                .allSatisfy(r -> assertThat(r.response()).contains("answered first"));
        assertThat(dropped).as("aggressive cases only: a valid case is never judged by the barrier")
                .allSatisfy(r -> assertThat(r.phase()).isEqualTo("aggressive"));
        assertThat(runs).as("notifications and id-less frames are never dropped")
                .filteredOn(r -> r.rawInput() != null && !r.rawInput().contains("\"id\""))
                .isNotEmpty()
                .noneSatisfy(r -> assertThat(r.outcome()).isEqualTo("protocol_violation"));
        assertThat(runs).as("a batch is no valid MCP message from 2025-06-18 on: ignoring it is no drop")
                .filteredOn(r -> r.rawInput() != null && r.rawInput().startsWith("["))
                .isNotEmpty()
                .noneSatisfy(r -> assertThat(r.outcome()).isEqualTo("protocol_violation"));
        assertThat(result.findings()).as("the server never stopped answering" + shown)
                .noneMatch(f -> f.category().equals("hang"));
    }

    @Test
    void aServerThatAnswersOutOfOrderFallsBackToTheDeadline() {
        CampaignResult result = run(JavaCommand.of(BarrierServer.class, "reorder-drop"),
                protocol(Set.of("ping", "tools/list"), PhaseChoice.AGGRESSIVE, Duration.ofSeconds(1)));
        String shown = show(result.findings());

        assertThat(result.status()).isEqualTo("completed");
        List<Finding> drops = drops(result);
        assertThat(drops).as("its invalid messages are still found dropped" + shown).hasSize(1);
        assertThat(drops.get(0).evidence().get("decided_by")).as(shown).isEqualTo("deadline");
        assertThat(runs).filteredOn(r -> r.outcome().equals("protocol_violation")).isNotEmpty()
                .allSatisfy(r -> assertThat(r.response()).as("the real wait, in ms")
                        .matches("no answer within \\d+ ms while a later ping was answered"));
        assertThat(runs).as("its later answers are still answers")
                .anyMatch(r -> r.target().equals("tools/list") && r.outcome().equals("ok"));
    }

    @Test
    void aValidCallThatIsMerelySlowIsATimeoutNotADrop() {
        CampaignConfig config = new CampaignConfig(FuzzMode.TOOLS, PhaseChoice.REALISTIC, 2, 1, 7, Duration.ofSeconds(1), 1,
                Set.of(), 3, 0, PhaseChoice.REALISTIC, Set.of(), false);
        CampaignResult result = run(JavaCommand.of(BarrierServer.class, "slow-tool"), config);
        String shown = show(result.findings());

        assertThat(result.status()).isEqualTo("completed");
        assertThat(drops(result)).as("a slow valid call is no drop" + shown).isEmpty();
        List<RunResult> calls = runs.stream().filter(r -> r.kind().equals("tool")).toList();
        assertThat(calls).isNotEmpty().allSatisfy(r -> assertThat(r.outcome()).isEqualTo("timeout"));
        assertThat(calls).allSatisfy(r -> assertThat(r.response()).matches(
                "no answer to a valid tool request within \\d+ ms while a later ping was answered: a slow request"
                        + " \\(timeout\\); the server still answers"));
        List<Finding> slow = result.findings().stream().filter(f -> f.category().equals("timeout")).toList();
        assertThat(slow).as(shown).hasSize(1);
        assertThat(slow.get(0).evidence().get("decided_by")).isEqualTo("deadline");
        assertThat(result.findings()).as("a slow server is not deaf" + shown).noneMatch(f -> f.category().equals("hang"));
        assertThat(result.restarts()).as("a slow server is not killed").isZero();
    }
}
