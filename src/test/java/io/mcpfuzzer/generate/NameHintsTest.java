package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** Realistic values follow what a parameter's name suggests, by whole tokens. */
class NameHintsTest {
    static Stream<Arguments> hints() {
        return Stream.of(
                Arguments.of("filePath", "string", (Predicate<JsonNode>) v -> v.asString().matches(".*[/.].*")),
                Arguments.of("url", "string", (Predicate<JsonNode>) v -> v.asString().startsWith("http")),
                Arguments.of("email", "string", (Predicate<JsonNode>) v -> v.asString().matches("[^@\\s]+@[^@\\s]+\\.[a-z]+")),
                Arguments.of("userId", "string", (Predicate<JsonNode>) v -> !v.asString().isBlank()),
                Arguments.of("city", "string", (Predicate<JsonNode>) v -> Character.isUpperCase(v.asString().charAt(0))),
                Arguments.of("startDate", "string", (Predicate<JsonNode>) v -> v.asString().matches("\\d{4}-\\d{2}-\\d{2}")),
                Arguments.of("limit", "integer", (Predicate<JsonNode>) v -> v.asLong() >= 1 && v.asLong() <= 100),
                Arguments.of("port", "integer", (Predicate<JsonNode>) v -> v.asLong() >= 1024 && v.asLong() <= 65535),
                // firecrawl-mcp 3.26 declares limit and offset as "number" and rejects fractions
                Arguments.of("limit", "number", (Predicate<JsonNode>) v -> v.canConvertToExactIntegral() && v.asLong() >= 1
                        && v.asLong() <= 100),
                Arguments.of("offset", "number", (Predicate<JsonNode>) JsonNode::canConvertToExactIntegral),
                // counted things in the plural are whole too
                Arguments.of("maxPages", "number", (Predicate<JsonNode>) JsonNode::canConvertToExactIntegral),
                Arguments.of("max_tokens", "number", (Predicate<JsonNode>) JsonNode::canConvertToExactIntegral));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hints")
    void namesSuggestValues(String name, String type, Predicate<JsonNode> check) {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"" + name + "\":{\"type\":\"" + type + "\"}},"
                + "\"required\":[\"" + name + "\"]}");
        ToolInputPlanner planner = new ToolInputPlanner(11);
        int matching = 0;
        for (int run = 0; run < 100; run++) {
            GeneratedInput input = planner.plan("hint", schema, Phase.REALISTIC, run);
            assertThat(input.valid()).isTrue();
            matching += check.test(input.value().get(name)) ? 1 : 0;
        }
        assertThat(matching).as(name).isGreaterThanOrEqualTo(70);
    }

    /** A fraction stays realistic where the name or the bounds leave no room for whole values. */
    @Test
    void fractionsWhereNameOrBoundsCallForThem() {
        for (String property : List.of("{\"top_p\":{\"type\":\"number\",\"minimum\":0,\"maximum\":1}}",
                "{\"limit\":{\"type\":\"number\",\"minimum\":0,\"exclusiveMaximum\":1}}",
                "{\"delay_seconds\":{\"type\":\"number\"}}")) {
            JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":" + property + "}");
            String name = schema.path("properties").propertyNames().iterator().next();
            ToolInputPlanner planner = new ToolInputPlanner(11);
            int fractions = 0;
            for (int run = 0; run < 60; run++) {
                JsonNode v = planner.plan("hint", schema, Phase.REALISTIC, run).value().get(name);
                fractions += v != null && !v.canConvertToExactIntegral() ? 1 : 0;
            }
            assertThat(fractions).as(property).isPositive();
        }
    }

    @Test
    void tokensSplitCamelSnakeAndKebabCase() {
        assertThat(NameHints.tokens("filePath")).containsExactly("file", "path");
        assertThat(NameHints.tokens("max_results-count")).containsExactly("max", "results", "count");
        assertThat(NameHints.tokens("width")).containsExactly("width");
        assertThat(NameHints.integerRange("width")).containsExactly(1, 4096);
        assertThat(NameHints.string("hidden", new java.util.SplittableRandom(1))).isNull();
    }

    @Test
    void toolsWithoutDeclaredArgumentsGetAnEmptyObject() {
        ToolInputPlanner planner = new ToolInputPlanner(3);
        for (String schema : new String[] {"{\"type\":\"object\"}", "{\"type\":\"object\",\"properties\":{}}"}) {
            for (int run = 0; run < 20; run++) {
                assertThat(planner.plan("noargs", Json.parse(schema), Phase.REALISTIC, run).value()).isEmpty();
            }
        }
    }

    /** mcp-server-sqlite-npx 0.8: write_query refuses SELECT, create_table takes a CREATE TABLE statement. */
    @Test
    void sqlFollowsWhatTheToolTakes() {
        for (int seed = 0; seed < 20; seed++) {
            java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
            assertThat(NameHints.string("query", "INSERT, UPDATE, or DELETE SQL query to execute", "write query",
                    RealisticHints.none(), r)).matches("(INSERT|UPDATE) .*" + SqlHints.PROBE_TABLE + ".*");
            assertThat(NameHints.string("query", "CREATE TABLE SQL statement", "create table", RealisticHints.none(), r))
                    .startsWith("CREATE TABLE IF NOT EXISTS " + SqlHints.PROBE_TABLE);
            assertThat(NameHints.string("query", "SELECT SQL query to execute", "read query", RealisticHints.none(), r))
                    .startsWith("SELECT");
            assertThat(NameHints.string("sql", "Any SQL: SELECT, INSERT, UPDATE or DELETE", "execute", RealisticHints.none(),
                    r)).startsWith("SELECT");
            assertThat(NameHints.string("query", "Read-only SQL; INSERT, UPDATE, DELETE are not allowed", "query",
                    RealisticHints.none(), r)).startsWith("SELECT");
        }
    }

    /** @zereight/mcp-gitlab 2.1: safe-integer bounds from zod, and the meaningful values in the description. */
    @Test
    void describedValuesAndTypeBoundsGiveRealisticIntegers() {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"push_access_level\":{\"type\":\"integer\","
                + "\"minimum\":-9007199254740991,\"maximum\":9007199254740991,\"description\":\"Access level for pushing "
                + "(0=No access, 30=Developer, 40=Maintainer, 60=Admin).\"},\"per_page\":{\"type\":\"integer\","
                + "\"minimum\":-9007199254740991,\"maximum\":9007199254740991}},\"required\":[\"push_access_level\","
                + "\"per_page\"]}");
        ToolInputPlanner planner = new ToolInputPlanner(5);
        int listed = 0;
        int small = 0;
        for (int run = 0; run < 100; run++) {
            JsonNode v = planner.plan("protect_branch", schema, Phase.REALISTIC, run).value();
            listed += List.of(0L, 30L, 40L, 60L).contains(v.get("push_access_level").asLong()) ? 1 : 0;
            small += Math.abs(v.get("per_page").asLong()) <= 1_000_000 ? 1 : 0;
        }
        assertThat(listed).isGreaterThanOrEqualTo(70);
        assertThat(small).isEqualTo(100);
        assertThat(DescribedNumbers.of("1: low, 2: high")).containsExactly(1L, 2L);
        assertThat(DescribedNumbers.of("Between 1 and 100 (default 10)")).isEmpty();
        assertThat(DescribedNumbers.of("Version 2.1 (stable)")).isEmpty();
    }

    /** @zereight/mcp-gitlab 2.1, download_attachment: "The filename of the upload" refuses separators. */
    @Test
    void aFilenameIsANameAndAPathStaysAPath() {
        RealisticHints hints = new RealisticHints("/srv/root", List.of("/srv/root/sample-data.json"));
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        assertThat(NameHints.string("filename", "The filename of the upload", "download attachment", hints, r))
                .isEqualTo("sample-data.json");
        assertThat(NameHints.string("filename", "Absolute path of the file to read", "read", hints, r))
                .isEqualTo("/srv/root/sample-data.json");
        assertThat(NameHints.string("file_path", "The file", "read", hints, r)).isEqualTo("/srv/root/sample-data.json");
    }
}
