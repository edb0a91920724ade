package io.mcpfuzzer.e2e;

import static io.mcpfuzzer.e2e.ConformanceCli.INFO;
import static io.mcpfuzzer.e2e.ConformanceCli.SUCCESS;
import static io.mcpfuzzer.e2e.ConformanceCli.WARNING;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.cli.Main;
import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testsupport.E2eTargets;
import io.mcpfuzzer.testsupport.JavaCommand;
import io.mcpfuzzer.testsupport.ProcScan;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Our fuzzer as the client under test of the official MCP conformance suite's client scenarios. The suite
 * starts a scenario server on {@code localhost}, appends its URL to the command line, runs our fuzzer through a
 * wrapper script and judges what the fuzzer sent: initialize params, calling a tool, reconnecting after an SSE
 * stream closes (the {@code retry} delay and {@code Last-Event-ID}, SEP-1699), and filling elicitation defaults
 * (SEP-1034), and the 18 OAuth 2.1 scenarios of issue 17 (discovery variants, client ID metadata documents,
 * scope selection and step-up, token endpoint auth methods, pre-registration, 2025-03-26 fallbacks, client
 * credentials), for which the wrapper runs the fuzzer through {@code scripts/conformance-oauth-client.mjs}
 * (credentials from {@code MCP_CONFORMANCE_CONTEXT} to the {@code --oauth*} options). Every check must pass, and the
 * fuzzer's own run must complete with the scenario's tool answered (in auth/scope-retry-limit, where the scope is
 * never granted, tool discovery must end as {@code auth_required}).
 */
@Timeout(300)
class ConformanceClientIT {
    /** The suite's client timeout; generous because the fuzzer starts a JVM on a loaded machine. */
    private static final String SUITE_TIMEOUT_MS = "120000";

    @TempDir
    Path dir;

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of("initialize", List.of("mcp-client-initialization"), null),
                Arguments.of("tools_call", List.of("tool-add-numbers"), "add_numbers"),
                Arguments.of("sse-retry", List.of("client-sse-graceful-reconnect", "client-sse-retry-timing",
                        "client-sse-last-event-id"), "test_reconnection"),
                Arguments.of("elicitation-sep1034-client-defaults", List.of("client-elicitation-sep1034-string-default",
                        "client-elicitation-sep1034-integer-default", "client-elicitation-sep1034-number-default",
                        "client-elicitation-sep1034-enum-default", "client-elicitation-sep1034-boolean-default"),
                        "test_client_elicitation_defaults"),
                // OAuth 2.1 (issue 17): the fuzzer runs through scripts/conformance-oauth-client.mjs
                auth("auth/metadata-default", "prm-pathbased-requested", "authorization-server-metadata",
                        "client-registration", "authorization-request", "token-request", "pkce-code-challenge-sent",
                        "pkce-s256-method-used", "pkce-verifier-matches-challenge"),
                auth("auth/metadata-var1", "prm-pathbased-requested", "authorization-server-metadata",
                        "client-registration", "authorization-request", "token-request"),
                auth("auth/metadata-var2", "authorization-server-metadata", "client-registration",
                        "authorization-request", "token-request"),
                auth("auth/metadata-var3", "authorization-server-metadata", "client-registration",
                        "authorization-request", "token-request"),
                auth("auth/basic-cimd", "cimd-client-id-used", "authorization-request", "token-request"),
                auth("auth/scope-from-www-authenticate", "scope-from-www-authenticate"),
                auth("auth/scope-from-scopes-supported", "scope-from-scopes-supported"),
                auth("auth/scope-omitted-when-undefined", "scope-omitted-when-undefined"),
                auth("auth/scope-step-up", "scope-step-up-initial", "scope-step-up-escalation"),
                Arguments.of("auth/scope-retry-limit", List.of("scope-retry-limit"), null),
                auth("auth/token-endpoint-auth-basic", RESOURCE_CHECKS.toArray(String[]::new)),
                auth("auth/token-endpoint-auth-post", RESOURCE_CHECKS.toArray(String[]::new)),
                auth("auth/token-endpoint-auth-none", RESOURCE_CHECKS.toArray(String[]::new)),
                auth("auth/pre-registration", "pre-registration-auth"),
                auth("auth/2025-03-26-oauth-metadata-backcompat", "authorization-server-metadata",
                        "client-registration", "authorization-request", "token-request"),
                auth("auth/2025-03-26-oauth-endpoint-fallback", "client-registration", "authorization-request",
                        "token-request"),
                auth("auth/client-credentials-jwt", "client-credentials-jwt-verified"),
                auth("auth/client-credentials-basic", "client-credentials-basic-auth"));
    }

    /** The RFC 8707 checks of the token-endpoint-auth scenarios, on top of the auth method check. */
    private static final List<String> RESOURCE_CHECKS = List.of("token-endpoint-auth-method",
            "resource-parameter-in-authorization", "resource-parameter-in-token", "resource-parameter-valid-uri",
            "resource-parameter-consistency");

    /** An auth scenario whose server has the tool {@code test-tool}, which the fuzzer must reach with its token. */
    private static Arguments auth(String scenario, String... checks) {
        List<String> required = new java.util.ArrayList<>(List.of(checks));
        required.add("valid-bearer-token");
        return Arguments.of(scenario, required, "test-tool");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void scenarioPasses(String scenario, List<String> requiredChecks, String tool) throws Exception {
        String marker = "conformance-it-" + UUID.randomUUID();
        Path fuzzOut = dir.resolve("fuzz");
        Path fuzzer = wrapperScript(marker, fuzzOut, scenario.startsWith("auth/"));
        String command = fuzzer + " --mode tools --phase realistic --runs 1 --protocol streamablehttp --endpoint";
        try {
            ConformanceCli.Result result = ConformanceCli.run(dir, dir.resolve("results"), Duration.ofMinutes(4),
                    List.of("client", "--command", command, "--scenario", scenario, "--timeout", SUITE_TIMEOUT_MS));
            String report = result.describe();

            assertThat(result.checks()).as(report).isNotEmpty();
            for (String id : requiredChecks) {
                assertThat(result.withId(id)).as("check %s missing\n%s", id, report).isNotEmpty();
            }
            for (JsonNode check : result.checks()) {
                assertThat(check.path("status").asString()).as("check %s\n%s", check.path("id").asString(), report)
                        .isIn(allowed(check.path("id").asString()));
            }
            JsonNode summary = Json.parse(Files.readString(fuzzOut.resolve("run_summary.json"), StandardCharsets.UTF_8));
            if (scenario.equals("auth/scope-retry-limit")) { // the scope is never granted: give up, say why
                assertThat(summary.path("tool_discovery").path("failure").asString()).as(summary.toString())
                        .isEqualTo("auth_required");
            }
            assertThat(summary.path("status").asString()).as(summary.toString()).isEqualTo("completed");
            if (tool != null) {
                assertThat(summary.path("per_target").path("tool:" + tool).path("ok").asLong())
                        .as("the scenario tool was answered normally: %s", summary.path("per_target"))
                        .isGreaterThanOrEqualTo(1);
            }
        } finally {
            assertNoFuzzerLeft(marker);
        }
    }

    /**
     * SUCCESS or INFO for every check. The one timing check of sse-retry reports WARNING when the reconnection
     * came up to 2x the {@code retry} value late; the suite itself calls that acceptable ("may indicate network
     * delays"), and on a loaded 2-core machine it is scheduling noise. Too early or more than 2x late is a
     * FAILURE and fails here.
     */
    private static List<String> allowed(String checkId) {
        return "client-sse-retry-timing".equals(checkId) ? List.of(SUCCESS, WARNING) : List.of(SUCCESS, INFO);
    }

    /**
     * An executable {@code sh} script running {@link Main} on the test class path; the conformance tool splits
     * its {@code --command} at spaces, so the script's path must have none. The marker tags the JVM so the test
     * can prove it is gone.
     */
    private Path wrapperScript(String marker, Path fuzzOut, boolean oauth) throws Exception {
        assertThat(dir.toString()).as("the conformance tool splits --command at spaces").doesNotContain(" ");
        List<String> java = JavaCommand.of(Main.class);
        StringBuilder line = new StringBuilder("exec");
        if (oauth) {
            line.append(' ').append(quote(E2eTargets.node22().toRealPath().toString())).append(' ')
                    .append(quote(Path.of("scripts", "conformance-oauth-client.mjs").toAbsolutePath().toString()));
        }
        for (int i = 0; i < java.size(); i++) {
            if (i == 1) {
                line.append(" -D").append(marker).append("=1").append(" -Xmx256m");
            }
            if ("-Xmx64m".equals(java.get(i))) {
                continue;
            }
            line.append(' ').append(quote(java.get(i)));
        }
        line.append(" --output-dir ").append(quote(fuzzOut.toString())).append(" --timeout 30 \"$@\"\n");
        Path script = dir.resolve("fuzzer.sh");
        Files.writeString(script, "#!/bin/sh\n" + line, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    private static String quote(String s) {
        assertThat(s).doesNotContain("'");
        return "'" + s + "'";
    }

    private static void assertNoFuzzerLeft(String marker) {
        try {
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> ProcScan.alive(marker).isEmpty());
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            List<Long> left = ProcScan.alive(marker);
            left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            throw new AssertionError("fuzzer processes still alive after the scenario: " + left, e);
        }
    }
}
