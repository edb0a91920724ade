package io.mcpfuzzer.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvCheckTest {
    @Test
    void validVariablesPassAndUnknownOnesOnlyWarn() {
        EnvCheck.Report r = EnvCheck.check(Map.of("MCP_FUZZER_RUNS", "3", "MCP_FUZZER_SAFETY_ENABLED", "true",
                "MCP_FUZZER_CI", "1", "PATH", "/bin"));
        assertThat(r.valid()).isTrue();
        assertThat(r.lines()).contains("OK MCP_FUZZER_RUNS='3'", "OK MCP_FUZZER_CI='1'",
                "WARN MCP_FUZZER_SAFETY_ENABLED='true' (not a setting)", "All environment variables are valid");
        assertThat(String.join("\n", r.lines())).doesNotContain("PATH");
    }

    @Test
    void invalidValuesFailAndSecretsAreNotEchoed() {
        EnvCheck.Report r = EnvCheck.check(Map.of("MCP_FUZZER_LOG_LEVEL", "loud",
                "MCP_FUZZER_HEADERS", "Authorization: Bearer s3cret"));
        assertThat(r.valid()).isFalse();
        assertThat(r.lines()).anyMatch(l -> l.startsWith("X MCP_FUZZER_LOG_LEVEL='loud' (expected one of debug"));
        assertThat(r.lines()).contains("OK MCP_FUZZER_HEADERS=(value hidden)");
        assertThat(String.join("\n", r.lines())).doesNotContain("s3cret")
                .endsWith("Some environment variables have invalid values");
    }

    @Test
    void saysSoWhenNothingIsSet() {
        EnvCheck.Report r = EnvCheck.check(Map.of());
        assertThat(r.valid()).isTrue();
        assertThat(r.lines()).contains("No MCP_FUZZER_* variables are set");
    }
}
