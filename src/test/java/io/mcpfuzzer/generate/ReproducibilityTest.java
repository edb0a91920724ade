package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Same seed, same inputs: across instances and regardless of the order runs are generated. */
class ReproducibilityTest {
    private static final int RUNS = 40;

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (long seed : new long[] {0, 42, -7, 123456789}) {
            for (String schema : List.of("one-string", "patterns", "combinators", "edit-file-like", "objects")) {
                for (Phase phase : Phase.values()) {
                    out.add(Arguments.of(seed, schema, phase));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "seed={0} {1} {2}")
    @MethodSource("cases")
    void sameSeedGivesByteIdenticalSequencesInAnyOrder(long seed, String schemaName, Phase phase) {
        JsonNode schema = TrickySchemas.all().get(schemaName);
        ToolInputPlanner first = new ToolInputPlanner(seed);
        ToolInputPlanner second = new ToolInputPlanner(seed);
        List<String> forward = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            forward.add(render(first.plan(schemaName, schema, phase, run)));
        }
        String[] backward = new String[RUNS];
        for (int run = RUNS - 1; run >= 0; run--) {
            backward[run] = render(second.plan(schemaName, schema, phase, run));
        }
        assertThat(List.of(backward)).containsExactlyElementsOf(forward);
        // run 7 before run 3 on a fresh instance, interleaved with another tool
        ToolInputPlanner third = new ToolInputPlanner(seed);
        String seven = render(third.plan(schemaName, schema, phase, 7));
        third.plan("other-tool", schema, phase, 0);
        String three = render(third.plan(schemaName, schema, phase, 3));
        assertThat(seven).isEqualTo(forward.get(7));
        assertThat(three).isEqualTo(forward.get(3));
    }

    @ParameterizedTest(name = "seed={0} {1} {2}")
    @MethodSource("cases")
    void differentSeedsOrToolsGiveDifferentSequences(long seed, String schemaName, Phase phase) {
        JsonNode schema = TrickySchemas.all().get(schemaName);
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        List<String> c = new ArrayList<>();
        for (int run = 0; run < 10; run++) {
            a.add(render(new ToolInputPlanner(seed).plan("t", schema, phase, run)));
            b.add(render(new ToolInputPlanner(seed + 1).plan("t", schema, phase, run)));
            c.add(render(new ToolInputPlanner(seed).plan("u", schema, phase, run)));
        }
        assertThat(b).isNotEqualTo(a);
        assertThat(c).isNotEqualTo(a);
    }

    private static String render(GeneratedInput input) {
        return Json.write(input.value()) + "|" + input.label() + "|" + input.target() + "|" + input.verdict()
                + "|" + input.canary() + "|" + input.runSeed();
    }
}
