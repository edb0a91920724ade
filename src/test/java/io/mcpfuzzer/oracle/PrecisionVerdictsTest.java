package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Severity follows evidence: SDK validation answers, garbage successes, echoed leaks and unhonoured schemas. */
class PrecisionVerdictsTest {
    private static final String ZOD = "MCP error -32602: Input validation error: Invalid arguments for tool %s: "
            + "[{\"code\": \"invalid_type\", \"expected\": \"string\", \"received\": \"number\", \"path\": [\"%s\"], "
            + "\"message\": \"Expected string, received number\"}]";

    private static Reply error(int code, String message) {
        return Replies.error(code, message);
    }

    private static Reply text(String text, boolean isError) {
        return Replies.text(text, isError);
    }

    private static List<Finding> judge(String tool, JsonNode input, Boolean valid, Reply reply) {
        return new Classifier().judge(new Observation("tool", tool, 0, "aggressive", input, null, valid, "x", reply,
                null)).findings();
    }

    @Test
    void sdkValidationAnswersAreOneLowFindingPerServer() {
        FindingCollector c = new FindingCollector();
        for (String tool : List.of("echo", "add", "search_files")) {
            judge(tool, Json.object().put("q", 1), false, error(-32603, ZOD.formatted(tool, "q"))).forEach(c::add);
        }
        assertThat(c.snapshot()).singleElement().satisfies(f -> {
            assertThat(f.category()).isEqualTo("internal_error");
            assertThat(f.severity()).isEqualTo(Severity.LOW);
            assertThat(f.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(3);
        });
        assertThat(judge("echo", Json.object(), true, error(-32603, ZOD.formatted("echo", "q"))))
                .as("a valid input rejected so stays medium").extracting(Finding::severity).containsExactly(Severity.MEDIUM);
        assertThat(judge("echo", Json.object(), false, error(-32603, "Cannot read properties of undefined")))
                .as("a real internal error").extracting(Finding::severity).containsExactly(Severity.MEDIUM);
        // notion-mcp-server 2.5.2, API-get-self (no parameters) given a 101-level extra property: a depth limit
        assertThat(judge("API-get-self", Json.object(), true, error(-32603,
                "Object is too deeply nested (101 levels). Max depth: 100")))
                .as("a nesting limit on a valid input is low").extracting(Finding::severity).containsExactly(Severity.LOW);
    }

    /** server-everything's, zod 4's and notion's rejections answered with -32603: the wrong code for a bad request, low. */
    @Test
    void rejectionsOfWhatTheRequestNamedAreLow() {
        for (String message : List.of("Invalid resourceType: value-36. Must be Text or Blob.", "Invalid URL",
                "Unknown resource: demo://resource/dynamic/blob/$(id)",
                "[{\"code\": \"invalid_value\", \"values\": [\"debug\"], \"path\": [\"level\"]}]",
                "Object is too deeply nested (101 levels). Max depth: 100", // notion-mcp-server 2.5.2
                "Arguments are required", // @modelcontextprotocol/server-github 2025.4.8, tools/call without arguments
                "Invalid resource URI", // @modelcontextprotocol/server-postgres 0.6.2, a URI it never listed
                "Resource demo://x not found", "Resource not found", "Tool 'x y' not found")) {
            List<Finding> fs = new Classifier().judge(new Observation("prompt", "resource-prompt", 0, "aggressive",
                    Json.object().put("resourceType", "value-36"), null, null, "x", error(-32603, message), null))
                    .findings();
            assertThat(fs).as(message).extracting(Finding::severity).containsExactly(Severity.LOW);
        }
    }

    /**
     * @negokaz/excel-mcp-server 0.12.0 (mcp-go) answers a path it cannot open with -32603: one low root cause
     * per server, whatever the wording of the file error, and a valid input's file of the wrong format too.
     */
    @Test
    void aFileTheInputNamedThatCannotBeOpenedIsOneLowCausePerServer() {
        FindingCollector c = new FindingCollector();
        String root = "/srv/fsroot/";
        for (String[] call : List.of(new String[] {root + "x{{7*7}}", "open %s: no such file or directory"},
                new String[] {root, "read %s: is a directory"},
                new String[] {root + "a".repeat(300), "open %s: file name too long"},
                new String[] {root + "readme.md", "zip: not a valid zip file"},
                new String[] {root + "a\u0000b.json", "open %s: invalid argument"},
                new String[] {root + "x/\r\nsample.csv", "open %s: no such file or directory"}, // a CRLF in the path
                new String[] {root + "sample.csv/".repeat(6000), "open %s: file name too long"}, // 66 KB, echoed whole
                new String[] {root + "a(//user)", "open /srv/fsroot/a(/user): no such file or directory"})) {
            JsonNode input = Json.object().put("fileAbsolutePath", call[0]);
            judge("excel_describe_sheets", input, true, error(-32603, call[1].formatted(call[0]))).forEach(c::add);
        }
        assertThat(c.snapshot()).singleElement().satisfies(f -> {
            assertThat(f.severity()).isEqualTo(Severity.LOW);
            assertThat(f.signature()).isEqualTo("-32603:file_access");
        });
        // a schema-valid name that names nothing is low too (@jpisnice/shadcn-ui-mcp-server 2.0.0, get_component)
        for (String name : List.of("buton", "")) {
            assertThat(judge("get_component", Json.object().put("componentName", name), true, error(-32603,
                    "Failed to get component \"%s\": Component \"%s\" not found in v4 registry".formatted(name, name))))
                    .singleElement().satisfies(f -> {
                        assertThat(f.severity()).isEqualTo(Severity.LOW);
                        assertThat(f.signature()).isEqualTo("-32603:unknown_name");
                    });
        }
        // what the server misses of its own, not named by the request, stays a medium internal error
        JsonNode city = Json.object().put("city", "Paris");
        for (String own : List.of("ENOENT: no such file or directory, open '/home/app/.config/weather-mcp/config.json'",
                "Environment variable 'OPENAI_MODEL' not found", "read config: invalid argument",
                "Binder Error: Referenced column \"secret\" not found in FROM clause!")) {
            assertThat(judge("weather", city, true, error(-32603, own))).as(own).extracting(Finding::severity)
                    .contains(Severity.MEDIUM);
        }
        // an echo elsewhere in the message is no operand; an empty value is no path
        assertThat(judge("search", Json.object().put("query", "golang generics"), true, error(-32603,
                "search \"golang generics\": open /home/app/.config/idx/token.json: no such file or directory")))
                .extracting(Finding::severity).contains(Severity.MEDIUM);
        assertThat(judge("convert", Json.object().put("units", ""), true, error(-32603,
                "[Errno 2] No such file or directory: ''"))).extracting(Finding::severity).contains(Severity.MEDIUM);
        assertThat(judge("convert", Json.object().put("v", "1.5"), true, error(-32603,
                "not a valid json file: /etc/app/settings.json"))).extracting(Finding::severity).contains(Severity.MEDIUM);
        // numbers and unquoted names count; relative paths resolved below a root too
        for (Object[] named : new Object[][] {{Json.object().put("id", 42), "Resource 42 not found"},
                {Json.object().put("project_id", 42), "Project \"42\" not found"},
                {Json.object().put("id", "abc"), "Resource abc not found"},
                {Json.object().put("path", "./docs/a.md"), "ENOENT: no such file or directory, open '/srv/docs/a.md'"},
                {Json.object().put("file", "a.md"), "open /vault/a.md: no such file or directory"},
                {Json.object().put("file", "docs//./readme.md"), "open /srv/docs/readme.md: no such file or directory"}}) {
            assertThat(judge("lookup", (JsonNode) named[0], true, error(-32603, (String) named[1]))).as((String) named[1])
                    .filteredOn(f -> f.category().equals("internal_error")).extracting(Finding::severity)
                    .containsExactly(Severity.LOW);
        }
        assertThat(judge("weather", city, true, error(-32603, "zip: not a valid zip file")))
                .as("a wrong format with no file in the request").extracting(Finding::severity).contains(Severity.MEDIUM);
        // the wording only in what the fuzzer sent, echoed back (escapable characters too): no file error of the server's
        for (String sent : List.of("no such file or directory", "no such file or directory\n\"x\"")) {
            assertThat(judge("echo", Json.object().put("q", sent), true,
                    error(-32603, "crashed on " + sent))).as(sent).extracting(Finding::severity)
                    .containsExactly(Severity.MEDIUM);
        }
    }

    /** A shell's "not found" after a tool's name is no request naming something unknown: input reached a shell. */
    @Test
    void aShellNotFoundInAToolErrorIsNoValidation() {
        assertThat(ValidationText.isValidation("Error executing tool git_log: /bin/sh: 1: fuzz: not found")).isFalse();
        assertThat(ValidationText.isValidation("subresource x not found")).isFalse();
        assertThat(ValidationText.isValidation("Prompt \"daily\" not found")).isTrue();
    }

    /** @zereight/mcp-gitlab 2.1 checks arguments that go together by hand and answers -32603. */
    @Test
    void checksOfArgumentsThatGoTogetherAreValidation() {
        assertThat(ValidationText.isValidation("Either 'search' or 'query' must be provided")).isTrue();
        assertThat(ValidationText.isValidation("Either mergeRequestIid or branchName must be provided")).isTrue();
        assertThat(ValidationText.isValidation("Use either name or context when creating a commit status, not both."))
                .isTrue();
        assertThat(ValidationText.isValidation("No project ID provided and GITLAB_PROJECT_ID is not set")).isTrue();
        assertThat(ValidationText.isValidation("Either the disk is full or the quota is exhausted")).isFalse();
        // @tacticlaunch/mcp-linear 1.4's prompts
        assertThat(ValidationText.isValidation("draft-project-update requires projectId")).isTrue();
        assertThat(ValidationText.isValidation("triage-issue requires issue_id")).isTrue();
        assertThat(ValidationText.isValidation("this operation requires authentication")).isFalse();
        // a missing credential blames the set-up, whatever the wording
        for (String credential : List.of("No API key provided", "An API key must be provided", "client requires apiKey",
                "no auth token provided")) {
            assertThat(ValidationText.isValidation(credential)).as(credential).isFalse();
        }
    }

    /** mcp-linear answers a resource it does not have with -32603 "Unsupported resource URI: x". */
    @Test
    void anUnsupportedResourceUriIsAnUnknownName() {
        String message = "Unsupported Linear resource URI: linear://teams%00.txt";
        assertThat(ValidationText.isUnknownName(message)).isTrue();
        assertThat(SuppliedNames.namedName(message, Json.object().put("uri", "linear://teams%00.txt"))).isTrue();
        assertThat(SuppliedNames.namedName("Unsupported resource URI: http://127.0.0.1:1/",
                Json.object().put("uri", "http://127.0.0.1:1/"))).isTrue();
        assertThat(SuppliedNames.namedName(message, Json.object().put("uri", "linear://teams"))).isFalse();
        // a protocol case is sent as a raw frame
        assertThat(SuppliedNames.namedName("Unsupported resource URI: test://static/resource/1", null,
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"resources/read\",\"params\":{\"uri\":"
                        + "\"test://static/resource/1\"}}")).isTrue();
    }

    /** server-slack 2025.4.25 refuses a missing argument in a normal result; every tool does the same. */
    @Test
    void aRefusalInANormalResultIsOneUnflaggedErrorPerServer() {
        FindingCollector c = new FindingCollector();
        judge("slack_get_channel_history", Json.object().put("limit", 64), false,
                text("{\"error\":\"Missing required argument: channel_id\"}", false)).forEach(c::add);
        judge("slack_add_reaction", Json.object(), false, text("Error: reaction is required", false)).forEach(c::add);
        judge("slack_get_users", Json.object().put("cursor", 1), false,
                text("Invalid arguments: cursor must be a string", false)).forEach(c::add);
        assertThat(c.snapshot()).singleElement().satisfies(f -> {
            assertThat(f.category()).isEqualTo("unflagged_tool_error");
            assertThat(f.severity()).isEqualTo(Severity.LOW);
            assertThat(f.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(3);
            assertThat(f.evidence()).containsKey("error_text");
        });
        assertThat(new Classifier().judge(new Observation("tool", "slack_get_users", 0, "aggressive",
                Json.object().put("cursor", 1), null, false, "x", text("Error: bad cursor", false), null)).outcome())
                .as("the run is a tool error").isEqualTo("tool_error");
        assertThat(judge("div", Json.object().put("a", "x"), false, text("{\"error\":\"x is NaN\"}", false)))
                .as("a refusal mentioning NaN is no garbage").extracting(Finding::category)
                .containsExactly("unflagged_tool_error");
        assertThat(judge("get", Json.object().put("k", 1), false,
                text("{\"error\": null, \"data\": {\"id\": 1}, \"status\": \"ok\"}", false)))
                .as("an answer with an empty error member").extracting(Finding::category)
                .containsExactly("accepted_malformed");
        assertThat(judge("get", Json.object().put("k", 1), false,
                text("{\"error\": \"none\", \"a\": 1, \"b\": 2, \"c\": 3}", false)))
                .as("a record with more than an error in it").extracting(Finding::category)
                .containsExactly("accepted_malformed");
        for (String answer : List.of("Errors found: 0", "Error rate: 2%", "Failed jobs: 0", "error_count: 0",
                "Error-free run", "Invalidated 3 cache entries")) {
            assertThat(judge("stats", Json.object().put("k", 1), false, text(answer, false)))
                    .as("an answer that talks about errors: %s", answer).extracting(Finding::category)
                    .containsExactly("accepted_malformed");
        }
        assertThat(judge("echo", Json.object().put("text", "Error: made up"), false, text("Error: made up", false)))
                .as("an echo of the input").extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(judge("greet", Json.object().put("k", 1), false,
                text("Error: Cannot read properties of undefined (reading 'name')", false)))
                .as("a runtime error inside the tool is no refusal").extracting(Finding::category)
                .containsExactlyInAnyOrder("accepted_malformed", "silent_garbage");
        assertThat(judge("echo", Json.object().put("k", 1), true, text("Error: nope", false)))
                .as("a valid input is never judged so").isEmpty();
    }

    @Test
    void garbageInASuccessForAnInvalidInputIsSilentGarbage() {
        JsonNode input = Json.object().put("duration", "soon-ish");
        assertThat(judge("parse_duration", input, false, text("Duration is NaN ms", false)))
                .extracting(Finding::category).containsExactlyInAnyOrder("accepted_malformed", "silent_garbage");
        assertThat(judge("parse_duration", input, false, text("Duration is 9000 ms", false)))
                .extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(judge("echo", Json.object().put("m", "undefined"), false, text("undefined", false)))
                .as("an echo of the input").extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(judge("get", Json.object().put("k", 1), false, text("{\"value\": null}", false)))
                .as("null in JSON text").extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(judge("greet", Json.object().put("k", 1), false, text("Hello, [object Object]!", false)))
                .extracting(Finding::category).contains("silent_garbage");
    }

    /** git-mcp-server, seed 7: a status listing a directory "NaN" that an earlier fuzz call had created. */
    @Test
    void aMarkThatIsAFileNameOrAValueSentEarlierIsNoGarbage() {
        String status = "{\"untracked\": [\"HEAD\", \"NaN/\", \"config\"]}";
        assertThat(judge("status", Json.object().put("path", ""), false, text(status, false)))
                .extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(judge("ls", Json.object().put("path", ""), false, text("files: a.txt b/undefined", false)))
                .extracting(Finding::category).containsExactly("accepted_malformed");

        KnownText known = new KnownText();
        known.recordSent(Json.object().put("name", "undefined")); // an earlier call: mkdir {"name": "undefined"}
        List<Finding> later = new Classifier(known).judge(new Observation("tool", "list", 1, "aggressive",
                Json.object().put("k", 1), null, false, "x", text("dirs: undefined, tmp", false), null)).findings();
        assertThat(later).as("the value was sent before: the server shows what it stored")
                .extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(judge("list", Json.object().put("k", 1), false, text("dirs: undefined, tmp", false)))
                .as("the twin: nothing sent it").extracting(Finding::category).contains("silent_garbage");
    }

    /** A calculator answering "... is NaN" from div, mul and sqrt: one missing input check, one finding. */
    @Test
    void nanFromSeveralToolsIsOneRootCausePerMark() {
        FindingCollector c = new FindingCollector();
        for (String tool : List.of("div", "mul", "sqrt")) {
            judge(tool, Json.object().put("a", "x"), false, text("The result of x is NaN", false)).forEach(c::add);
        }
        judge("greet", Json.object().put("k", 1), false, text("Hello, [object Object]!", false)).forEach(c::add);
        List<Finding> garbage = c.snapshot().stream().filter(f -> f.category().equals("silent_garbage")).toList();
        assertThat(garbage).extracting(f -> f.evidence().get(Finding.COVERS_TOTAL)).containsExactlyInAnyOrder(3, 1);
    }

    @Test
    void aPathTheInputCarriedIsNoLeakWhenEchoed() {
        String path = "/home/alice/project/secret.txt";
        assertThat(judge("check", Json.object().put("file", path), false,
                text("Invalid file '" + path + "': not allowed", true))).isEmpty();
        assertThat(judge("check", Json.object().put("file", "x"), false,
                text("failed at /home/server/app/index.js", true))).extracting(Finding::category)
                .containsExactly("error_leakage");
    }

    /** The demo's SQL error: a stack trace with a SQL error and a path in it is one fault, one finding. */
    @Test
    void oneAnswerLeakingSeveralKindsIsOneFindingNamingThemAll() {
        String message = "SQLException: near \"x'\": syntax error in SELECT * FROM users WHERE id = 'x''\n\tat "
                + "com.example.db.UserDao.find(UserDao.java:42)\n\tat com.example.server.Tools.lookup(Tools.java:17)\n\t"
                + "(database /srv/app/db/users.db)";
        List<Finding> leaks = judge("lookup_user", Json.object().put("id", "x'"), false, text(message, true)).stream()
                .filter(f -> f.category().equals("error_leakage")).toList();
        assertThat(leaks).hasSize(1);
        Finding leak = leaks.get(0);
        assertThat(leak.detail()).startsWith("answer leaks ").contains("java stack trace", "sql error", "file path")
                .contains(" and ");
        assertThat(leak.evidence().get("leak_types")).asList().hasSize(3);
        assertThat(leak.evidence().get("leak_excerpts")).asInstanceOf(
                org.assertj.core.api.InstanceOfAssertFactories.MAP).containsKeys("java_stack_trace", "sql_error",
                        "file_path");
        // the same kinds from another input have the same signature: the main kind
        List<Finding> other = judge("find_user", Json.object().put("id", "y'"), false, text(message.replace("x'",
                "y'"), true)).stream().filter(f -> f.category().equals("error_leakage")).toList();
        assertThat(other.get(0).signature()).isEqualTo(leak.signature()).isEqualTo("java_stack_trace");
        // without the path (the server's frames named a path the fuzzer sent) it is the same root cause
        List<Finding> noPath = judge("lookup_user", Json.object().put("id", "x'"), false, text(message.replace(
                "(database /srv/app/db/users.db)", ""), true)).stream()
                .filter(f -> f.category().equals("error_leakage")).toList();
        assertThat(noPath).singleElement().extracting(Finding::signature).isEqualTo(leak.signature());
    }

    @Test
    void aSchemaTheServerRejectsIsAMismatchEnvironmentalFailuresAreNot() {
        SchemaHonour h = new SchemaHonour();
        for (int i = 0; i < 6; i++) {
            JsonNode in = Json.object().put("enabled", "maybe" + i);
            h.record("tool", "set_flag", i, true, "realistic", in, text("Invalid value for enabled: must be true or "
                    + "false", true));
            h.record("tool", "fetch_page", i, true, "realistic", Json.object().put("url", "https://example.com/" + i),
                    text("Invalid response: fetch failed (ENOTFOUND example.com)", true));
            h.record("tool", "echo", i, true, "realistic", Json.object().put("m", "x"), text("x", false));
            h.record("tool", "lookup", i, false, "aggressive", Json.object().put("id", i), error(-32602, "invalid id"));
        }
        h.record("tool", "rare", 0, true, "realistic", Json.object().put("n", "a"), text("Invalid n: must be a digit", true));
        List<Finding> fs = h.findings();
        assertThat(fs).extracting(Finding::target).containsExactly("set_flag");
        assertThat(fs.get(0).category()).isEqualTo("schema_mismatch");
        assertThat(fs.get(0).severity()).isEqualTo(Severity.MEDIUM);
        assertThat(fs.get(0).evidence().get("rejected")).isEqualTo(6);
        assertThat((List<?>) fs.get(0).evidence().get("examples")).hasSize(SchemaHonour.MAX_EXAMPLES);
    }

    @Test
    void belowTheRateOrTheCallCountIsNoMismatch() {
        SchemaHonour h = new SchemaHonour();
        for (int i = 0; i < 10; i++) {
            boolean reject = i < 7; // 70 %
            h.record("tool", "half", i, true, "realistic", Json.object().put("mode", "m" + i),
                    reject ? text("Invalid mode: must be one of fast, slow", true) : text("ok", false));
        }
        for (int i = 0; i < 4; i++) {
            h.record("tool", "few", i, true, "realistic", Json.object().put("mode", "m"),
                    text("Invalid mode: must be one of fast, slow", true));
        }
        assertThat(h.findings()).isEmpty();
    }
}
