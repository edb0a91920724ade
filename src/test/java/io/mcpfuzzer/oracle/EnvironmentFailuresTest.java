package io.mcpfuzzer.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.jsonrpc.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * -32603 answers blaming the network or missing credentials (an API-key server started offline: notion,
 * github, tavily on a closed network) are counted, not judged; every other -32603 is still a finding.
 */
class EnvironmentFailuresTest {
    @ParameterizedTest
    @ValueSource(strings = {"getaddrinfo ENOTFOUND api.notion.com", "fetch failed",
        "request to https://api.github.com/user failed, reason: getaddrinfo EAI_AGAIN api.github.com",
        "connect ECONNREFUSED 127.0.0.1:443", "Request failed with status code 401", "HTTP 403 Forbidden",
        "Invalid API key", "TAVILY_API_KEY environment variable is required", "socket hang up",
        "unable to verify the first certificate", "Bad credentials",
        "Service temporarily unavailable due to previous failures", // @jpisnice/shadcn-ui-mcp-server 2.0.0, offline
        "503 Service Unavailable",
        // mcp-mermaid 0.4.1 without its browser
        "MCP error -32603: Failed to generate mermaid: browserType.launch: Executable doesn't exist at /h/.cache/ms-playwright/x",
        "Error: Could not find Chrome (ver. 131.0.6778.204)",
        "Failed to launch the browser process! /root/.cache/puppeteer/chrome: error while loading shared libraries",
        // @playwright/mcp 0.0.86 without its browser, every tool
        "### Error\nError: async initializeServer: Chromium distribution 'chrome' is not found at /opt/google/chrome/chrome\n"
                + "Run \"npx playwright install chrome\"",
        // @itseasy21/mcp-knowledge-graph 1.0.7 under --sandbox bwrap, its memory file outside the writable places
        "EROFS: read-only file system, open '/srv/data/kg.jsonl'",
        "Error: Git fetch failed: Exit Code: 128\nStderr: fatal: unable to access 'https://github.com/x/y.git/':"
                + " Could not resolve host: github.com"})
    void theNetworkAndCredentialsAreBlamed(String message) {
        assertThat(EnvironmentFailures.blames(message)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TypeError: Cannot read properties of undefined (reading 'x') at /app/index.js:401:3",
        "Object is too deeply nested (101 levels). Max depth: 100", "SQLException: near \"'\": syntax error",
        "ENOENT: no such file or directory, open '/tmp/x'", "Internal error", "line 403 of the template",
        "SyntaxError: invalid token", "TypeError: Cannot read properties of undefined (reading 'apiKey')",
        "TypeError: Cannot read properties of undefined (reading 'access_token')", "KeyError: 'credentials'",
        "Error: Forbidden characters in file name", "ValueError: invalid literal for int() with base 10: 'ssl'",
        "cannot decode 401 bytes", "Error: boom\n    at h (/srv/http.js:401:7)", "at encode (/app/qrcode/lib/encode.js:403)",
        "unexpected certificate field", "TypeError: this.service is undefined", "unavailable",
        "Embedding service unavailable: index not initialised", // the server's own state
        "Failed to launch the browser process! spawn <input> EACCES", "browserType.launch: Executable doesn't exist at <input>",
        "Executable doesn't exist at '<input>'", "EROFS: read-only file system, open '<input>'",
        // @cyanheads/git-mcp-server 2.15.3 in a repository without that remote: no network was asked
        "Error: Git fetch failed: Exit Code: 128\nStderr: fatal: 'origin' does not appear to be a git repository\n"
                + "fatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\n"
                + "and the repository exists.\n\nStdout: "})
    void codeFaultsAreNot(String message) {
        assertThat(EnvironmentFailures.blames(message)).isFalse();
    }

    @Test
    void aLongMessageIsReadAtItsStartAndItsEnd() {
        int n = EnvironmentFailures.MAX_INPUT;
        String middle = "x".repeat(3 * n);
        assertThat(EnvironmentFailures.blames("fetch failed" + middle)).isTrue();
        assertThat(EnvironmentFailures.blames(middle + "fetch failed")).isTrue();
        assertThat(EnvironmentFailures.blames("x".repeat(n) + "fetch failed" + middle)).as("the middle").isFalse();
        // @modelcontextprotocol/server-gitlab 2025.4.25, a 64 KB search echoed in the URL before the reason
        assertThat(EnvironmentFailures.blames("request to https://gitlab.com/api/v4/projects?search="
                + "meeting+notes+".repeat(5000) + " failed, reason: getaddrinfo ENOTFOUND gitlab.com")).isTrue();
        assertThat(EnvironmentFailures.blames("TypeError: x" + middle + " 401 Unauthorized")).as("the end: connections only")
                .isFalse();
        assertThat(EnvironmentFailures.blames(null)).isFalse();
    }

    @Test
    void countsPerTargetUpToTheLimitAndSaysSoOnce() {
        EnvironmentFailures f = new EnvironmentFailures();
        assertThat(f.warning()).isNull();
        for (int i = 0; i <= EnvironmentFailures.MAX_TARGETS; i++) {
            f.record("tool:t" + i, "getaddrinfo ENOTFOUND api.example.com");
        }
        f.record("tool:t0", "fetch failed");
        assertThat(f.total()).isEqualTo(EnvironmentFailures.MAX_TARGETS + 2L);
        assertThat(f.byTarget()).hasSize(EnvironmentFailures.MAX_TARGETS).containsEntry("tool:t0", 2L);
        assertThat(f.warning()).startsWith("1,002 answer(s) of 1000 target(s)")
                .contains("(for example: fetch failed)"); // the smallest message, whatever the order
    }

    private static Reply error(String message) {
        return Replies.error(-32603, message);
    }

    private static Reply toolText(String text, boolean isError) {
        return Replies.text(text, isError);
    }

    /** tavily-mcp 0.2.22 offline: a tool error after a 5 s DNS timeout, which is no slow code either. */
    @Test
    void aToolErrorBlamingTheNetworkIsCountedAndNoLatencyEvidence() {
        Reply offline = toolText("Tavily API error: getaddrinfo ENOTFOUND api.tavily.com\nDocumentation: https://x", true);
        assertThat(EnvironmentFailures.blamedIn(offline)).isTrue();
        assertThat(EnvironmentFailures.blamedIn(toolText("Tavily API error: getaddrinfo ENOTFOUND", false)))
                .as("a normal answer blames nothing").isFalse();
        assertThat(EnvironmentFailures.blamedIn(toolText("No results for that query", true))).isFalse();
        Classifier classifier = new Classifier();
        Verdict verdict = classifier.judge(new Observation("tool", "tavily_research", 0, "realistic",
                Json.object().put("input", "x"), null, true, "x", offline, null));
        assertThat(verdict.outcome()).isEqualTo("tool_error");
        assertThat(verdict.findings()).isEmpty();
        assertThat(classifier.environment().byTarget()).containsEntry("tool:tavily_research", 1L);
    }

    /**
     * server-slack 2025.4.25 offline: {"error": "fetch failed"} in a normal result, some after a 5 s DNS
     * timeout. Those were latency evidence (performance_outlier) before; they are counted now.
     */
    @Test
    void anErrorWrittenAsANormalResultBlamingTheNetworkIsCountedToo() {
        Reply offline = toolText("{\"error\":\"fetch failed\"}", false);
        assertThat(EnvironmentFailures.blamedIn(offline)).isTrue();
        assertThat(EnvironmentFailures.blamedIn(toolText("{\"error\":\"Missing required argument: channel_id\"}",
                false))).isFalse();
        Classifier classifier = new Classifier();
        Verdict valid = classifier.judge(new Observation("tool", "slack_reply_to_thread", 0, "realistic",
                Json.object().put("channel_id", "C1"), null, true, "x", offline, null));
        assertThat(valid.findings()).isEmpty();
        assertThat(valid.outcome()).isEqualTo("ok");
        assertThat(classifier.environment().byTarget()).containsEntry("tool:slack_reply_to_thread", 1L);
        Verdict invalid = classifier.judge(new Observation("tool", "slack_reply_to_thread", 1, "aggressive",
                Json.object().put("channel_id", 7), null, false, "x", offline, null));
        assertThat(invalid.findings()).as("an invalid input that reached the network was accepted, not refused")
                .extracting(Finding::category).containsExactly("accepted_malformed");
        assertThat(invalid.outcome()).isEqualTo("ok");
    }

    @Test
    void theClassifierCountsThemInsteadOfJudging() {
        Classifier classifier = new Classifier();
        Observation offline = new Observation("tool", "search", 0, "realistic", Json.object().put("q", "x"), null, true,
                "x", error("getaddrinfo ENOTFOUND api.tavily.com"), null);
        Verdict verdict = classifier.judge(offline);
        assertThat(verdict.outcome()).isEqualTo("rejected");
        assertThat(verdict.findings()).isEmpty();
        assertThat(classifier.environment().byTarget()).containsEntry("tool:search", 1L);

        Observation fault = new Observation("tool", "search", 1, "realistic", Json.object().put("q", "x"), null, true,
                "x", error("Cannot read properties of undefined (reading 'results')"), null);
        assertThat(classifier.judge(fault).findings()).extracting(Finding::category).containsExactly("internal_error");
        // the request's own words echoed back blame nothing; argument validation stays validation
        Observation echo = new Observation("tool", "run", 2, "aggressive", Json.object().put("cmd", "ECONNREFUSED now"),
                null, false, "x", error("Unknown command: ECONNREFUSED now"), null);
        assertThat(classifier.judge(echo).findings()).extracting(Finding::category).containsExactly("internal_error");
        Observation validation = new Observation("tool", "search", 3, "aggressive", Json.object(), null, false, "x",
                error("MCP error -32602: Input validation error: Invalid arguments for tool search: api key is required"),
                null);
        assertThat(classifier.judge(validation).findings()).extracting(Finding::severity)
                .containsExactly(io.mcpfuzzer.common.Severity.LOW);
        assertThat(classifier.environment().total()).isEqualTo(1);
    }

    /**
     * @modelcontextprotocol/server-puppeteer 2025.5.12 without Chrome: every tool answers -32603 naming the
     * cache folder it looked in. The path is where a missing browser was looked for, not a leak; a stack
     * trace in such an answer still is.
     */
    @Test
    void aPathNamedByAnEnvironmentFailureIsNoLeak() {
        String missing = "Could not find Chrome (ver. 131.0.6778.204). This can occur if either\n 1. you did not perform"
                + " an installation before running the script (e.g. `npx puppeteer browsers install chrome`) or\n 2. your"
                + " cache path is incorrectly configured (which is: /root/.cache/puppeteer).";
        Classifier classifier = new Classifier();
        Observation browser = new Observation("tool", "puppeteer_click", 0, "realistic", Json.object().put("selector",
                "#go"), null, true, "x", error(missing), null);
        assertThat(classifier.judge(browser).findings()).isEmpty();
        Observation traced = new Observation("tool", "puppeteer_fill", 0, "realistic", Json.object().put("selector",
                "#go"), null, true, "x", error(missing + "\n    at ChromeLauncher.launch (/srv/app/node_modules/"
                + "puppeteer/lib/launcher.js:91:15)"), null);
        assertThat(classifier.judge(traced).findings()).extracting(Finding::category).containsExactly("error_leakage");
        Observation elsewhere = new Observation("tool", "read", 0, "realistic", Json.object().put("key", "a"), null,
                true, "x", error("no such key; config at /root/.config/app/keys.json"), null);
        assertThat(classifier.judge(elsewhere).findings()).extracting(Finding::category).contains("error_leakage");
    }
}
