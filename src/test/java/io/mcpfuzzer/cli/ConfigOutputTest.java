package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code --print-config}, {@code -v}/{@code -q} precedence and "did you mean" for option values. */
class ConfigOutputTest {
    private static final String TOKEN = "s3cr3t-token-value-0042";
    private static final String ENV_SECRET = "hunter2-secret-value";

    @TempDir
    Path dir;

    private static CliRunTest.Outcome run(Map<String, String> env, String... args) {
        return OutputOptionsTest.run(env, args);
    }

    private static String line(String text, String key) {
        return text.lines().filter(l -> l.startsWith(key + " ")).findFirst().orElseThrow(() -> new AssertionError(
                key + " not in\n" + text));
    }

    @Test
    void printConfigShowsEveryValueWithItsOriginAndHidesSecrets() throws Exception {
        Path config = Files.writeString(dir.resolve("fuzz.yml"), "# a comment\nruns: 3\nmode: tools\n");
        CliRunTest.Outcome o = run(Map.of("MCP_FUZZER_TIMEOUT", "7"), "--config", config.toString(),
                "--endpoint", "python3 server.py", "--header", "Authorization: Bearer " + TOKEN,
                "--env", "API_TOKEN=" + ENV_SECRET, "--print-config");

        assertThat(o.code()).as(o.err()).isZero();
        assertThat(o.out()).startsWith("# effective configuration; config file: " + config);
        assertThat(line(o.out(), "runs")).contains("= 3").contains("# " + config + ":2:");
        assertThat(line(o.out(), "mode")).contains("= tools").contains(config + ":3:");
        assertThat(line(o.out(), "timeout")).contains("= 7.0").contains("# environment variable MCP_FUZZER_TIMEOUT");
        assertThat(line(o.out(), "endpoint")).contains("python3 server.py").contains("# option --endpoint");
        assertThat(line(o.out(), "max_concurrency")).contains("= 5").endsWith("# default");
        assertThat(line(o.out(), "headers")).contains("Authorization: <redacted>");
        assertThat(line(o.out(), "env")).contains("API_TOKEN=<redacted>");
        assertThat(o.out()).doesNotContain(TOKEN).doesNotContain(ENV_SECRET);
        assertThat(o.out().lines().filter(l -> !l.startsWith("#")).count())
                .isEqualTo(io.mcpfuzzer.config.Options.ALL.size());
    }

    @Test
    void printConfigAsJsonAndWithoutAnEndpoint() {
        CliRunTest.Outcome o = run(Map.of(), "--print-config", "--format", "json", "--runs", "4");
        assertThat(o.code()).as(o.err()).isZero();
        JsonNode doc = Json.parse(o.out());
        assertThat(doc.path("settings").path("runs").path("value").asInt()).isEqualTo(4);
        assertThat(doc.path("settings").path("runs").path("origin").asString()).isEqualTo("option --runs");
        assertThat(doc.path("settings").path("endpoint").path("value").isNull()).isTrue();
        assertThat(doc.path("config_file").isNull()).isTrue();
    }

    @Test
    void verboseAndQuietSetTheLogLevelUnlessLogLevelIsGiven() {
        assertThat(line(run(Map.of(), "--print-config", "-v").out(), "log_level")).contains("= INFO");
        assertThat(line(run(Map.of(), "--print-config", "-vv").out(), "log_level")).contains("= DEBUG");
        assertThat(line(run(Map.of(), "--print-config", "-v", "-v").out(), "log_level")).contains("= DEBUG");
        assertThat(line(run(Map.of(), "--print-config", "-q").out(), "log_level")).contains("= ERROR");
        assertThat(line(run(Map.of(), "--print-config", "--log-level", "warning", "-vv").out(), "log_level"))
                .contains("= WARNING");
        assertThat(line(run(Map.of("MCP_FUZZER_LOG_LEVEL", "ERROR"), "--print-config", "-v").out(), "log_level"))
                .contains("= INFO");
        CliRunTest.Outcome both = run(Map.of(), "--endpoint", "x", "-q", "-v");
        assertThat(both.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(both.err()).contains("--quiet and --verbose cannot be used together");
    }

    @Test
    void aMisspeltValueGetsADidYouMeanFromEverySource() throws Exception {
        CliRunTest.Outcome cli = run(Map.of(), "--endpoint", "x", "--mode", "tols");
        assertThat(cli.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("option --mode").contains("got 'tols'; did you mean 'tools'?");

        CliRunTest.Outcome env = run(Map.of("MCP_FUZZER_PHASE", "agressive"), "--endpoint", "x");
        assertThat(env.err()).contains("MCP_FUZZER_PHASE").contains("did you mean 'aggressive'?");

        Path config = Files.writeString(dir.resolve("c.yml"), "sandbox: bwarp\n");
        CliRunTest.Outcome file = run(Map.of(), "--endpoint", "x", "--config", config.toString());
        assertThat(file.err()).contains(config + ":1:").contains("did you mean 'bwrap'?");

        assertThat(run(Map.of(), "--endpoint", "x", "--log-level", "warn").err()).contains("did you mean 'warning'?");
        assertThat(run(Map.of(), "--endpoint", "x", "--fail-on", "hihg").err()).contains("did you mean 'high'?");
        assertThat(run(Map.of(), "--endpoint", "x", "--color", "allways").err()).contains("did you mean 'always'?");
        assertThat(run(Map.of(), "--endpoint", "x", "--mode", "protocol", "--protocol-type", "PingReqest").err())
                .contains("did you mean 'PingRequest'?");
        CliRunTest.Outcome far = run(Map.of(), "--endpoint", "x", "--mode", "zzzzzz");
        assertThat(far.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(far.err()).doesNotContain("did you mean");

        CliRunTest.Outcome merge = run(Map.of(), "merge", dir.toString(), "--output-dir", dir.resolve("m").toString(),
                "--fail-on", "critcal");
        assertThat(merge.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(merge.err()).contains("did you mean 'critical'?");
    }
}
