package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.AuditFixtureServer;
import io.mcpfuzzer.testsupport.JavaCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * With {@code --security-audit}, two shards merged find what the whole campaign finds: the one-off
 * audits (listing, annotation probe, relisting) run once on shard 1, the injection probes are split,
 * and the per-answer oracles run in every shard. Real campaigns against the audit fixture server.
 */
@Timeout(600)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ShardAuditTest") // its methods run one after the other (a lock forces them into one thread)
class ShardAuditTest {
    private static final Set<String> TIMING = Set.of("performance_outlier", "memory_growth");

    @TempDir
    Path dir;

    @Test
    void auditFindingsOfTwoShardsMergedAreThoseOfTheWholeRun() throws Exception {
        Path whole = campaign("whole", null);
        Path one = campaign("one", "1/2");
        Path two = campaign("two", "2/2");
        Path merged = dir.resolve("merged");
        CliRunTest.Outcome m = CliRunTest.run("merge", one.toString(), two.toString(), "--output-dir", merged.toString());
        assertThat(m.code()).as(m.err()).isZero();

        Set<String> wholeIds = ids(whole);
        assertThat(wholeIds).anyMatch(id -> id.contains("MCPF-"));
        assertThat(ids(merged)).isEqualTo(wholeIds);
        assertThat(wholeIds).as("listing audit findings").anyMatch(id -> id.contains(" MCPF-META-001 "));
        assertThat(ids(one)).anyMatch(id -> id.contains(" MCPF-META-001 "));
        assertThat(ids(two)).as("the listing audit runs on shard 1 only").noneMatch(id -> id.contains(" MCPF-META-"));
        assertThat(summary(merged).path("total_runs").asLong()).isEqualTo(summary(whole).path("total_runs").asLong());
        assertThat(summary(two).path("total_runs").asLong()).isLessThan(summary(whole).path("total_runs").asLong());
    }

    private Path campaign(String name, String shard) throws Exception {
        Path root = Files.createDirectories(dir.resolve(name + "-root"));
        Path out = dir.resolve(name);
        String endpoint = String.join(" ", JavaCommand.of(AuditFixtureServer.class, "--root", root.toString(),
                "--variant", "1"));
        String[] base = {"--mode", "tools", "--phase", "realistic", "--runs", "2", "--seed", "11", "--timeout", "10",
            "--security-audit", "--fs-root", root.toString(), "--sandbox", "none", "--endpoint", endpoint,
            "--output-dir", out.toString()};
        String[] args = shard == null ? base : concat(base, "--shard", shard);
        CliRunTest.Outcome o = CliRunTest.run(args);
        assertThat(o.code()).as(o.err()).isZero();
        return out;
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static JsonNode summary(Path out) throws Exception {
        return Json.parse(Files.readString(out.resolve("run_summary.json")));
    }

    private static Set<String> ids(Path out) throws Exception {
        Set<String> ids = new TreeSet<>();
        for (JsonNode f : Json.parse(Files.readString(out.resolve("findings.json"))).get("findings")) {
            if (!TIMING.contains(f.path("category").asString())) {
                ids.add(f.path("category").asString() + " " + f.path("check_id").asString("") + " "
                        + f.path("target").asString() + " " + f.path("id").asString());
            }
        }
        return ids;
    }
}
