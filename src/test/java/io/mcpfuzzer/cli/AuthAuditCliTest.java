package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.AuthFixtureServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * {@code --auth-audit} through the real command, in-process, against the auth fixture (a real HTTP
 * authorization server and MCP server on 127.0.0.1): findings.json, run_summary.json and SARIF carry the
 * checks; the strict twin (enabled from the environment) has no auth finding at medium or above; stdio and
 * a lone intrusive flag are refused with exit 2.
 */
@Timeout(180)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:AuthAuditCliTest")
class AuthAuditCliTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        Map<String, String> e = new HashMap<>(env);
        e.put("PATH", System.getenv("PATH"));
        return Main.execute(args, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), e);
    }

    private static List<String> fuzz(String url, String token, Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("--endpoint", url, "--header", "Authorization: Bearer " + token,
                "--mode", "tools", "--runs", "1", "--timeout", "20", "--no-progress", "--output-dir", out.toString()));
        args.addAll(List.of(extra));
        return args;
    }

    @Test
    void everyCheckLandsInFindingsSummaryAndSarifOnTheFlawedServer() throws Exception {
        Path out = dir.resolve("flawed");
        try (AuthFixtureServer server = new AuthFixtureServer(EnumSet.allOf(AuthFixtureServer.Flaw.class))) {
            String token = server.staticToken();
            int code = run(Map.of(), fuzz(server.mcpUrl(), token, out, "--auth-audit", "--auth-audit-intrusive",
                    "--export-sarif", "audit.sarif").toArray(String[]::new));
            assertThat(code).as("stderr: %s", err.toString(StandardCharsets.UTF_8)).isZero();

            String findingsText = Files.readString(out.resolve("findings.json"));
            assertThat(findingsText).doesNotContain(token);
            Set<String> ids = new TreeSet<>();
            for (JsonNode f : Json.parse(findingsText).path("findings")) {
                String id = f.path("check_id").asString("");
                if (id.startsWith("MCPF-AUTH-")) {
                    ids.add(id);
                    assertThat(f.path("kind").asString()).isEqualTo("audit");
                    assertThat(f.path("owasp").asString()).startsWith("MCP0");
                    assertThat(f.path("evidence").path("check_id").asString()).isEqualTo(id);
                }
            }
            Set<String> all = new TreeSet<>();
            for (int i = 1; i <= 12; i++) {
                all.add(String.format("MCPF-AUTH-%03d", i));
            }
            assertThat(ids).isEqualTo(all);

            JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json"))).path("auth_audit");
            assertThat(summary.path("advertises_authorization").asBoolean()).isTrue();
            for (String id : all) {
                assertThat(summary.path("checks").path(id).path("status").asString()).as(id).isEqualTo("finding");
            }
            String sarif = Files.readString(out.resolve("audit.sarif"));
            assertThat(sarif).contains("MCPF-AUTH-010", "MCPF-AUTH-012");
        }
    }

    @Test
    void strictTwinFromTheEnvironmentHasNoAuthFindingAtMediumOrAbove() throws Exception {
        Path out = dir.resolve("clean");
        try (AuthFixtureServer server = new AuthFixtureServer(EnumSet.noneOf(AuthFixtureServer.Flaw.class))) {
            int code = run(Map.of("MCP_FUZZER_AUTH_AUDIT", "true"),
                    fuzz(server.mcpUrl(), server.staticToken(), out).toArray(String[]::new));
            assertThat(code).as("stderr: %s", err.toString(StandardCharsets.UTF_8)).isZero();
            for (JsonNode f : Json.parse(Files.readString(out.resolve("findings.json"))).path("findings")) {
                if (f.path("check_id").asString("").startsWith("MCPF-AUTH-")) {
                    assertThat(f.path("severity").asString()).as(f.toString()).isIn("info", "low");
                }
            }
            JsonNode checks = Json.parse(Files.readString(out.resolve("run_summary.json"))).path("auth_audit")
                    .path("checks");
            assertThat(checks.path("MCPF-AUTH-010").path("status").asString()).isEqualTo("passed");
            assertThat(checks.path("MCPF-AUTH-011").path("status").asString()).isEqualTo("not_run");
        }
    }

    /** The OAuth client gets the fuzzer in; its pre-registered client also drives the audit's token checks. */
    @Test
    void theOAuthClientAndTheAuditShareThePreRegisteredClient() throws Exception {
        Path out = dir.resolve("oauth");
        try (AuthFixtureServer server = new AuthFixtureServer(EnumSet.of(AuthFixtureServer.Flaw.NO_AUDIENCE_CHECK))) {
            int code = run(Map.of("MCP_FUZZER_OAUTH_CLIENT_SECRET", AuthFixtureServer.STATIC_SECRET), "--endpoint",
                    server.mcpUrl(), "--oauth", "--oauth-grant", "client_credentials", "--oauth-client-id",
                    AuthFixtureServer.STATIC_CLIENT, "--oauth-no-token-cache", "--auth-audit", "--mode", "tools",
                    "--runs", "1", "--timeout", "20", "--no-progress", "--output-dir", out.toString());
            assertThat(code).as("the fuzzer got a token: %s", err.toString(StandardCharsets.UTF_8)).isZero();
            String findings = Files.readString(out.resolve("findings.json"));
            assertThat(findings).doesNotContain(AuthFixtureServer.STATIC_SECRET);
            assertThat(Json.parse(Files.readString(out.resolve("run_summary.json"))).path("auth_audit").path("checks")
                    .path("MCPF-AUTH-010").path("status").asString()).isEqualTo("finding");
        }
    }

    @Test
    void aServerThatRefusesTheFuzzerStillGetsItsAuthAuditReported() throws Exception {
        Path out = dir.resolve("refused");
        try (AuthFixtureServer server = new AuthFixtureServer(EnumSet.of(AuthFixtureServer.Flaw.PKCE_OPTIONAL))) {
            int code = run(Map.of(), "--endpoint", server.mcpUrl(), "--auth-audit", "--mode", "tools", "--runs", "1",
                    "--timeout", "20", "--no-progress", "--output-dir", out.toString());
            assertThat(code).as("blocked: the fuzzer has no token").isEqualTo(ExitCodes.ERROR);
            Set<String> ids = new TreeSet<>();
            for (JsonNode f : Json.parse(Files.readString(out.resolve("findings.json"))).path("findings")) {
                ids.add(f.path("check_id").asString(""));
            }
            assertThat(ids).contains("MCPF-AUTH-006");
            assertThat(Json.parse(Files.readString(out.resolve("run_summary.json"))).path("auth_audit").path("checks")
                    .path("MCPF-AUTH-006").path("status").asString()).isEqualTo("finding");
        }
    }

    @Test
    void stdioTargetIsRefusedWithAClearMessage() {
        int code = run(Map.of(), "--endpoint", "python3 server.py", "--auth-audit", "--output-dir", dir.toString());
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--auth-audit").contains("stdio");
    }

    @Test
    void intrusiveAloneIsRefused() {
        int code = run(Map.of(), "--endpoint", "http://127.0.0.1:9/mcp", "--auth-audit-intrusive", "--output-dir",
                dir.toString());
        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--auth-audit-intrusive requires --auth-audit");
    }
}
