package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** At least 90% distinct inputs over 500 runs (the upstream tool managed 23-32). */
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:DiversityTest")
class DiversityTest {
    private static final int RUNS = 500;

    static Stream<Arguments> oneString() {
        return Stream.of(1L, 99L, -5L).flatMap(seed -> Stream.of("text", "query", "path", "value", "name", "url", "id")
                .map(param -> Arguments.of(seed, param)));
    }

    @ParameterizedTest(name = "seed={0} param={1}")
    @MethodSource("oneString")
    void oneStringParameterIsDiversePerPhaseAndTogether(long seed, String param) {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"" + param + "\":{\"type\":\"string\"}},"
                + "\"required\":[\"" + param + "\"]}");
        ToolInputPlanner planner = new ToolInputPlanner(seed);
        Set<String> realistic = new HashSet<>();
        Set<String> aggressive = new HashSet<>();
        Set<String> both = new HashSet<>();
        for (int run = 0; run < RUNS; run++) {
            realistic.add(Json.write(planner.plan("one", schema, Phase.REALISTIC, run).value()));
            aggressive.add(Json.write(planner.plan("one", schema, Phase.AGGRESSIVE, run).value()));
            // a BOTH campaign splits its runs: even runs realistic, odd runs aggressive
            Phase phase = run % 2 == 0 ? Phase.REALISTIC : Phase.AGGRESSIVE;
            both.add(Json.write(planner.plan("one", schema, phase, run / 2).value()));
        }
        assertThat(realistic.size()).as("realistic distinct").isGreaterThanOrEqualTo(RUNS * 9 / 10);
        assertThat(aggressive.size()).as("aggressive distinct").isGreaterThanOrEqualTo(RUNS * 9 / 10);
        assertThat(both.size()).as("both distinct").isGreaterThanOrEqualTo(RUNS * 9 / 10);
    }

    static Stream<Arguments> objects() {
        return Stream.of(
                Arguments.of("{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"integer\"}},\"required\":[\"value\"]}"),
                Arguments.of("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":100},"
                        + "\"b\":{\"type\":\"number\"},\"c\":{\"type\":\"boolean\"}},\"required\":[\"a\",\"b\"]}"),
                Arguments.of("{\"type\":\"object\",\"properties\":{\"meta\":{\"type\":\"object\"}},\"required\":[\"meta\"]}"),
                Arguments.of("{\"type\":\"object\",\"properties\":{\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000},"
                        + "\"offset\":{\"type\":\"integer\",\"minimum\":0}}}"));
    }

    @ParameterizedTest
    @MethodSource("objects")
    void numericAndFreeFormObjectsAreDiverse(String schemaText) {
        JsonNode schema = Json.parse(schemaText);
        ToolInputPlanner planner = new ToolInputPlanner(3);
        for (Phase phase : Phase.values()) {
            Set<String> seen = new HashSet<>();
            for (int run = 0; run < RUNS; run++) {
                seen.add(Json.write(planner.plan("obj", schema, phase, run).value()));
            }
            assertThat(seen.size()).as(phase + " distinct for " + schemaText).isGreaterThanOrEqualTo(RUNS * 85 / 100);
        }
    }
}
