package io.mcpfuzzer.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.KnownText;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The session's id pool: only successful answers, the arrival order does not matter, bounded, known as published. */
class SessionIdsTest {
    private static RunEngine.Call call(String tool, int run, JsonNode input) {
        return new RunEngine.Call("tool", tool, run, "realistic", input, null, true, "valid", s -> null);
    }

    private static Reply result(String text, boolean isError) {
        JsonNode message = Json.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"isError\":" + isError
                + ",\"content\":[{\"type\":\"text\",\"text\":" + Json.write(tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(text))
                + "}]}}");
        return new Reply(Reply.Status.RESULT, message, Json.write(message), 1, null);
    }

    private static Reply rpcError(String text) {
        JsonNode message = Json.parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,\"message\":\"handle h-99 "
                + text + "\"}}");
        return new Reply(Reply.Status.ERROR, message, Json.write(message), 1, null);
    }

    @Test
    void theOrderAnswersArriveInDoesNotChangeThePool() {
        String first = null;
        for (List<Integer> order : ArrivalOrders.shuffled(40, 5)) {
            SessionIds ids = new SessionIds(new KnownText());
            for (int i : order) {
                ids.harvest(call("open", i, Json.object()), result("Opened handle hdl_" + (1000 + i), false));
            }
            assertThat(ids.snapshot().isEmpty()).as("nothing before the tool is published").isTrue();
            ids.publish("open");
            String pool = Json.write(ids.snapshot().byKind());
            first = first == null ? pool : first;
            assertThat(pool).isEqualTo(first);
        }
        assertThat(first).contains("hdl_1039").doesNotContain("hdl_1000"); // 32 kept, oldest (sorted first) out
    }

    @Test
    void errorAnswersTimeoutsAndEchoesOfTheInputGiveNothing() {
        SessionIds ids = new SessionIds(new KnownText());
        ids.harvest(call("read", 0, Json.object()), result("handle h-1 not found", true));
        ids.harvest(call("read", 1, Json.object()), rpcError("not found"));
        ids.harvest(call("read", 2, Json.object()), new Reply(Reply.Status.TIMEOUT, null, null, 1, "timeout"));
        JsonNode input = Json.object().put("handle", "h-2");
        ids.harvest(call("read", 3, input), result("read from handle h-2", false));
        ids.publish("read");
        assertThat(ids.snapshot().isEmpty()).isTrue();
    }

    @Test
    void idsAcceptedByAClosingToolAreReleased() {
        SessionIds ids = new SessionIds(new KnownText());
        ids.harvest(call("open", 0, Json.object()), result("Opened handle hdl_1", false));
        ids.harvest(call("open", 1, Json.object()), result("Opened handle hdl_2", false));
        ids.harvest(call("open", 2, Json.object()), result("Opened handle hdl_3", false));
        ids.publish("open");
        ids.harvest(call("close", 0, Json.object().put("handle", "hdl_1")), result("closed", false));
        ids.harvest(call("close", 1, Json.object().put("handle", "hdl_2")), result("no such handle", true));
        ids.harvest(call("read", 0, Json.object().put("handle", "hdl_3")), result("read 3 bytes", false));
        ids.publish("close");
        ids.publish("read");
        var snapshot = ids.snapshot();
        var factory = tools.jackson.databind.node.JsonNodeFactory.instance;
        assertThat(snapshot.released(factory.stringNode("hdl_1"))).isTrue();
        assertThat(snapshot.released(factory.stringNode("hdl_2"))).as("the close failed").isFalse();
        assertThat(snapshot.released(factory.stringNode("hdl_3"))).as("read releases nothing").isFalse();
    }

    @Test
    void pendingIdsAreBoundedAndHarvestedIdsAreKnownAsPublished() {
        KnownText known = new KnownText();
        SessionIds ids = new SessionIds(known);
        for (int i = 0; i < SessionIds.MAX_PENDING + 50; i++) {
            ids.harvest(call("create", i, Json.object()), result("created id " + (100_000 + i) + " and item_id "
                    + (500_000 + i), false));
        }
        ids.publish("create");
        var byKind = ids.snapshot().byKind();
        assertThat(byKind.values().stream().mapToInt(List::size).sum()).isLessThanOrEqualTo(SessionIds.MAX_PENDING);
        assertThat(known.view(null).sentEarlier("100007")).as("a harvested id counts as known text").isTrue();
        ids.used("read");
        ids.used("read");
        assertThat(ids.usedBy("read")).isEqualTo(2);
        assertThat(ids.snapshotCounts()).containsKey("pooled");
    }

    @Test
    void producersRunFirstThenReleasersThenOtherConsumers() {
        JsonNode tools = Json.parse("[{\"name\":\"read\",\"inputSchema\":{\"properties\":{\"handle\":{}}}},"
                + "{\"name\":\"echo\",\"inputSchema\":{\"properties\":{\"text\":{}}}},"
                + "{\"name\":\"close\",\"inputSchema\":{\"properties\":{\"handle\":{}}}},"
                + "{\"name\":\"getItem\",\"inputSchema\":{\"properties\":{\"itemId\":{}}}},"
                + "{\"name\":\"open\",\"inputSchema\":{\"properties\":{}}},"
                + "{\"name\":\"add_item\",\"inputSchema\":{\"properties\":{\"list_id\":{}}}}]");
        List<JsonNode> listed = new ArrayList<>();
        tools.forEach(listed::add);
        List<String> names = new ArrayList<>();
        ToolOrder.order(listed).forEach(t -> names.add(t.path("name").asString()));
        assertThat(names).containsExactly("echo", "open", "add_item", "close", "read", "getItem");
        List<JsonNode> plain = listed.subList(1, 2);
        assertThat(ToolOrder.order(plain)).isEqualTo(plain);
    }
}
