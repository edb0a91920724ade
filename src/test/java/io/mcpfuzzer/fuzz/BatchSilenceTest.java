package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.mcp.McpVersion;
import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.generate.protocol.ProtocolCase;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.generate.protocol.Strategy;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A batch left unanswered is a drop only on the one revision that requires batching (2025-03-26); on
 * 2024-11-05 (which never mentioned batches) and from 2025-06-18 on (which removed them) silence is allowed.
 * A single request with an id is a drop on every revision.
 */
class BatchSilenceTest {
    private static final JsonNode ID = Json.parse("7");

    private static ProtocolCase batch(McpVersion v) {
        return new ProtocolCase(MessageType.PING, Phase.AGGRESSIVE, Strategy.BATCH_SINGLE, v,
                "[{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}]", true, null, List.of(ID), false);
    }

    @Test
    void anUnansweredBatchIsADropOnlyWhereBatchingIsRequired() {
        assertThat(ProtocolFuzzer.mayStaySilent(batch(McpVersion.V2025_03_26), McpVersion.V2025_03_26)).isFalse();
        assertThat(ProtocolFuzzer.mayStaySilent(batch(McpVersion.V2024_11_05), McpVersion.V2024_11_05)).isTrue();
        assertThat(ProtocolFuzzer.mayStaySilent(batch(McpVersion.V2025_06_18), McpVersion.V2025_06_18)).isTrue();
    }

    @Test
    void aSingleRequestWithAnIdMustBeAnsweredOnEveryRevision() {
        for (McpVersion v : McpVersion.values()) {
            ProtocolCase plain = new ProtocolCase(MessageType.PING, Phase.AGGRESSIVE, Strategy.ID_STRING, v,
                    "{\"jsonrpc\":\"2.0\",\"id\":\"7\",\"method\":\"ping\"}", true, ID, List.of(ID), false);
            assertThat(plain.isBatch()).isFalse();
            assertThat(ProtocolFuzzer.mayStaySilent(plain, v)).as(v.toString()).isFalse();
        }
    }
}
