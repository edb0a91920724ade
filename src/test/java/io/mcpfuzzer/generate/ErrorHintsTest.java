package io.mcpfuzzer.generate;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** What {@link ErrorHints} takes from error answers, on texts real servers wrote and on hostile ones. */
@Timeout(30)
class ErrorHintsTest {
    private static final String DBHUB = "{\"success\": false, \"error\": \"Schema 'travel plans zephyr 13' does not"
            + " exist. Available schemas: main\", \"code\": \"SCHEMA_NOT_FOUND\"}";

    private static ObjectNode toolError(String text) {
        ObjectNode r = Json.object();
        r.putArray("content").addObject().put("type", "text").put("text", text);
        return r.put("isError", true);
    }

    private static List<ErrorHint> tool(String text, String input) {
        return ErrorHints.fromResult(toolError(text), Json.parse(input));
    }

    private static List<ErrorHint> rpc(String message, String input) {
        return ErrorHints.fromError(Json.object().put("code", -32602).put("message", message), Json.parse(input));
    }

    private static ErrorHint hint(String noun, String... values) {
        return new ErrorHint(noun, List.of(values));
    }

    @Test
    void dbhubsSchemaErrorNamesMainAndNotTheEchoedSchema() {
        assertThat(tool(DBHUB, "{\"object_type\":\"table\",\"schema\":\"travel plans zephyr 13\"}"))
                .containsExactly(hint("schema", "main"));
    }

    @Test
    void wordingsOfOtherServers() {
        assertThat(tool("Invalid mode 'fast'. Valid values are: a, b, c", "{\"mode\":\"fast\"}"))
                .as("no noun: the parameter whose value is echoed").containsExactly(hint("mode", "a", "b", "c"));
        assertThat(tool("format must be one of: png, jpeg", "{}")).containsExactly(hint("format", "png", "jpeg"));
        assertThat(rpc("Invalid kind \"qz\": Expected one of 'x' | 'y'", "{\"kind\":\"qz\",\"n\":3}"))
                .containsExactly(hint("kind", "x", "y"));
        assertThat(rpc("Invalid enum value. Expected 'asc' | 'desc', received 'up'", "{\"order\":\"up\"}"))
                .containsExactly(hint("order", "asc", "desc"));
        assertThat(tool("Unknown table 'user'. Did you mean 'users'?", "{\"table\":\"user\"}"))
                .containsExactly(hint("table", "users"));
        assertThat(tool("Error: Supported formats: png, jpeg.", "{}")).containsExactly(hint("format", "png", "jpeg"));
        assertThat(tool("Available tables: users, orders", "{}")).containsExactly(hint("table", "users", "orders"));
        assertThat(rpc("Unknown region 'x'. Available regions: eu-west-1, us-east-1", "{\"region\":\"x\"}"))
                .containsExactly(hint("region", "eu-west-1", "us-east-1"));
        assertThat(tool("Valid values for 'unit': `celsius`, `fahrenheit` or `kelvin`", "{}"))
                .containsExactly(hint("unit", "celsius", "fahrenheit", "kelvin"));
        assertThat(tool("Database not found. Available databases:\n- analytics\n- main (default)\nTry again.", "{}"))
                .containsExactly(hint("database", "analytics", "main"));
        assertThat(tool("{\"error\": \"not found\", \"available_schemas\": [\"main\", \"sales\"]}", "{}"))
                .containsExactly(hint("schema", "main", "sales"));
    }

    @Test
    void onlyErrorAnswersCount() {
        ObjectNode fine = Json.object();
        fine.putArray("content").addObject().put("type", "text").put("text", "Available schemas: main");
        assertThat(ErrorHints.fromResult(fine, Json.object())).as("a successful answer").isEmpty();
        ObjectNode shaped = Json.object();
        shaped.putArray("content").addObject().put("type", "text").put("text", DBHUB);
        assertThat(ErrorHints.fromResult(shaped, Json.object())).as("error-shaped, without isError")
                .containsExactly(hint("schema", "main"));
        ObjectNode refusal = Json.object();
        refusal.putArray("content").addObject().put("type", "text").put("text", "Unknown schema. Available schemas: x1");
        assertThat(ErrorHints.fromResult(refusal, Json.object())).containsExactly(hint("schema", "x1"));
    }

    @Test
    void ourOwnValuesAreNeverHints() {
        String input = "{\"schema\":\"travel plans zephyr 13\",\"filter\":{\"name\":\"Users\"}}";
        assertThat(tool("Schema 'travel plans zephyr 13' does not exist. Did you mean 'travel plans zephyr 13'?",
                input)).isEmpty();
        assertThat(tool("Available schemas: 'main', 'travel plans zephyr 13', 'users'", input))
                .as("any string of the input, case ignored").containsExactly(hint("schema", "main"));
    }

    /** Realistic runs carry hints: a traversal, a rooted path or shell syntax is never one, nor our echo trimmed. */
    @Test
    void hostileValuesAndTrimmedEchoesAreNeverHints() {
        assertThat(tool("Available commands: 'rm -rf /; ls', 'status', 'echo $HOME'", "{}"))
                .containsExactly(hint("command", "status"));
        assertThat(tool("Supported paths: '/root/.ssh/id_rsa', 'docs/a.md', '../../x', '~/.aws/credentials'", "{}"))
                .containsExactly(hint("path", "docs/a.md"));
        assertThat(tool("Unknown schema ' users '. Available schemas: 'users', 'main'", "{\"schema\":\" users \"}"))
                .containsExactly(hint("schema", "main"));
    }

    @Test
    void listsWithoutANounOrAnEchoAreDropped() {
        assertThat(tool("Valid values are: a, b", "{}")).isEmpty();
        assertThat(tool("Did you mean 'foo'?", "{\"x\":\"zzzz\"}")).isEmpty();
    }

    @Test
    void proseIsNoList() {
        assertThat(tool("Available memory is low, please close some of the other running programs first", "{}"))
                .isEmpty();
        assertThat(tool("There are known problems with this tool", "{}")).isEmpty();
    }

    @Test
    void anEchoIsAWholeValueNotPartOfAWord() {
        assertThat(tool("Region 'mars-1' is not enabled for this account. Valid values: eu-west-1, us-east-1",
                "{\"region\":\"mars-1\",\"lang\":\"en\"}")).as("'en' of 'enabled' is no echo of lang")
                .containsExactly(hint("region", "eu-west-1", "us-east-1"));
        assertThat(tool("Unknown mode 'fast'. Valid values are: a, b", "{\"mode\":\"fast\",\"kind\":\"al\"}"))
                .containsExactly(hint("mode", "a", "b"));
    }

    @Test
    void oneBareWordAfterIsIsNoList() {
        assertThat(tool("Error: A valid ID is required", "{}")).as("would go to every *_id parameter").isEmpty();
        assertThat(tool("Error: Valid API key is required", "{}")).isEmpty();
        assertThat(tool("Error: valid path is not set", "{}")).isEmpty();
        assertThat(tool("Available memory is low", "{}")).isEmpty();
        assertThat(tool("Error: Supported format is 'png'", "{}")).containsExactly(hint("format", "png"));
        assertThat(tool("Error: Supported formats are png, jpeg", "{}")).containsExactly(hint("format", "png", "jpeg"));
        assertThat(tool("Error: Valid values for 'unit' are: celsius", "{}")).containsExactly(hint("unit", "celsius"));
        assertThat(tool("Error: Available schemas: main", "{}")).containsExactly(hint("schema", "main"));
    }

    @Test
    void aJsonTextCountsOnceAgainstTheBudget() {
        String text = Json.write(Json.object().put("detail", "x ".repeat(4_500))
                .put("error", "Available schemas: main"));
        assertThat(text.length()).isLessThan(ErrorHints.MAX_TEXT);
        assertThat(tool(text, "{}")).as("as it would be as plain text").containsExactly(hint("schema", "main"));
    }

    @Test
    void hostileTexts() {
        assertThat(tool(",".repeat(100_000), "{}")).isEmpty();
        assertThat(tool("Available schemas: " + ",".repeat(100_000), "{}")).isEmpty();
        StringBuilder many = new StringBuilder("Available schemas: ");
        for (int i = 0; i < 10_000; i++) {
            many.append(i == 0 ? "" : ", ").append("s").append(i);
        }
        List<ErrorHint> cut = tool(many.toString(), "{}");
        assertThat(cut).hasSize(1);
        assertThat(cut.get(0).values()).hasSize(HintScanner.MAX_VALUES).startsWith("s0", "s1").endsWith("s15");
        assertThat(tool("Available schemas: '\"main\"', \"it's\", 'a'b', '''", "{}"))
                .as("nested quotes: each value is what its own quotes hold")
                .containsExactly(hint("schema", "\"main\"", "it's", "a"));
        assertThat(tool("Available schemas: '" + "x".repeat(200) + "', main", "{}")).as("a value too long ends the list")
                .isEmpty();
        assertThat(tool("Available schemas: " + "x".repeat(101) + ", main", "{}")).isEmpty();
        String repeated = "Available schemas: a, b. ".repeat(1_000);
        assertThat(tool(repeated, "{}")).as("at most " + HintScanner.MAX_HINTS + " per text").hasSize(HintScanner.MAX_HINTS);
        assertThat(tool(("available one of did you mean expected valid " + " ".repeat(1_000)).repeat(100), "{}"))
                .isEmpty();
        assertThat(tool("Available schemas: main\u0000x, ok", "{}")).containsExactly(hint("schema", "ok"));
    }

    @Test
    void theScannerIsLinearOnHugeHostileText() {
        String[] shapes = {",", "Available x: ", "one of '", "a, ", "Did you mean ", "'\"`", "- a\n", "must be one of "};
        for (String shape : shapes) {
            String text = shape.repeat(1_000_000 / shape.length());
            assertThat(HintScanner.scan(text)).as(shape).hasSizeLessThanOrEqualTo(HintScanner.MAX_HINTS);
        }
    }

    @Test
    void theTextScannedIsCut() {
        String late = " ".repeat(ErrorHints.MAX_TEXT) + "Available schemas: main";
        assertThat(tool(late, "{}")).isEmpty();
        ObjectNode blocks = Json.object().put("isError", true);
        for (int i = 0; i < 20; i++) {
            blocks.withArray("content").addObject().put("type", "text").put("text", "Available s" + i + "s: v" + i);
        }
        assertThat(ErrorHints.fromResult(blocks, Json.object())).hasSize(ErrorHints.MAX_HINTS);
    }

    @Test
    void jsonRpcErrorData() {
        JsonNode error = Json.parse("{\"code\":-32602,\"message\":\"Invalid params\","
                + "\"data\":{\"detail\":\"Unknown collection 'x'. Available collections: books, films\"}}");
        assertThat(ErrorHints.fromError(error, Json.parse("{\"collection\":\"x\"}")))
                .containsExactly(hint("collection", "books", "films"));
    }
}
