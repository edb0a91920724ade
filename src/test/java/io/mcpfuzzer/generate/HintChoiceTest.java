package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** How the planner puts values from error hints into realistic inputs ({@link HintChoice}). */
class HintChoiceTest {
    private static final int RUNS = 40;
    private static final ToolInputPlanner PLANNER = new ToolInputPlanner(7);
    private static final HintPool.Snapshot HINTS = hints();

    private static HintPool.Snapshot hints() {
        HintPool pool = new HintPool();
        pool.add(new ErrorHint("schema", List.of("main")));
        return pool.snapshot();
    }

    private static JsonNode schema(String schemaProperty) {
        return Json.parse("{\"type\":\"object\",\"properties\":{\"schema\":" + schemaProperty
                + ",\"pattern\":{\"type\":\"string\"}},\"required\":[\"schema\"]}");
    }

    private static int hinted(JsonNode schema) {
        int main = 0;
        for (int run = 0; run < RUNS; run++) {
            ToolInputPlanner.Planned p = PLANNER.plan("search_objects", schema, Phase.REALISTIC, run, IdPool.Snapshot.empty(),
                    HINTS);
            boolean isMain = p.input().value().path("schema").asString("").equals("main");
            assertThat(p.hintedValues()).as("run %d", run).isLessThanOrEqualTo(isMain ? 1 : 0);
            assertThat(p.input().verdict()).as("run %d", run).isEqualTo(Validation.Verdict.VALID);
            main += isMain ? 1 : 0;
        }
        return main;
    }

    @Test
    void aboutHalfTheRealisticRunsTakeTheHint() {
        assertThat(hinted(schema("{\"type\":\"string\"}"))).isBetween(RUNS / 4, 3 * RUNS / 4);
        assertThat(hinted(schema("{\"type\":\"string\",\"enum\":[\"x\",\"main\"]}"))).as("an enum value")
                .isBetween(RUNS / 2, RUNS); // chosen by the hint in about half, by the enum draw in some others
    }

    @Test
    void aHintThatBreaksTheSchemaIsSkipped() {
        assertThat(hinted(schema("{\"type\":\"string\",\"maxLength\":3}"))).isZero();
        assertThat(hinted(schema("{\"type\":\"string\",\"pattern\":\"^[0-9]+$\"}"))).isZero();
        assertThat(hinted(schema("{\"type\":\"string\",\"format\":\"email\"}"))).isZero();
        assertThat(hinted(schema("{\"type\":\"string\",\"enum\":[\"x\",\"y\"]}"))).isZero();
    }

    @Test
    void otherParametersAndPhasesAreLeftAsTheyWere() {
        JsonNode schema = schema("{\"type\":\"string\"}");
        for (int run = 0; run < RUNS; run++) {
            for (Phase phase : Phase.values()) {
                JsonNode with = PLANNER.plan("t", schema, phase, run, IdPool.Snapshot.empty(), HINTS).input().value();
                JsonNode without = PLANNER.plan("t", schema, phase, run).value();
                assertThat(with.path("pattern")).as("%s run %d", phase, run).isEqualTo(without.path("pattern"));
                if (phase == Phase.AGGRESSIVE || !with.path("schema").asString("").equals("main")) {
                    assertThat(with).as("%s run %d", phase, run).isEqualTo(without);
                }
            }
        }
    }
}
