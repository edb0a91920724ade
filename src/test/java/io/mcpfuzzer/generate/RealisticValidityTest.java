package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Realistic output must validate, for many seeds and every tricky schema. */
class RealisticValidityTest {
    private static final SchemaValidator VALIDATOR = new SchemaValidator();
    private static final Map<String, JsonNode> SCHEMAS = TrickySchemas.all();

    static Stream<Arguments> cases() {
        return SCHEMAS.keySet().stream().flatMap(name ->
                LongStream.of(1, 7, 42, 1234, -99, 0xCAFEL).mapToObj(seed -> Arguments.of(name, seed)));
    }

    @ParameterizedTest(name = "{0} seed={1}")
    @MethodSource("cases")
    void realisticInputsValidate(String name, long seed) {
        ToolInputPlanner planner = new ToolInputPlanner(seed, GenerationLimits.defaults(), VALIDATOR);
        JsonNode schema = SCHEMAS.get(name);
        List<String> failures = new ArrayList<>();
        for (int run = 0; run < 25; run++) {
            GeneratedInput input = planner.plan("tool-" + name, schema, Phase.REALISTIC, run);
            assertThat(input.label()).isEqualTo("valid");
            assertThat(input.value().isObject()).as("tool arguments are an object").isTrue();
            if (!input.valid()) {
                failures.add(Json.write(input.value()) + " -> " + input.validationErrors() + " " + input.problems());
            }
        }
        assertThat(failures).as("invalid realistic inputs for " + name).isEmpty();
    }
}
