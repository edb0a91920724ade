package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.PickyFilesServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Realistic inputs reach the logic of a server that validates like real ones: SQL for a {@code sql}
 * parameter, existing sample files (planted under {@code --fs-root}) of the described type for path
 * parameters, the root for a directory; {@code run_summary.json} shows the accepted share per tool.
 */
@Timeout(300)
@Execution(ExecutionMode.CONCURRENT)
class RealisticReachTest {
    @TempDir
    Path dir;

    @Test
    void mostRealisticCallsAreAcceptedAndTheShareIsReported() throws Exception {
        Path root = dir.resolve("root");
        Path out = dir.resolve("out");
        CliRunTest.Outcome o = CliRunTest.run("--mode", "tools", "--protocol", "stdio", "--endpoint",
                CliRunTest.endpoint(PickyFilesServer.class), "--runs", "10", "--phase", "realistic", "--seed", "4",
                "--timeout", "5", "--fs-root", root.toString(), "--output-dir", out.toString());
        assertThat(o.code()).as(o.err()).isIn(0, ExitCodes.FINDINGS);
        assertThat(root.resolve("sample-document.pdf")).exists();
        assertThat(Files.readString(root.resolve("sample-data.json"))).startsWith("{");
        JsonNode byName = Json.parse(Files.readString(out.resolve("run_summary.json"))).path("tools").path("by_name");
        for (String tool : new String[] {"run_sql", "read_file", "read_pdf", "list_directory"}) {
            JsonNode stats = byName.path(tool);
            assertThat(stats.path("realistic_calls").asLong()).as(tool).isEqualTo(10);
            assertThat(stats.path("accepted_share").asDouble()).as(tool + " " + stats).isGreaterThanOrEqualTo(0.8);
        }
    }
}
