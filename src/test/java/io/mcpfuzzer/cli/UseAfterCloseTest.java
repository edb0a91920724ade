package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.testservers.HandlesServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * A use-after-close that needs an id from another tool ({@link HandlesServer}: {@code read} of a
 * handle that {@code close} closed dies) is found with every seed, through the command line with
 * {@code --mode tools --phase realistic} at 10 runs: {@code open} runs first, {@code close} closes
 * some of its handles, {@code read} gets live and closed ones. The clean twin, whose read of a closed
 * handle is a proper error, gets nothing of medium or above.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:UseAfterCloseTest") // its methods run one after the other (a lock forces them into one thread)
class UseAfterCloseTest {
    @TempDir
    Path dir;

    private JsonNode campaign(long seed, boolean clean, String name) throws Exception {
        Path out = dir.resolve(name);
        List<String> server = clean ? List.of("--clean") : List.of();
        CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--phase", "realistic", "--runs", "10", "--seed",
                Long.toString(seed), "--timeout", "5", "--protocol", "stdio", "--endpoint",
                String.join(" ", JavaCommand.of(HandlesServer.class, server.toArray(String[]::new))),
                "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isIn(0, ExitCodes.FINDINGS);
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("tools").path("by_name").path("read").path("harvested_id_calls").asLong())
                .as("read got handles from open: " + summary.path("tools")).isPositive();
        return Json.parse(Files.readString(out.resolve("findings.json")));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void theUseAfterCloseIsFoundWithEverySeed(long seed) throws Exception {
        JsonNode findings = campaign(seed, false, "planted-" + seed);
        List<String> crashes = new ArrayList<>();
        for (JsonNode f : findings.path("findings")) {
            if (f.path("category").asString("").equals("crash") && f.path("target").asString("").equals("read")) {
                crashes.add(f.path("severity").asString("") + " " + f.path("evidence").path("input"));
            }
        }
        assertThat(crashes).as("crash of read in " + findings.path("findings").size() + " findings").isNotEmpty();
        // the evidence's input may be another read in flight when the server died (--max-concurrency 5)
        assertThat(crashes.get(0)).startsWith("high");
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2})
    void theCleanTwinGetsNothingOfMediumOrAbove(long seed) throws Exception {
        JsonNode findings = campaign(seed, true, "clean-" + seed);
        List<String> serious = new ArrayList<>();
        for (JsonNode f : findings.path("findings")) {
            if (Severity.parse(f.path("severity").asString("info")).atLeast(Severity.MEDIUM)) {
                serious.add(f.path("category").asString("") + " " + f.path("target").asString("") + ": "
                        + f.path("detail").asString(""));
            }
        }
        assertThat(serious).isEmpty();
    }
}
