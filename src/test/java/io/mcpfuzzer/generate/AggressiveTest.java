package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;

/** Aggressive runs: every strategy used, fields in turn, one labelled change, the rest valid. */
class AggressiveTest {
    /** A schema on which every strategy applies (no combinators, so errors have exact locations). */
    static final JsonNode RICH = Json.parse("{\"type\":\"object\",\"properties\":{"
            + "\"path\":{\"type\":\"string\"},"
            + "\"query\":{\"type\":\"string\",\"maxLength\":200},"
            + "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100},"
            + "\"mode\":{\"type\":\"string\",\"enum\":[\"fast\",\"safe\"]},"
            + "\"when\":{\"type\":\"string\",\"format\":\"date\"},"
            + "\"code\":{\"type\":\"string\",\"pattern\":\"^[a-z]{3}$\"},"
            + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":5},"
            + "\"opts\":{\"type\":\"object\",\"properties\":{\"deep\":{\"type\":\"boolean\"},\"label\":{\"type\":\"string\"}},"
            + "\"required\":[\"deep\"],\"additionalProperties\":false}},"
            + "\"required\":[\"path\",\"limit\"],\"additionalProperties\":false}");
    static final JsonNode ONE_STRING = Json.parse(
            "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}");
    private static final int ALL = AggressiveStrategy.values().length;

    static Stream<Long> seeds() {
        return Stream.of(0L, 1L, 42L, -3L, 987654321L);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void firstCycleUsesEveryStrategyOnARichSchema(long seed) {
        ToolInputPlanner planner = new ToolInputPlanner(seed);
        Set<String> labels = new HashSet<>();
        for (int run = 0; run < ALL; run++) {
            labels.add(planner.plan("rich", RICH, Phase.AGGRESSIVE, run).label());
        }
        assertThat(labels).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(AggressiveStrategy.values()).map(AggressiveStrategy::label).collect(Collectors.toList()));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void everyAttackFamilyIsUsedEarlyOnAOneStringTool(long seed) {
        ToolInputPlanner planner = new ToolInputPlanner(seed);
        Set<String> labels = new HashSet<>();
        for (int run = 0; run < ALL; run++) {
            labels.add(planner.plan("one", ONE_STRING, Phase.AGGRESSIVE, run).label());
        }
        for (AggressiveStrategy s : AggressiveStrategy.values()) {
            if (s.isAttackFamily()) {
                assertThat(labels).contains(s.label());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void onlyTheTargetedLocationIsInvalidAndLabelsAreHonest(long seed) {
        ToolInputPlanner planner = new ToolInputPlanner(seed);
        int checked = 0;
        for (int run = 0; run < 300; run++) {
            GeneratedInput in = planner.plan("rich", RICH, Phase.AGGRESSIVE, run);
            assertThat(in.phase()).isEqualTo(Phase.AGGRESSIVE);
            assertThat(in.problems()).isEmpty();
            String target = in.target();
            for (String error : in.verdict() == Validation.Verdict.INVALID ? in.validationErrors() : List.<String>of()) {
                String location = error.substring(0, error.indexOf(':'));
                assertThat(location.startsWith(target) || target.startsWith(location))
                        .as("run %d %s at %s: error %s in %s", run, in.label(), target, error, Json.write(in.value()))
                        .isTrue();
            }
            if (in.canary() != null) {
                assertThat(Json.write(in.value())).contains(in.canary());
            }
            JsonNode at = target.isEmpty() ? in.value() : in.value().at(JsonPointer.compile(target));
            switch (in.label()) {
                case "null_value" -> assertThat(at.isNull()).isTrue();
                case "missing_required" -> assertThat(at.isMissingNode()).isTrue();
                case "type_confusion", "huge_number", "negative_number", "boundary", "missing_required_never" ->
                        assertThat(at.isMissingNode()).isFalse();
                default -> { }
            }
            if (Set.of("null_value", "missing_required", "type_confusion", "nan_like", "deep_nesting",
                    "format_violation", "pattern_violation", "enum_violation", "extra_property").contains(in.label())) {
                assertThat(in.verdict()).as(in.label() + " " + Json.write(in.value())).isEqualTo(Validation.Verdict.INVALID);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(50);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void fieldsAreTargetedInTurn(long seed) {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"string\"},"
                + "\"c\":{\"type\":\"string\"},\"d\":{\"type\":\"string\"}},\"required\":[\"a\"]}");
        ToolInputPlanner planner = new ToolInputPlanner(seed);
        Map<String, Set<String>> targetsByFamily = new HashMap<>();
        for (int run = 0; run < 8 * ALL; run++) {
            GeneratedInput in = planner.plan("four", schema, Phase.AGGRESSIVE, run);
            targetsByFamily.computeIfAbsent(in.label(), k -> new HashSet<>()).add(in.target());
        }
        for (AggressiveStrategy s : AggressiveStrategy.values()) {
            if (s.isAttackFamily() && s != AggressiveStrategy.PROTOTYPE_POLLUTION) {
                assertThat(targetsByFamily.get(s.label())).as(s.label()).contains("/a", "/b", "/c", "/d");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void payloadsInFreeStringsAreReportedValid(long seed) {
        ToolInputPlanner planner = new ToolInputPlanner(seed);
        Map<String, List<Validation.Verdict>> verdicts = new HashMap<>();
        for (int run = 0; run < 4 * ALL; run++) {
            GeneratedInput in = planner.plan("one", ONE_STRING, Phase.AGGRESSIVE, run);
            verdicts.computeIfAbsent(in.label(), k -> new ArrayList<>()).add(in.verdict());
        }
        assertThat(verdicts.get("sqli")).containsOnly(Validation.Verdict.VALID);
        assertThat(verdicts.get("path_traversal")).containsOnly(Validation.Verdict.VALID);
        assertThat(verdicts.get("null_value")).containsOnly(Validation.Verdict.INVALID);
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void mostOfTheCatalogueIsUsed(long seed) {
        ToolInputPlanner planner = new ToolInputPlanner(seed);
        List<String> values = new ArrayList<>();
        for (int run = 0; run < 60 * ALL; run++) {
            JsonNode value = planner.plan("one", ONE_STRING, Phase.AGGRESSIVE, run).value();
            values.add(value.path("text").isString() ? value.path("text").asString() : value.toString());
        }
        EnumSet<AggressiveStrategy> families = EnumSet.noneOf(AggressiveStrategy.class);
        int templates = 0;
        int used = 0;
        for (AggressiveStrategy s : AggressiveStrategy.values()) {
            for (String template : Payloads.templates(s)) {
                templates++;
                String[] fragments = template.split("\\{C\\}");
                if (values.stream().anyMatch(v -> Arrays.stream(fragments).allMatch(v::contains))) {
                    used++;
                    families.add(s);
                }
            }
        }
        assertThat(families).as("families seen").hasSize((int) Arrays.stream(AggressiveStrategy.values()).filter(AggressiveStrategy::isAttackFamily).count());
        assertThat(used).as("templates used of " + templates).isGreaterThanOrEqualTo(templates * 9 / 10);
    }
}
