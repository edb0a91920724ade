package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.demo.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import tools.jackson.databind.JsonNode;

/** A failure of the runner itself after a real campaign still leaves both report files, with what was found. */
@Timeout(300)
@Isolated // sets a global test hook that would fault the campaigns of concurrent classes
class RunnerFailureTest {
    @TempDir
    Path dir;

    @AfterEach
    void off() {
        FuzzRunner.testHook = null;
    }

    @Test
    void theRunnerFailingAfterTheCampaignWritesStatusErrorWithTheFindingsAndExitsOne() throws Exception {
        FuzzRunner.testHook = step -> {
            throw new IllegalStateException("injected runner failure");
        };
        Path out = dir.resolve("r");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--endpoint", CliRunTest.endpoint(DemoServer.class),
                "--tool", "read_note", "--runs", "4", "--seed", "8", "--timeout", "2", "--output-dir", out.toString());

        assertThat(o.code()).as(o.err()).isEqualTo(ExitCodes.ERROR);
        JsonNode summary = Json.parse(Files.readString(out.resolve("run_summary.json")));
        assertThat(summary.path("status").asString()).isEqualTo("error");
        assertThat(summary.path("status_reason").asString())
                .isEqualTo("the fuzzer could not continue: java.lang.IllegalStateException: injected runner failure");
        assertThat(summary.path("total_runs").asLong()).isPositive();
        assertThat(summary.at("/fuzzer_errors/entries/0/check").asString()).isEqualTo("fuzz_runner");
        JsonNode findings = Json.parse(Files.readString(out.resolve("findings.json")));
        assertThat(findings.at("/run_info/status").asString()).isEqualTo("error");
        assertThat(findings.toString()).contains("\"category\":\"crash\"");
        assertThat(o.err()).contains("could not continue").doesNotContain("\tat ");
    }
}
