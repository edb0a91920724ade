package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import org.junit.jupiter.api.Test;

/**
 * Targets whose every answer is a slow failure that blames the network or credentials: their further runs are not
 * sent. The text is @elastic/mcp-server-elasticsearch's, started without its cluster: its client retried for 7.4 s
 * on every call, and the run took over 15 minutes for five tools.
 */
class OfflineTargetsTest {
    private static final String REFUSED = "{\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Error: connect"
            + " ECONNREFUSED 127.0.0.1:9\"}]},\"jsonrpc\":\"2.0\",\"id\":69}";
    private static final long SLOW_NANOS = 7_410_401_000L;

    private static Reply answer(String raw, long nanos) {
        return new Reply(Reply.Status.RESULT, Json.parse(raw), raw, nanos, null);
    }

    private static Reply refusal() {
        String raw = "{\"jsonrpc\":\"2.0\",\"id\":73,\"error\":{\"code\":-32602,\"message\":\"MCP error -32602: Invalid"
                + " arguments for tool search: expected object, received undefined at queryBody\"}}";
        return new Reply(Reply.Status.ERROR, Json.parse(raw), raw, 2_109_000L, null);
    }

    @Test
    void slowEnvironmentFailuresInARowSkipTheTarget() {
        DeafTargets targets = new DeafTargets();
        for (int i = 0; i < DeafTargets.OFFLINE_IN_A_ROW; i++) {
            assertThat(targets.isDeaf("tool:search")).isFalse();
            targets.observe("tool:search", answer(REFUSED, SLOW_NANOS));
            targets.observe("tool:search", refusal()); // rejected before any connection: neither counts nor resets
        }
        assertThat(targets.isDeaf("tool:search")).isTrue();
        assertThat(targets.outcome("tool:search")).isEqualTo(DeafTargets.OFFLINE_OUTCOME);
        assertThat(targets.isUnresponsive("tool:search")).as("offline is no reason to scout the other tools").isFalse();
        targets.skipped("tool:search", targets.outcome("tool:search"));
        assertThat(targets.offlineWarning()).contains("1 run(s) of 1 target(s)", "tool:search (1)", "network");
        assertThat(targets.warning()).as("no deaf target").isNull();
    }

    @Test
    void quickFailuresCostNothingAndAreNotCounted() {
        DeafTargets targets = new DeafTargets();
        for (int i = 0; i < 3 * DeafTargets.OFFLINE_IN_A_ROW; i++) {
            targets.observe("tool:search", answer(REFUSED, 40_000_000L));
        }
        assertThat(targets.isDeaf("tool:search")).isFalse();
        assertThat(targets.offlineWarning()).isNull();
    }

    /** A tool that got past its environment once (a cached answer, a local branch): its inputs matter. */
    @Test
    void aTargetThatAnsweredOtherwiseOnceIsNeverSkipped() {
        DeafTargets targets = new DeafTargets();
        targets.observe("tool:list_indices", answer("{\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"Found 0"
                + " indices\"}]},\"jsonrpc\":\"2.0\",\"id\":3}", SLOW_NANOS));
        for (int i = 0; i < 3 * DeafTargets.OFFLINE_IN_A_ROW; i++) {
            targets.observe("tool:list_indices", answer(REFUSED, SLOW_NANOS));
        }
        assertThat(targets.isDeaf("tool:list_indices")).isFalse();
    }
}
