package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;

/** The coverage pass's cases: the classes each keyword implies, determinism per seed, and the budget cut. */
class CoveragePlannerTest {
    private static final int ALL = 100_000;
    private static final JsonNode NESTED = Json.parse("{\"type\":\"object\",\"properties\":{"
            + "\"name\":{\"type\":\"string\"},"
            + "\"config\":{\"type\":\"object\",\"properties\":{\"options\":{\"type\":\"object\",\"properties\":{"
            + "\"enabled\":{\"type\":\"boolean\"},\"depth\":{\"type\":\"integer\"}},\"required\":[\"enabled\",\"depth\"]}},"
            + "\"required\":[\"options\"]}},\"required\":[\"name\",\"config\"]}");

    private static CoveragePlan plan(String schema, long seed) {
        return new CoveragePlanner(seed).plan("tool", Json.parse(schema), null, ALL);
    }

    private static Set<String> strategies(CoveragePlan plan) {
        return plan.cases().stream().map(CoverageCase::strategy).collect(Collectors.toCollection(java.util.LinkedHashSet::new));
    }

    private static CoverageCase only(CoveragePlan plan, String strategy) {
        return plan.cases().stream().filter(c -> c.strategy().equals(strategy)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + strategy + " in " + strategies(plan)));
    }

    private static JsonNode at(CoverageCase c, String pointer) {
        return c.value().at(JsonPointer.compile(pointer));
    }

    @Test
    void numbersGetZeroSignsBoundsAndTheirNeighboursMultiplesAndExtremes() {
        CoveragePlan p = plan("{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"integer\",\"minimum\":10,"
                + "\"maximum\":90,\"multipleOf\":5}},\"required\":[\"n\"]}", 1);
        Map<String, String> values = p.cases().stream().filter(c -> c.strategy().endsWith("@/n"))
                .collect(Collectors.toMap(CoverageCase::edgeClass, c -> at(c, "/n").toString()));
        assertThat(values).containsEntry("number.zero", "0").containsEntry("number.negative_zero", "-0.0")
                .containsEntry("number.one", "1").containsEntry("number.minus_one", "-1")
                .containsEntry("number.minimum", "10").containsEntry("number.minimum_minus_one", "9")
                .containsEntry("number.minimum_plus_one", "11").containsEntry("number.maximum", "90")
                .containsEntry("number.maximum_plus_one", "91").containsEntry("number.maximum_minus_one", "89")
                .containsEntry("number.multiple_of", "10").containsEntry("number.multiple_of_minus", "9")
                .containsEntry("number.multiple_of_plus", "11").containsEntry("number.very_large", "1.0E308")
                .containsEntry("number.very_small", "-1.0E308").containsEntry("number.int64_overflow", "9223372036854775808")
                .containsEntry("number.integral_float", "10.0").containsKeys("number.tiny", "number.fraction", "field.null");
        assertThat(only(p, "number.minimum@/n").verdict()).isEqualTo(Validation.Verdict.VALID);
        assertThat(only(p, "number.minimum_minus_one@/n").verdict()).isEqualTo(Validation.Verdict.INVALID);

        CoveragePlan exclusive = plan("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\","
                + "\"exclusiveMinimum\":0,\"exclusiveMaximum\":1}}}", 1);
        assertThat(exclusive.classes()).contains("number.exclusive_minimum", "number.exclusive_minimum_plus_one",
                "number.exclusive_maximum", "number.exclusive_maximum_minus_one").doesNotContain("number.minimum");
        assertThat(only(exclusive, "number.exclusive_minimum@/x").verdict()).isEqualTo(Validation.Verdict.INVALID);
    }

    @Test
    void stringsGetLengthsFormatsAndUnicodeTricksWithinMaxLength() {
        CoveragePlan p = plan("{\"type\":\"object\",\"properties\":{\"s\":{\"type\":\"string\",\"minLength\":2,"
                + "\"maxLength\":12},\"d\":{\"type\":\"string\",\"format\":\"date\"}},\"required\":[\"s\",\"d\"]}", 3);
        assertThat(at(only(p, "string.empty@/s"), "/s").asString()).isEmpty();
        assertThat(at(only(p, "string.min_length_minus_one@/s"), "/s").asString()).hasSize(1);
        assertThat(at(only(p, "string.max_length_plus_one@/s"), "/s").asString()).hasSize(13);
        assertThat(at(only(p, "string.very_long@/s"), "/s").asString()).hasSize(StringClasses.VERY_LONG);
        Map<String, String> tricks = Map.of("string.bidi.rlo", "\u202E", "string.bidi.rlm", "\u200F",
                "string.bidi.lri", "\u2066", "string.zero_width", "\u200B", "string.non_bmp.emoji", "\uD83D\uDE00",
                "string.non_bmp.math", "\uD835\uDC00", "string.combining", "\u0301", "string.nul", "\u0000",
                "string.crlf", "\r\n");
        tricks.forEach((name, text) -> {
            CoverageCase c = only(p, name + "@/s");
            assertThat(at(c, "/s").asString()).contains(text);
            assertThat(c.verdict()).as(name).isEqualTo(Validation.Verdict.VALID); // kept within maxLength
        });
        int forms = HostileValues.invalidFormats("date").length;
        long formatCases = p.cases().stream().filter(c -> c.strategy().startsWith("string.format_invalid.")
                && c.strategy().endsWith("@/d")).count();
        assertThat(formatCases).isEqualTo(forms);
        assertThat(p.cases().stream().filter(c -> c.strategy().startsWith("string.format_invalid."))
                .map(CoverageCase::verdict)).containsOnly(Validation.Verdict.INVALID);
        assertThat(p.classes()).doesNotContain("string.format_invalid.1@/s");
        assertThat(strategies(p)).noneMatch(s -> s.startsWith("string.format_invalid") && s.endsWith("@/s"));
    }

    @Test
    void enumsBooleansArraysAndObjectsGetTheirClasses() {
        CoveragePlan p = plan("{\"type\":\"object\",\"properties\":{"
                + "\"mode\":{\"type\":\"string\",\"enum\":[\"fast\",\"safe\"]},\"on\":{\"type\":\"boolean\"},"
                + "\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":1,\"maxItems\":3,"
                + "\"uniqueItems\":true}},\"required\":[\"mode\",\"on\"],\"additionalProperties\":false}", 5);
        assertThat(at(only(p, "enum.value.1@/mode"), "/mode").asString()).isEqualTo("fast");
        assertThat(at(only(p, "enum.value.2@/mode"), "/mode").asString()).isEqualTo("safe");
        assertThat(at(only(p, "enum.near_miss.case@/mode"), "/mode").asString()).isEqualTo("FAST");
        assertThat(at(only(p, "enum.near_miss.trailing_space@/mode"), "/mode").asString()).isEqualTo("fast ");
        assertThat(at(only(p, "enum.near_miss.leading_space@/mode"), "/mode").asString()).isEqualTo(" fast");
        assertThat(at(only(p, "boolean.true@/on"), "/on").booleanValue()).isTrue();
        assertThat(at(only(p, "boolean.false@/on"), "/on").booleanValue()).isFalse();
        assertThat(at(only(p, "array.empty@/tags"), "/tags").size()).isZero();
        assertThat(at(only(p, "array.min_items_minus_one@/tags"), "/tags").size()).isZero();
        assertThat(at(only(p, "array.max_items@/tags"), "/tags").size()).isEqualTo(3);
        assertThat(at(only(p, "array.max_items_plus_one@/tags"), "/tags").size()).isEqualTo(4);
        JsonNode dup = at(only(p, "array.duplicates@/tags"), "/tags");
        assertThat(dup.get(0)).isEqualTo(dup.get(1));
        assertThat(only(p, "array.duplicates@/tags").verdict()).isEqualTo(Validation.Verdict.INVALID);
        assertThat(only(p, "object.missing_required@/mode").value().has("mode")).isFalse();
        assertThat(only(p, "object.missing_required@/on").value().has("on")).isFalse();
        assertThat(only(p, "object.extra_property").value().has(CoverageClasses.EXTRA_KEY)).isTrue();
        assertThat(only(p, "object.extra_property").verdict()).isEqualTo(Validation.Verdict.INVALID);
        for (String field : List.of("mode", "on", "tags")) {
            assertThat(at(only(p, "field.null@/" + field), "/" + field).isNull()).isTrue();
        }
    }

    @Test
    void eachCaseChangesOnlyItsOwnLocation() {
        JsonNode base = Json.parse("{\"name\":\"alice\",\"config\":{\"options\":{\"enabled\":false,\"depth\":7}}}");
        CoveragePlan p = new CoveragePlanner(9).plan("tool", NESTED, base, ALL);
        for (CoverageCase c : p.cases()) {
            if (c.edgeClass().equals(CoverageCase.PAIR) || c.edgeClass().equals("object.extra_property")) {
                continue;
            }
            String pointer = c.strategy().substring(c.strategy().indexOf('@') + 1);
            for (String other : List.of("/name", "/config/options/enabled", "/config/options/depth")) {
                if (!other.startsWith(pointer) && !pointer.startsWith(other)) {
                    assertThat(c.value().at(other)).as(c.strategy() + " at " + other).isEqualTo(base.at(other));
                }
            }
        }
    }

    @Test
    void leavesOfANestedObjectArePairedSoThatEveryPairOfValuesOccurs() {
        CoveragePlan p = new CoveragePlanner(2).plan("tool", NESTED, null, ALL);
        assertThat(strategies(p)).contains("pair(/config/options/enabled=true,/config/options/depth=-1)");
        Set<String> seen = new HashSet<>();
        p.cases().stream().filter(c -> c.edgeClass().equals(CoverageCase.PAIR)).forEach(c ->
                seen.add(at(c, "/config/options/enabled") + "," + at(c, "/config/options/depth")));
        for (String flag : List.of("true", "false")) {
            for (String depth : List.of("0", "-1", "1", "-0.0")) {
                assertThat(seen).contains(flag + "," + depth);
            }
        }
        assertThat(p.pairs()).isEqualTo(8);
        assertThat(p.classes()).contains(CoverageCase.PAIR);
    }

    @Test
    void pairCoverCoversEveryPairOfThreeFactors() {
        int[] sizes = {3, 4, 2};
        List<int[]> rows = PairCover.rows(sizes);
        for (int i = 0; i < sizes.length; i++) {
            for (int j = i + 1; j < sizes.length; j++) {
                for (int a = 0; a < sizes[i]; a++) {
                    for (int b = 0; b < sizes[j]; b++) {
                        int fi = i;
                        int fj = j;
                        int va = a;
                        int vb = b;
                        assertThat(rows).anyMatch(r -> r[fi] == va && r[fj] == vb);
                    }
                }
            }
        }
        assertThat(rows.size()).isLessThan(3 * 4 * 2).isGreaterThanOrEqualTo(12);
        assertThat(PairCover.rows(new int[] {5})).isEmpty();
    }

    @Test
    void theSameSeedGivesTheSameCasesAndAnotherSeedOtherFillValues() {
        CoveragePlan a = new CoveragePlanner(7).plan("tool", NESTED, null, ALL);
        CoveragePlan b = new CoveragePlanner(7).plan("tool", NESTED, null, ALL);
        assertThat(b.cases()).isEqualTo(a.cases());
        CoveragePlan c = new CoveragePlanner(8).plan("tool", NESTED, null, ALL);
        assertThat(strategies(c)).isEqualTo(strategies(a));
        assertThat(c.cases().stream().map(CoverageCase::value).toList())
                .isNotEqualTo(a.cases().stream().map(CoverageCase::value).toList());
    }

    @Test
    void theBudgetCutsPairsFirstAndCountsWhatItCut() {
        CoveragePlan all = new CoveragePlanner(4).plan("tool", NESTED, null, ALL);
        int singles = all.cases().size() - all.pairs();
        assertThat(all.cut()).isZero();
        assertThat(all.total()).isEqualTo(all.cases().size());

        CoveragePlan some = new CoveragePlanner(4).plan("tool", NESTED, null, singles + 3);
        assertThat(some.cases()).hasSize(singles + 3);
        assertThat(some.pairs()).isEqualTo(3);
        assertThat(some.cut()).isEqualTo(all.pairs() - 3);

        CoveragePlan few = new CoveragePlanner(4).plan("tool", NESTED, null, 6);
        assertThat(few.cases()).hasSize(6);
        assertThat(few.pairs()).isZero();
        assertThat(few.cut()).isEqualTo(all.total() - 6);
        // round-robin: the first cases are the first class of each location in turn
        assertThat(few.cases().stream().map(CoverageCase::strategy).toList()).containsExactly(
                "object.extra_property", "string.empty@/name", "object.extra_property@/config",
                "object.extra_property@/config/options", "boolean.true@/config/options/enabled",
                "number.zero@/config/options/depth");
        assertThat(few.cases()).isEqualTo(all.cases().subList(0, 6));

        CoveragePlan none = new CoveragePlanner(4).plan("tool", NESTED, null, 0);
        assertThat(none.cases()).isEmpty();
        assertThat(none.cut()).isEqualTo(all.total());
        assertThat(none.classes()).isEmpty();
    }
}
