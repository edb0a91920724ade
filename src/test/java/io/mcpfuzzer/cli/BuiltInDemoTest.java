package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code mcp-fuzzer demo} with its own tuned defaults (short timeout, few runs) still shows every
 * kind of planted flaw, on two seeds; its silently dropped requests are decided by the barrier.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@Order(12) // started early: one of the longest classes (a long class started last stretches the run)
class BuiltInDemoTest {
    @TempDir
    Path dir;

    /** The seeds run concurrently (independent demo runs, each with its own server processes). */
    @ParameterizedTest
    @ValueSource(strings = {"1", "8385178102904659686"})
    void theDemoShowsACrashAHangALeakAReflectionAndADrop(String seed) throws Exception {
        Path out = dir.resolve("seed-" + seed);
        CliRunTest.Outcome o = CliRunTest.run("demo", "--seed", seed, "--output-dir", out.toString());

        assertThat(o.code()).as(o.err()).isZero();
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json"))).get("findings");
        List<String> categories = new ArrayList<>();
        findings.forEach(f -> categories.add(f.get("category").asString()));
        assertThat(categories).as("seed " + seed).contains("crash", "hang", "error_leakage",
                "injection_reflection", "protocol_violation");
        for (JsonNode f : findings) {
            if (f.path("evidence").has("dropped")) {
                assertThat(f.path("evidence").path("decided_by").asString()).as("seed " + seed)
                        .isEqualTo("barrier");
            }
        }
        assertThat(findings).as("seed " + seed).anyMatch(f -> f.path("evidence").has("dropped"));
    }
}
