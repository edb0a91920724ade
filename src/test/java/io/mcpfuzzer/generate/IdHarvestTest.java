package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** Harvesting ids from answers, the bounded pool, and their use by the planner (deterministic, seeded share). */
class IdHarvestTest {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private static JsonNode textResult(String text) {
        return Json.parse("{\"content\":[{\"type\":\"text\",\"text\":" + Json.write(F.stringNode(text)) + "}]}");
    }

    private static List<String> found(JsonNode result) {
        List<String> out = new ArrayList<>();
        IdHarvester.harvest(result, s -> false).forEach(f -> out.add(f.kind() + "=" + Json.write(f.value())));
        return out;
    }

    @Test
    void idsComeFromJsonFieldsNamedLikeIdsAndUuidShapedValues() {
        JsonNode r = Json.parse("{\"structuredContent\":{\"id\":42,\"fileId\":\"f-77\",\"width\":5,"
                + "\"valid\":\"yes1\",\"owner\":{\"session_id\":\"s9\"},\"ref\":\"123e4567-e89b-12d3-a456-426614174000\","
                + "\"name\":\"not an id 1\"},\"content\":[{\"type\":\"text\",\"text\":\"{\\\"handle\\\":\\\"h1\\\"}\"}]}");
        assertThat(found(r)).containsExactly("id=42", "file_id=\"f-77\"", "session_id=\"s9\"",
                "uuid=\"123e4567-e89b-12d3-a456-426614174000\"", "handle=\"h1\"");
    }

    @Test
    void idsComeFromTextAfterAnIdWordOrInUuidShape() {
        assertThat(found(textResult("Opened handle hdl_3fa85f6457174562 (mode r).")))
                .containsExactly("handle=\"hdl_3fa85f6457174562\"");
        assertThat(found(textResult("Created note. id: 1234; session = abc9, user is 77")))
                .containsExactly("id=\"1234\"", "session=\"abc9\"");
        assertThat(found(textResult("task 123e4567-e89b-12d3-a456-426614174000 queued")))
                .containsExactly("uuid=\"123e4567-e89b-12d3-a456-426614174000\"");
        assertThat(found(textResult("the id was invalid, handle then nothing"))).as("no digit, no id").isEmpty();
    }

    @Test
    void errorAnswersAndTheFuzzersOwnValuesGiveNothing() {
        JsonNode error = Json.parse("{\"isError\":true,\"content\":[{\"type\":\"text\",\"text\":\"handle h-123 closed\"}]}");
        assertThat(found(error)).isEmpty();
        JsonNode echo = textResult("handle h-123 and id 456");
        assertThat(IdHarvester.harvest(echo, "h-123"::equals)).extracting(IdHarvester.Found::kind).containsExactly("id");
    }

    @Test
    void harvestingIsBoundedPerAnswer() {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            many.append("id ").append(1000 + i).append(' ');
        }
        assertThat(found(textResult(many.toString()))).hasSize(IdHarvester.MAX_FOUND);
    }

    @Test
    void thePoolKeepsAFixedNumberPerKindFirstInFirstOut() {
        IdPool pool = new IdPool();
        for (int i = 0; i < IdPool.MAX_PER_KIND + 5; i++) {
            assertThat(pool.add("handle", F.stringNode("h" + i))).isTrue();
        }
        assertThat(pool.add("handle", F.stringNode("h10"))).as("kept once").isFalse();
        List<JsonNode> kept = pool.snapshot().byKind().get("handle");
        assertThat(kept).hasSize(IdPool.MAX_PER_KIND);
        assertThat(kept.get(0).asString()).isEqualTo("h5");
        assertThat(kept.get(kept.size() - 1).asString()).isEqualTo("h" + (IdPool.MAX_PER_KIND + 4));
        for (int k = 0; k < IdPool.MAX_KINDS + 3; k++) {
            pool.add("kind" + k + "_id", F.stringNode("v"));
        }
        assertThat(pool.snapshot().byKind()).hasSize(IdPool.MAX_KINDS);
        assertThat(pool.add("handle", F.objectNode())).as("only strings and integers").isFalse();
    }

    @Test
    void candidatesPreferTheSameKindThenTheSameFamily() {
        IdPool pool = new IdPool();
        pool.add("handle", F.stringNode("h-1"));
        pool.add("id", F.numberNode(7));
        pool.add("user_id", F.stringNode("u-1"));
        IdPool.Snapshot s = pool.snapshot();
        assertThat(s.candidates("handle")).extracting(JsonNode::asString).containsExactly("h-1");
        assertThat(s.candidates("file_id")).extracting(JsonNode::asString).containsExactly("7", "u-1");
        assertThat(s.candidates("session")).hasSize(3);
    }

    @Test
    void idParametersTakeHarvestedIdsWithASeededShareAndNothingElseChanges() {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"handle\":{\"type\":\"string\"},"
                + "\"query\":{\"type\":\"string\"},\"count\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":9}},"
                + "\"required\":[\"handle\",\"query\",\"count\"]}");
        IdPool pool = new IdPool();
        pool.add("handle", F.stringNode("hdl_a1"));
        pool.add("handle", F.stringNode("hdl_b2"));
        ToolInputPlanner planner = new ToolInputPlanner(11);
        int used = 0;
        for (int run = 0; run < 40; run++) {
            ToolInputPlanner.Planned with = planner.plan("read", schema, Phase.REALISTIC, run, pool.snapshot());
            ToolInputPlanner.Planned again = new ToolInputPlanner(11).plan("read", schema, Phase.REALISTIC, run,
                    pool.snapshot());
            JsonNode without = planner.plan("read", schema, Phase.REALISTIC, run).value();
            assertThat(again).as("deterministic").isEqualTo(with);
            assertThat(with.input().valid()).isTrue();
            JsonNode value = with.input().value();
            assertThat(value.path("query")).as("other fields unchanged").isEqualTo(without.path("query"));
            assertThat(value.path("count")).isEqualTo(without.path("count"));
            if (with.harvestedIds() > 0) {
                used++;
                assertThat(value.path("handle").asString()).isIn("hdl_a1", "hdl_b2");
            } else {
                assertThat(value).isEqualTo(without);
            }
        }
        assertThat(used).as("about 3 in 4 of 40 runs").isBetween(22, 38);
        assertThat(planner.plan("read", schema, Phase.REALISTIC, 3, IdPool.Snapshot.empty()).input())
                .isEqualTo(planner.plan("read", schema, Phase.REALISTIC, 3, null).input());
    }

    @Test
    void releasedIdsAreUsedOnPurposeInEveryFourthRunAndNeverOtherwise() {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"handle\":{\"type\":\"string\"}},"
                + "\"required\":[\"handle\"]}");
        IdPool pool = new IdPool();
        pool.add("handle", F.stringNode("live-1"));
        pool.add("handle", F.stringNode("gone-2"));
        pool.release("gone-2");
        assertThat(pool.snapshot().released(F.stringNode("gone-2"))).isTrue();
        ToolInputPlanner planner = new ToolInputPlanner(5);
        for (int run = 0; run < 24; run++) {
            ToolInputPlanner.Planned p = planner.plan("read", schema, Phase.REALISTIC, run, pool.snapshot());
            String handle = p.input().value().path("handle").asString();
            if (run % ToolInputPlanner.USE_RELEASED_EVERY == 1) {
                assertThat(handle).as("run " + run).isEqualTo("gone-2");
            } else {
                assertThat(handle).as("run " + run).isNotEqualTo("gone-2");
            }
        }
    }

    @Test
    void harvestedValuesMustFitTheParametersSchema() {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"user_id\":{\"type\":\"integer\","
                + "\"minimum\":1,\"maximum\":100},\"doc_id\":{\"type\":\"string\",\"pattern\":\"^d-[0-9]+$\"}},"
                + "\"required\":[\"user_id\",\"doc_id\"]}");
        IdPool pool = new IdPool();
        pool.add("id", F.stringNode("55"));
        pool.add("id", F.numberNode(5000));
        pool.add("id", F.stringNode("d-12"));
        pool.add("id", F.stringNode("x-12"));
        ToolInputPlanner planner = new ToolInputPlanner(3);
        int used = 0;
        for (int run = 0; run < 30; run++) {
            ToolInputPlanner.Planned p = planner.plan("get_doc", schema, Phase.REALISTIC, run, pool.snapshot());
            assertThat(p.input().valid()).isTrue();
            if (p.harvestedIds() > 0) {
                used++;
                JsonNode v = p.input().value();
                assertThat(v.path("user_id").asLong() == 55 || v.path("doc_id").asString().equals("d-12")).isTrue();
            }
        }
        assertThat(used).isPositive();
    }

    @Test
    void namesAndDescriptionsThatMakeAnId() {
        assertThat(IdNames.kindOf("id")).isEqualTo("id");
        assertThat(IdNames.kindOf("fileId")).isEqualTo("file_id");
        assertThat(IdNames.kindOf("session")).isEqualTo("session");
        assertThat(IdNames.kindOf("width")).isNull();
        assertThat(IdNames.kindOf("valid")).isNull();
        assertThat(IdNames.parameterKind("ref", "The identifier returned by create", null)).isEqualTo("id");
        assertThat(IdNames.parameterKind("query", "search by id", null)).isNull();
        assertThat(IdNames.parameterKind("target", null, "uuid")).isEqualTo("uuid");
    }
}
