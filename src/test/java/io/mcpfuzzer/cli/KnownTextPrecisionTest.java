package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.StoreAndPathsServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * Leak and reflection oracles know what the fuzzer sent and what the server publishes: against a
 * server that echoes paths it was given, publishes its folder, stores and shows entities and quotes
 * rejected values, the only leak is the control tool's own source path and the only reflection is
 * the control tool splicing input into prose, at low.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:KnownTextPrecisionTest") // its methods run one after the other (a lock forces them into one thread)
class KnownTextPrecisionTest {
    @TempDir
    Path dir;

    @Test
    void echoesOfInputAndPublishedDataAreNotFindings() throws Exception {
        Path out = dir.resolve("out");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--protocol", "stdio", "--endpoint",
                CliRunTest.endpoint(StoreAndPathsServer.class), "--runs", "34", "--phase", "both", "--seed", "7",
                "--timeout", "5", "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isIn(0, ExitCodes.FINDINGS);
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json"))).path("findings");
        List<String> leaks = new ArrayList<>();
        List<String> reflections = new ArrayList<>();
        for (JsonNode f : findings) {
            String where = f.path("target").asString() + " " + f.path("severity").asString() + " "
                    + f.path("detail").asString() + " | input " + f.path("evidence").path("input") + " | "
                    + f.path("evidence").path("leak_excerpt").asString();
            if (f.path("category").asString().equals("error_leakage")) {
                leaks.add(where);
            }
            if (f.path("category").asString().equals("injection_reflection")) {
                reflections.add(where);
            }
        }
        assertThat(leaks).as("leaks").isNotEmpty().allMatch(l -> l.startsWith("leaky_tool "));
        assertThat(reflections).as("reflections").isNotEmpty().allMatch(r -> r.startsWith("greet low"));
    }
}
