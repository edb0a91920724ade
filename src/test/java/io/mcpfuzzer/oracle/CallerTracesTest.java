package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A code runner's answer quoting the failing program it was sent is the program's output, not a
 * leak; a server whose own frame comes first (it evaluates the input in its code) still leaks.
 * Answers as mcp-server-code-runner 0.1.8 gives them (python 3.11 traceback format).
 */
class CallerTracesTest {
    private static final String RUNNER_TRACE = "Error: Command failed: python -u \"/tmp/run-8812/tmp.python\"\n"
            + "Traceback (most recent call last):\n  File \"/tmp/run-8812/tmp.python\", line 1, in <module>\n"
            + "    %s\n    ^^^^^^^\nNameError: name 'lantern' is not defined\n";

    private static List<Finding> judge(JsonNode input, String text) {
        return new Classifier().judge(new Observation("tool", "run-code", 0, "realistic", input, null, true, "x",
                Replies.text(text, true), null)).findings();
    }

    private static List<String> categories(JsonNode input, String text) {
        return judge(input, text).stream().map(Finding::category).toList();
    }

    @Test
    void theTracebackOfTheProgramSentIsNoLeak() {
        JsonNode input = Json.object().put("code", "lantern-mosaic-893").put("languageId", "python");
        assertThat(categories(input, RUNNER_TRACE.formatted("lantern-mosaic-893"))).doesNotContain("error_leakage");
    }

    @Test
    void aProgramOnSeveralLinesFailingInTheLibraryIsNoLeak() {
        JsonNode input = Json.object().put("code", "import json\nvalue = json.loads('x')\nprint(value)");
        String text = "Traceback (most recent call last):\n  File \"/tmp/tmp8812.py\", line 2, in <module>\n"
                + "    value = json.loads('x')\n            ^^^^^^^^^^^^^^^\n"
                + "  File \"/usr/lib/python3.11/json/__init__.py\", line 346, in loads\n"
                + "    return _default_decoder.decode(s)\n"
                + "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n";
        assertThat(categories(input, text)).doesNotContain("error_leakage");
    }

    @Test
    void codeGivenToTheInterpreterWithoutSourceLinesIsNoLeak() {
        JsonNode input = Json.object().put("code", "1/0");
        String text = "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
                + "ZeroDivisionError: division by zero";
        assertThat(categories(input, text)).doesNotContain("error_leakage");
    }

    @Test
    void aServerEvaluatingTheInputInItsOwnCodeStillLeaks() {
        JsonNode input = Json.object().put("expression", "1/0");
        String text = "Traceback (most recent call last):\n  File \"/srv/calc/server.py\", line 41, in calculate\n"
                + "    return eval(expression)\n  File \"<string>\", line 1, in <module>\n"
                + "ZeroDivisionError: division by zero";
        assertThat(categories(input, text)).contains("error_leakage");
    }

    @Test
    void aServerTracebackAfterTheProgramsOwnIsStillALeak() {
        JsonNode input = Json.object().put("code", "lantern-mosaic-893");
        String text = RUNNER_TRACE.formatted("lantern-mosaic-893") + "\nwhile handling it:\nTraceback (most recent "
                + "call last):\n  File \"/srv/runner/app.py\", line 88, in run\n    raise RunnerError(out)\n"
                + "RunnerError: failed";
        assertThat(categories(input, text)).contains("error_leakage");
        assertThat(CallerTraces.withoutCallerTraces(text, input)).contains("<program trace>", "/srv/runner/app.py")
                .doesNotContain("/tmp/run-8812");
    }

    @Test
    void theRawJsonTextOfAnAnswerIsReadLineByLine() {
        JsonNode input = Json.object().put("code", "lantern-mosaic-893");
        String raw = Json.object().put("text", RUNNER_TRACE.formatted("lantern-mosaic-893")).toString();
        String masked = InputEchoes.masked(raw, input);
        assertThat(masked).contains("\\n    <input>\\n");
        String stripped = CallerTraces.withoutCallerTraces(masked, input);
        assertThat(stripped).contains("<program trace>").doesNotContain("Traceback", "/tmp/run-8812/tmp.python\\\", line");
        assertThat(LeakPatterns.find(stripped)).extracting(LeakPatterns.Leak::type).doesNotContain("python_traceback");
        assertThat(LeakPatterns.find(masked)).extracting(LeakPatterns.Leak::type).contains("python_traceback");
    }

    /** mcp-server-code-runner 0.1.8: a program that is no Python fails to compile, without a traceback header. */
    @Test
    void theCompileErrorOfTheProgramSentIsNoLeak() {
        JsonNode input = Json.object().put("code", "open issues lotus nebula harbor delta 32").put("languageId", "python");
        String text = "Error: Command failed: python -u \"/tmp/run-8812/tmp.python\"\n  File \"/tmp/run-8812/tmp.python\", "
                + "line 1\n    open issues lotus nebula harbor delta 32\n         ^^^^^^\nSyntaxError: invalid syntax\n";
        assertThat(categories(input, text)).doesNotContain("error_leakage");
        // the server's own module failing to compile is its own
        String server = text.replace("open issues lotus nebula harbor delta 32", "import secrets_loader as s");
        assertThat(CallerTraces.withoutCallerTraces(server, input)).isEqualTo(server);
    }

    @Test
    void aTracebackQuotingSomethingElseIsKept() {
        JsonNode input = Json.object().put("code", "print(1)");
        String text = RUNNER_TRACE.formatted("import secrets_loader");
        assertThat(CallerTraces.withoutCallerTraces(text, input)).isEqualTo(text);
        assertThat(CallerTraces.withoutCallerTraces(text, null)).isEqualTo(text);
        assertThat(CallerTraces.withoutCallerTraces("no trace here", input)).isEqualTo("no trace here");
    }

    private static final String NODE_RUNNER = "Error: Command failed: node \"/tmp/run-8812/tmp.js\"\n/tmp/run-8812/tmp.js:1\n"
            + "%s\n^\n\nReferenceError: river is not defined\n    at Object.<anonymous> (/tmp/run-8812/tmp.js:1:1)\n"
            + "    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n"
            + "%s    at node:internal/main/run_main_module:28:49\n";

    /** mcp-server-code-runner 0.1.8, languageId javascript: Node's error for the program it was sent. */
    @Test
    void aNodeErrorOfTheProgramSentIsNoLeak() {
        JsonNode input = Json.object().put("code", "river-basil-176").put("languageId", "javascript");
        String raw = Json.object().put("text", NODE_RUNNER.formatted("river-basil-176", "")).toString();
        assertThat(LeakPatterns.find(InputEchoes.masked(raw, input))).extracting(LeakPatterns.Leak::type)
                .contains("node_stack_trace");
        assertThat(categories(input, NODE_RUNNER.formatted("river-basil-176", ""))).doesNotContain("error_leakage");
    }

    @Test
    void aNodeErrorThroughTheServersOwnCodeStillLeaks() {
        JsonNode input = Json.object().put("code", "river-basil-176");
        String text = NODE_RUNNER.formatted("river-basil-176", "    at runCode (/srv/runner/dist/server.js:47:9)\n");
        assertThat(categories(input, text)).contains("error_leakage");
    }
}
