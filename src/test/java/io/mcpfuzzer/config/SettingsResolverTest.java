package io.mcpfuzzer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.fuzz.FuzzMode;
import io.mcpfuzzer.fuzz.PhaseChoice;
import io.mcpfuzzer.safety.SandboxMode;
import io.mcpfuzzer.transport.TransportProtocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsResolverTest {
    @TempDir
    Path dir;

    private Path yaml(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static SettingsResolver resolver(Map<String, String> env) {
        return new SettingsResolver(env).seedSource(() -> 7L);
    }

    @Test
    void defaultsWhenNothingIsGiven() {
        Settings s = resolver(Map.of()).resolve();
        assertThat(s.fuzzing().mode()).isEqualTo(FuzzMode.ALL);
        assertThat(s.fuzzing().phase()).isEqualTo(PhaseChoice.AGGRESSIVE);
        assertThat(s.fuzzing().runs()).isEqualTo(10);
        assertThat(s.fuzzing().maxConcurrency()).isEqualTo(5);
        assertThat(s.protocol().runsPerType()).isEqualTo(5);
        assertThat(s.protocol().specGuard()).isTrue();
        assertThat(s.target().timeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.target().toolTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(s.target().maxLineBytes()).isEqualTo(16 * 1024 * 1024);
        assertThat(s.target().protocol()).isEqualTo(TransportProtocol.HTTP);
        assertThat(s.output().outputDir()).isEqualTo(Path.of("reports"));
        assertThat(s.output().failOn()).isNull();
        assertThat(s.logging().logLevel()).isEqualTo(LogLevel.WARNING);
        assertThat(s.safety().sandbox()).isEqualTo(SandboxMode.NONE);
        assertThat(s.watchdog().maxHangTime()).isEqualTo(Duration.ofSeconds(60));
        assertThat(s.provenance().origins().get("runs")).isEqualTo(Origin.DEFAULT);
    }

    @Test
    void commandLineBeatsEnvironmentBeatsFileBeatsDefault() throws IOException {
        Path cfg = yaml("c.yaml", "runs: 20\nruns_per_type: 7\ntimeout: 12.5\nmax_concurrency: 3\n");
        Map<String, String> env = Map.of("MCP_FUZZER_RUNS", "30", "MCP_FUZZER_RUNS_PER_TYPE", "8");
        Settings s = resolver(env).configFile(cfg).commandLine(Options.RUNS, "40").resolve();
        assertThat(s.fuzzing().runs()).isEqualTo(40);
        assertThat(s.protocol().runsPerType()).isEqualTo(8);
        assertThat(s.target().timeout()).isEqualTo(Duration.ofMillis(12_500));
        assertThat(s.fuzzing().maxConcurrency()).isEqualTo(3);
        assertThat(s.fuzzing().phase()).isEqualTo(PhaseChoice.AGGRESSIVE);
        Map<String, Origin> origins = s.provenance().origins();
        assertThat(origins.get("runs").kind()).isEqualTo(Origin.Kind.COMMAND_LINE);
        assertThat(origins.get("runs_per_type").detail()).isEqualTo("environment variable MCP_FUZZER_RUNS_PER_TYPE");
        assertThat(origins.get("timeout").detail()).isEqualTo(cfg + ":3:1");
        assertThat(s.provenance().configFile()).isEqualTo(cfg);
        assertThat(s.provenance().configSha256()).hasSize(64);
    }

    @Test
    void explicitFlagEqualToDefaultStillBeatsFileAndEnvironment() throws IOException {
        Path cfg = yaml("c.yml", "runs: 20\nmode: tools\nspec_guard: false\n");
        Settings s = resolver(Map.of("MCP_FUZZER_MODE", "protocol")).configFile(cfg)
                .commandLine(Options.RUNS, "10")
                .commandLine(Options.MODE, "all")
                .commandLine(Options.SPEC_GUARD, Boolean.TRUE)
                .resolve();
        assertThat(s.fuzzing().runs()).isEqualTo(10);
        assertThat(s.fuzzing().mode()).isEqualTo(FuzzMode.ALL);
        assertThat(s.protocol().specGuard()).isTrue();
    }

    @Test
    void negationOnCommandLineTurnsFileFlagOff() throws IOException {
        Path cfg = yaml("c.yml", "corpus_enabled: true\nhavoc_mode: true\n");
        Settings s = resolver(Map.of()).configFile(cfg).commandLine(Options.CORPUS, Boolean.FALSE).resolve();
        assertThat(s.fuzzing().corpus()).isFalse();
        assertThat(s.fuzzing().havoc()).isTrue();
    }

    @Test
    void fileErrorsNameFileLineAndKeyAndAreAllReported() throws IOException {
        Path cfg = yaml("bad.yaml", "# comment\nruns: ten\nmode: everything\ntarsport: stdio\nmax_concurrency: 0\n");
        assertThatThrownBy(() -> resolver(Map.of()).configFile(cfg).resolve())
                .isInstanceOfSatisfying(ConfigException.class, e -> {
                    assertThat(e.problems()).hasSize(4);
                    assertThat(e.getMessage())
                            .contains(cfg + ":2:1: key 'runs': expected an integer from 1 to 1000000, got a string ('ten')")
                            .contains(cfg + ":3:1: key 'mode': expected one of tools, protocol, resources, prompts, all")
                            .contains(cfg + ":4:1: key 'tarsport': unknown key")
                            .contains(cfg + ":5:1: key 'max_concurrency': expected an integer from 1 to 256, got 0");
                    assertThat(e.onlyEndpointSyntax()).isFalse();
                });
    }

    @Test
    void unknownKeySuggestsTheNearestOption() throws IOException {
        Path cfg = yaml("c.yaml", "run_per_type: 3\n");
        assertThatThrownBy(() -> resolver(Map.of()).configFile(cfg).resolve())
                .hasMessageContaining("key 'run_per_type': unknown key (did you mean 'runs_per_type'?)");
    }

    @Test
    void pythonKeysAndNestedOutputDirectoryAreUnderstood() throws IOException {
        Path cfg = yaml("c.yaml", "output:\n  directory: out\nhavoc_mode: true\nallow_hosts: [a.example, b.example]\n"
                + "tool: echo\nexport_csv: r.csv\n");
        Settings s = resolver(Map.of()).configFile(cfg).resolve();
        assertThat(s.output().outputDir()).isEqualTo(Path.of("out"));
        assertThat(s.output().exportCsv()).isEqualTo(Path.of("out", "r.csv"));
        assertThat(s.fuzzing().havoc()).isTrue();
        assertThat(s.safety().allowHosts()).containsExactly("a.example", "b.example");
        assertThat(s.fuzzing().tools()).containsExactly("echo");
    }

    @Test
    void settingTheSameOptionTwiceInAFileIsAnError() throws IOException {
        Path cfg = yaml("c.yaml", "output_dir: a\noutput:\n  directory: b\n");
        assertThatThrownBy(() -> resolver(Map.of()).configFile(cfg).resolve())
                .hasMessageContaining(cfg + ":3:3: key 'output.directory': sets the same option as 'output_dir'");
    }

    @Test
    void environmentErrorsNameTheVariable() {
        assertThatThrownBy(() -> resolver(Map.of("MCP_FUZZER_TIMEOUT", "abc", "MCP_FUZZER_NO_NETWORK", "maybe"))
                .resolve())
                .hasMessageContaining("environment variable MCP_FUZZER_TIMEOUT: expected a number greater than 0")
                .hasMessageContaining("environment variable MCP_FUZZER_NO_NETWORK: expected true/false");
    }

    @Test
    void environmentListsAndBooleansAreParsed() {
        Settings s = resolver(Map.of("MCP_FUZZER_ALLOW_HOSTS", "a, b,,c", "MCP_FUZZER_NO_NETWORK", "yes",
                "MCP_FUZZER_HEADERS", "X-A: 1, 2\nX-B: v", "MCP_FUZZER_FAIL_ON", "High")).resolve();
        assertThat(s.safety().allowHosts()).containsExactly("a", "b", "c");
        assertThat(s.safety().noNetwork()).isTrue();
        assertThat(s.target().headers()).containsExactly(Map.entry("X-A", "1, 2"), Map.entry("X-B", "v"));
        assertThat(s.output().failOn()).isEqualTo(Severity.HIGH);
    }

    @Test
    void commandLineErrorsNameTheOption() {
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.MAX_CONCURRENCY, "1000").resolve())
                .hasMessage("option --max-concurrency: expected an integer from 1 to 256, got 1000");
    }

    @Test
    void stdioEndpointIsSplitAndProtocolDerived() {
        Settings s = resolver(Map.of()).commandLine(Options.ENDPOINT, "python3 'my server.py' --flag").resolve();
        assertThat(s.target().protocol()).isEqualTo(TransportProtocol.STDIO);
        assertThat(s.target().command()).containsExactly("python3", "my server.py", "--flag");
        Settings url = resolver(Map.of()).commandLine(Options.ENDPOINT, "http://127.0.0.1:9/mcp").resolve();
        assertThat(url.target().protocol()).isEqualTo(TransportProtocol.HTTP);
        assertThat(url.target().command()).isEmpty();
    }

    @Test
    void unbalancedQuotesAreAnEndpointProblem() {
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.ENDPOINT, "node \"x.js").resolve())
                .isInstanceOfSatisfying(ConfigException.class, e -> {
                    assertThat(e.onlyEndpointSyntax()).isTrue();
                    assertThat(e.getMessage()).contains("option --endpoint").contains("unbalanced double quote");
                });
    }

    @Test
    void remoteProtocolNeedsAUrl() {
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.PROTOCOL_OPT, "sse")
                .commandLine(Options.ENDPOINT, "node x.js").resolve())
                .hasMessageContaining("--protocol sse needs an http:// or https:// URL");
    }

    @Test
    void endpointIsRequiredOnlyWhenAsked() {
        assertThatThrownBy(() -> resolver(Map.of()).requireTarget(true).resolve())
                .hasMessageContaining("--endpoint is required");
        assertThat(resolver(Map.of()).requireTarget(false).resolve().target().endpoint()).isNull();
    }

    @Test
    void crossOptionRulesAreChecked() {
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.SECURITY_AUDIT_INTRUSIVE, true).resolve())
                .hasMessageContaining("--security-audit-intrusive requires --security-audit");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.MODE, "tools")
                .commandLine(Options.PROTOCOL_TYPE, List.of("PingRequest")).resolve())
                .hasMessageContaining("--protocol-type can only be used with --mode protocol or all");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.MODE, "protocol")
                .commandLine(Options.TOOL, List.of("echo")).resolve())
                .hasMessageContaining("--tool can only be used with --mode tools or all");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.HEADERS, List.of("no-colon")).resolve())
                .hasMessageContaining("expected NAME: VALUE, got 'no-colon'");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.ENV, List.of("1BAD=x")).resolve())
                .hasMessageContaining("expected KEY=VALUE");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.SPEC_SCHEMA_VERSION, "latest").resolve())
                .hasMessageContaining("expected a version like 2025-11-25");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.PROTOCOL_TYPE, List.of("Nope")).resolve())
                .hasMessageContaining("expected a protocol type: one of InitializeRequest");
        assertThatThrownBy(() -> resolver(Map.of()).commandLine(Options.SPEC_PROMPT_ARGS, "[1]").resolve())
                .hasMessageContaining("expected a JSON object, got a list");
    }

    @Test
    void ruleViolationsFromTheFileNameTheFileLine() throws IOException {
        Path cfg = yaml("c.yaml", "mode: tools\nsecurity_audit_intrusive: true\n");
        assertThatThrownBy(() -> resolver(Map.of()).configFile(cfg).resolve())
                .hasMessage(cfg + ":2:1: key 'security_audit_intrusive': --security-audit-intrusive requires --security-audit");
    }

    @Test
    void seedIsChosenAndRecordedWhenNotGiven() {
        Settings chosen = resolver(Map.of()).resolve();
        assertThat(chosen.fuzzing().seed()).isEqualTo(7L);
        assertThat(chosen.provenance().origins().get("seed").kind()).isEqualTo(Origin.Kind.DERIVED);
        Settings given = resolver(Map.of()).commandLine(Options.SEED, "42").resolve();
        assertThat(given.fuzzing().seed()).isEqualTo(42L);
    }

    @Test
    void ciTurnsFailIfNoToolsOnUnlessAllowedOrNotToolsMode() {
        assertThat(resolver(Map.of("CI", "true")).resolve().output().failIfNoTools()).isTrue();
        assertThat(resolver(Map.of("MCP_FUZZER_IN_DOCKER", "1")).resolve().output().failIfNoTools()).isTrue();
        assertThat(resolver(Map.of("MCP_FUZZER_CI", "0")).resolve().output().failIfNoTools()).isFalse();
        assertThat(resolver(Map.of("CI", "true")).commandLine(Options.ALLOW_EMPTY_TOOLS, true).resolve()
                .output().failIfNoTools()).isFalse();
        assertThat(resolver(Map.of("CI", "true")).commandLine(Options.MODE, "protocol").resolve()
                .output().failIfNoTools()).isFalse();
        assertThat(resolver(Map.of()).resolve().output().failIfNoTools()).isFalse();
    }

    @Test
    void configFileComesFromEnvironmentOrDiscovery() throws IOException {
        Path cfg = yaml("named.yaml", "runs: 3\n");
        assertThat(resolver(Map.of("MCP_FUZZER_CONFIG", cfg.toString())).resolve().fuzzing().runs()).isEqualTo(3);
        yaml("mcp-fuzzer.yml", "runs: 4\n");
        Settings discovered = resolver(Map.of()).discoverConfigIn(List.of(dir.resolve("none"), dir)).resolve();
        assertThat(discovered.fuzzing().runs()).isEqualTo(4);
        assertThat(discovered.provenance().configFile()).isEqualTo(dir.resolve("mcp-fuzzer.yml"));
    }

    @Test
    void discoveryDirsFollowXdgThenHome() {
        Path cwd = Path.of("/w");
        assertThat(SettingsResolver.defaultDiscoveryDirs(cwd, Map.of("HOME", "/h")))
                .containsExactly(cwd, Path.of("/h/.config/mcp-fuzzer"));
        assertThat(SettingsResolver.defaultDiscoveryDirs(cwd, Map.of("HOME", "/h", "XDG_CONFIG_HOME", "/x")))
                .containsExactly(cwd, Path.of("/x/mcp-fuzzer"));
        assertThat(SettingsResolver.defaultDiscoveryDirs(cwd, Map.of())).containsExactly(cwd);
    }

    @Test
    void absoluteExportPathsAreKept() {
        Path abs = Path.of("/tmp/x.sarif").toAbsolutePath();
        Settings s = resolver(Map.of()).commandLine(Options.EXPORT_SARIF, abs.toString())
                .commandLine(Options.EXPORT_JUNIT, "j.xml").commandLine(Options.OUTPUT_DIR, "o").resolve();
        assertThat(s.output().exportSarif()).isEqualTo(abs);
        assertThat(s.output().exportJunit()).isEqualTo(Path.of("o", "j.xml"));
    }

    @Test
    void specPromptArgsAcceptJsonTextOrYamlMapping() throws IOException {
        Path cfg = yaml("c.yaml", "spec_prompt_args:\n  topic: cats\n  n: 2\n");
        Settings s = resolver(Map.of()).configFile(cfg).resolve();
        assertThat(s.protocol().specPromptArgs().get("topic").stringValue()).isEqualTo("cats");
        Settings t = resolver(Map.of()).commandLine(Options.SPEC_PROMPT_ARGS, "{\"a\":1}").resolve();
        assertThat(t.protocol().specPromptArgsJson()).isEqualTo("{\"a\":1}");
    }

    @Test
    void everyOptionHasAUniqueKeyNameAndVariable() {
        assertThat(Options.ALL.stream().map(OptionDef::key).distinct().count()).isEqualTo(Options.ALL.size());
        assertThat(Options.ALL.stream().map(OptionDef::longName).distinct().count()).isEqualTo(Options.ALL.size());
        for (OptionDef<?> d : Options.ALL) {
            assertThat(Options.byEnvName(d.envName())).isSameAs(d);
            assertThat(Options.byFileKey(d.key())).isSameAs(d);
        }
    }
}
