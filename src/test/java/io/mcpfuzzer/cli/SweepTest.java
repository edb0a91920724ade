package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.EchoToolsServer;
import io.mcpfuzzer.testservers.RootCauseServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * {@code sweep} over two real fixture servers and one that cannot start: one report folder per
 * server, a combined sweep_summary.json with the failure recorded, the others completed, and the
 * exit code of the worst.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:SweepTest") // its methods run one after the other (a lock forces them into one thread)
@Order(13) // started early: one of the longest classes (a long class started last stretches the run)
class SweepTest {
    @TempDir
    Path dir;

    @Test
    void sweepsEveryServerAndRecordsTheOneThatFails() throws Exception {
        Path targets = dir.resolve("targets.yml");
        Files.writeString(targets, String.join("\n",
                "flags: [--mode, tools, --runs, '2', --seed, '3', --timeout, '20', --coverage-budget, '0']",
                "servers:",
                "  - name: echo",
                "    protocol: stdio",
                "    endpoint: " + Json.write(CliRunTest.endpoint(EchoToolsServer.class)),
                "    env: {ECHO_FIXTURE: '1'}",
                "  - name: broken",
                "    endpoint: /nonexistent/mcp-server-that-is-not-installed --stdio",
                "  - name: root cause",
                "    endpoint: " + Json.write(CliRunTest.endpoint(RootCauseServer.class) + " internal"),
                "    flags: --phase both",
                ""));
        Path out = dir.resolve("sweep");
        CliRunTest.Outcome o = CliRunTest.run("sweep", targets.toString(), "--parallel", "2", "--output-dir",
                out.toString());

        assertThat(o.code()).as("worst of the servers: %s%s", o.out(), o.err()).isEqualTo(ExitCodes.ERROR);
        JsonNode summary = Json.parse(Files.readString(out.resolve("sweep_summary.json")));
        JsonNode servers = summary.get("servers");
        assertThat(servers).hasSize(3);
        assertThat(List.of(servers.get(0).path("name").asString(), servers.get(1).path("name").asString(),
                servers.get(2).path("name").asString())).containsExactly("echo", "broken", "root cause");

        JsonNode echo = servers.get(0);
        assertThat(echo.path("status").asString()).isEqualTo("completed");
        assertThat(echo.path("exit_code").asInt()).isZero();
        assertThat(echo.path("total_runs").asLong()).isEqualTo(3 * 2); // three tools, --runs 2, one phase
        assertThat(out.resolve("echo").resolve("run_summary.json")).exists();
        assertThat(out.resolve("echo").resolve("findings.json")).exists();

        JsonNode broken = servers.get(1);
        assertThat(broken.path("status").asString()).isNotEqualTo("completed");
        assertThat(broken.path("exit_code").asInt()).isEqualTo(ExitCodes.ERROR);
        assertThat(out.resolve("broken").resolve("fuzzer.log")).exists();

        JsonNode rootCause = servers.get(2);
        assertThat(rootCause.path("status").asString()).isEqualTo("completed");
        assertThat(rootCause.path("total_runs").asLong()).isEqualTo(3 * 2 * 2);
        assertThat(rootCause.path("findings").asLong()).isPositive();
        assertThat(rootCause.path("findings_by_severity").size()).isPositive();
        Path folder = out.resolve(rootCause.path("output_dir").asString());
        JsonNode own = Json.parse(Files.readString(folder.resolve("run_summary.json")));
        assertThat(own.path("findings").path("total").asLong()).isEqualTo(rootCause.path("findings").asLong());

        assertThat(summary.path("totals").path("servers").asInt()).isEqualTo(3);
        assertThat(summary.path("totals").path("completed").asInt()).isEqualTo(2);
        assertThat(summary.path("totals").path("failed").asInt()).isEqualTo(1);
        assertThat(summary.path("exit_code").asInt()).isEqualTo(ExitCodes.ERROR);
    }

    @Test
    void rejectsAFileWithoutServersOrWithADuplicateName() throws Exception {
        Path empty = dir.resolve("empty.yml");
        Files.writeString(empty, "servers: []\n");
        CliRunTest.Outcome o = CliRunTest.run("sweep", empty.toString(), "--output-dir", dir.resolve("o").toString());
        assertThat(o.code()).isEqualTo(ExitCodes.USAGE);
        Path twice = dir.resolve("twice.yml");
        Files.writeString(twice, "- {name: a, endpoint: x}\n- {name: a, endpoint: y}\n");
        CliRunTest.Outcome t = CliRunTest.run("sweep", twice.toString(), "--output-dir", dir.resolve("t").toString());
        assertThat(t.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(t.err()).contains("used twice");
    }
}
