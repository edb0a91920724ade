package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.safety.LaunchPlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the fuzzer handed a target at launch: its own folders with their contents, the rest exactly. */
class GivenPathsTest {
    @Test
    void foldersTheFuzzerMadeAreOwnEverythingElseIsExact() {
        Path state = Path.of("/tmp/mcpfuzzer-safety-123");
        LaunchPlan plan = new LaunchPlan(List.of("node", "/usr/src/app/server.js"),
                Map.of("HOME", "/tmp/mcpfuzzer-safety-123/home/root", "TMPDIR", "/tmp/mcpfuzzer-safety-123/tmp",
                        "DATA", "/home/alice", "PATH", "/usr/bin:/bin", "ESCAPE", "/tmp/mcpfuzzer-safety-123/../etc"),
                Path.of("/usr/src/app"), List.of(), null);
        FuzzRunner.Given given = FuzzRunner.given(List.of(plan), state);
        assertThat(given.ownDirs()).containsExactlyInAnyOrder("/tmp/mcpfuzzer-safety-123/home/root",
                "/tmp/mcpfuzzer-safety-123/tmp");
        assertThat(given.exact()).contains("node", "/usr/src/app/server.js", "/home/alice", "/usr/src/app",
                "/tmp/mcpfuzzer-safety-123/../etc").doesNotContain("/usr/bin:/bin");
        assertThat(FuzzRunner.given(List.of(plan), null).ownDirs()).isEmpty();
    }
}
