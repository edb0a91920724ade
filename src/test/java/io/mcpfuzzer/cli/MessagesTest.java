package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.transport.http.AuthConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Messages and checks decided before a run: environment warnings, --check-env, help, endpoint rules. */
class MessagesTest {
    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final AtomicReference<Settings> seen = new AtomicReference<>();

    private int run(Map<String, String> env, String... args) {
        CampaignRunner campaign = (s, c) -> {
            seen.set(s);
            return ExitCodes.OK;
        };
        return new Main(campaign, (s, c) -> ExitCodes.OK, false).run(args,
                new PrintStream(outBytes, true, StandardCharsets.UTF_8), new PrintStream(errBytes, true, StandardCharsets.UTF_8),
                env);
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aMisspeltEnvironmentVariableIsAWarningWithASuggestion() {
        assertThat(run(Map.of("MCP_FUZZER_RUN", "3", "MCP_FUZZER_RUNS", "4"), "--endpoint", "x")).isZero();
        assertThat(err()).contains("warning: environment variable MCP_FUZZER_RUN is ignored")
                .contains("did you mean MCP_FUZZER_RUNS?");
        assertThat(seen.get().fuzzing().runs()).isEqualTo(4);
    }

    @Test
    void knownNonOptionVariablesAreNotWarnedAbout() {
        assertThat(run(Map.of(AuthConfig.ENV_TOKEN, "t", "MCP_FUZZER_CI", "1", "MCP_FUZZER_RUNS", "4"),
                "--endpoint", "x")).isZero();
        assertThat(err()).doesNotContain("warning");
    }

    @Test
    void checkEnvRedactsTheTokenAndSuggestsTheRightName() {
        assertThat(run(Map.of(AuthConfig.ENV_TOKEN, "sekrit-token-1", "MCP_FUZZER_MY_PASSWORD", "pw-2",
                "MCP_FUZZER_TIMOUT", "5"), "--check-env")).isZero();
        assertThat(out()).doesNotContain("sekrit-token-1").doesNotContain("pw-2")
                .contains("OK " + AuthConfig.ENV_TOKEN + "=(value hidden)")
                .contains("did you mean MCP_FUZZER_TIMEOUT?")
                .contains("WARN MCP_FUZZER_TIMOUT='5'");
    }

    @Test
    void authEnvHelpAndDocsNameTheVariablesTheCodeReads() throws IOException {
        assertThat(run(Map.of(), "--help")).isZero();
        String help = out().replaceAll("\\s+", " ");
        String docs = Files.readString(Path.of("docs/cli.md"));
        for (String name : List.of(AuthConfig.ENV_TOKEN, AuthConfig.ENV_API_KEY, AuthConfig.ENV_API_KEY_HEADER,
                AuthConfig.ENV_HEADER)) {
            assertThat(help).contains(name);
            assertThat(docs).contains(name);
        }
        assertThat(help).doesNotContain("MCP_API_KEY").doesNotContain("MCP_OAUTH_TOKEN").doesNotContain("MCP_USERNAME");
    }

    @Test
    void protocolTypeAcceptsTheMethodNamesTheReportsUse() {
        assertThat(run(Map.of(), "--endpoint", "x", "--mode", "protocol", "--protocol-type", "ping,tools/list",
                "--protocol-type", "PingRequest")).as(err()).isZero();
        assertThat(seen.get().protocol().protocolTypes()).containsExactly("ping", "tools/list", "PingRequest");
        assertThat(run(Map.of(), "--endpoint", "x", "--mode", "protocol", "--protocol-type", "pong"))
                .isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void aUrlRunAsAStdioCommandIsAUsageErrorNamingTheRightProtocol() {
        assertThat(run(Map.of(), "--protocol", "stdio", "--endpoint", "http://127.0.0.1:9/mcp"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err()).contains("is a URL").contains("--protocol streamablehttp");
    }
}
