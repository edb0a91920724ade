package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The session's error hints: merged in run order whatever the arrival order, published per tool, bounded. */
class SessionHintsTest {
    private static RunEngine.Call call(String tool, int run, String schema) {
        return new RunEngine.Call("tool", tool, run, "coverage", Json.object().put("schema", schema), null, true, "valid",
                s -> null);
    }

    private static Reply toolError(String text) {
        var message = Json.object().put("jsonrpc", "2.0").put("id", 1);
        var result = message.putObject("result").put("isError", true);
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return new Reply(Reply.Status.RESULT, message, Json.write(message), 1, null);
    }

    private static Reply rpcError(String text) {
        JsonNode message = Json.object().put("jsonrpc", "2.0").put("id", 1).set("error",
                Json.object().put("code", -32602).put("message", text));
        return new Reply(Reply.Status.ERROR, message, Json.write(message), 1, null);
    }

    @Test
    void theOrderAnswersArriveInDoesNotChangeTheHints() {
        String first = null;
        for (List<Integer> order : ArrivalOrders.shuffled(40, 5)) {
            SessionHints hints = new SessionHints();
            for (int i : order) {
                hints.harvest(call("search", i, "s" + i), toolError("Schema 's" + i + "' does not exist. Available"
                        + " schemas: main, v" + i));
            }
            assertThat(hints.snapshot().isEmpty()).as("nothing for later tools before the tool is published").isTrue();
            String own = Json.write(hints.snapshotWithOwn("search").byNoun());
            hints.publish("search");
            String pool = Json.write(hints.snapshot().byNoun());
            assertThat(pool).isEqualTo(own);
            first = first == null ? pool : first;
            assertThat(pool).isEqualTo(first);
        }
        // merged in run order, 32 kept (first in, first out: main, named again, comes back), never the echoed s<i>
        assertThat(first).contains("\"v39\"", "\"main\"").doesNotContain("\"v0\"", "\"s0\"", "\"s39\"");
    }

    @Test
    void jsonRpcErrorsCountAndOtherToolsOrKindsDoNot() {
        SessionHints hints = new SessionHints();
        hints.harvest(call("regions", 0, "x"), rpcError("Unknown region 'x'. Available regions: eu-west-1"));
        hints.harvest(new RunEngine.Call("protocol", "regions", 1, "realistic", Json.object(), null, true, "v", s -> null),
                rpcError("Available zones: a1"));
        hints.harvest(call("regions", 2, "x"), new Reply(Reply.Status.TIMEOUT, null, null, 1, "timeout"));
        assertThat(hints.snapshotWithOwn("other").isEmpty()).isTrue();
        hints.publish("regions");
        assertThat(hints.snapshot().byNoun()).containsOnlyKeys("region");
        hints.harvest(call("regions", 3, "x"), rpcError("Available zones: a1"));
        hints.publish("regions");
        assertThat(hints.snapshot().byNoun()).as("calls after the tool was published (probes) are not harvested")
                .containsOnlyKeys("region");
        assertThat(hints.snapshotCounts()).containsEntry("pooled", 1L).containsEntry("nouns", 1);
    }
}
