package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import org.junit.jupiter.api.Test;

/**
 * firecrawl-mcp 3.26: a notification or an optional request that got no answer waited its deadline, and the
 * ping after it stood in for the reply; that wait is no answer latency, so no performance outlier.
 */
class SilenceLatencyTest {
    @Test
    void aSilenceJsonRpcAllowsIsNoLatencyEvidence() {
        LatencyOutliers latency = new LatencyOutliers();
        Reply ping = new Reply(Reply.Status.RESULT, Json.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"),
                "{}", 1_000_000_000L, null);
        assertThat(latency.isEvidence("protocol", "notifications/initialized", ping.decided(Reply.BY_SILENCE), null))
                .isFalse();
        assertThat(latency.isEvidence("protocol", "prompts/get", ping, null)).as("an answer's own latency").isTrue();
    }
}
