package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.testservers.RootCauseServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * A campaign split with {@code --shard K/3} and merged does exactly the work of the same campaign run
 * whole: the same runs (kind, target, run index and input), the same total and per-target run counts,
 * the same finding fingerprints; each shard does less. Merging is order-independent and idempotent.
 * Real campaigns through the command line, in-process, against a fixture server child process whose
 * answers depend only on the input. Timing-based aggregates (latency outliers, memory growth) are left
 * out of the fingerprint comparison: they differ between two unsharded runs too.
 */
@Timeout(900)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("class:ShardMergeTest") // its methods run one after the other (a lock forces them into one thread)
class ShardMergeTest {
    private static final Set<String> TIMING = Set.of("performance_outlier", "memory_growth");

    @TempDir
    Path dir;

    private String[] campaign(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("--mode", "all", "--phase", "both", "--runs", "6",
                "--runs-per-type", "1", "--seed", "77", "--timeout", "20", "--output-dir", out.toString(),
                "--endpoint", CliRunTest.endpoint(RootCauseServer.class) + " internal"));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Test
    void threeShardsMergedDoTheWorkOfOneRun() throws Exception {
        Path whole = dir.resolve("whole");
        CliRunTest.Outcome w = CliRunTest.run(campaign(whole));
        assertThat(w.code()).as(w.err()).isZero();
        List<Path> shards = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            Path out = dir.resolve("shard" + k);
            CliRunTest.Outcome o = CliRunTest.run(campaign(out, "--shard", k + "/3"));
            assertThat(o.code()).as(o.err()).isZero();
            shards.add(out);
        }
        JsonNode wholeSummary = summary(whole);
        long total = wholeSummary.get("total_runs").asLong();
        assertThat(total).isGreaterThan(60);

        Set<String> union = new TreeSet<>();
        for (int k = 0; k < 3; k++) {
            JsonNode s = summary(shards.get(k));
            assertThat(s.path("shard").path("index").asInt()).isEqualTo(k + 1);
            assertThat(s.path("shard").path("count").asInt()).isEqualTo(3);
            assertThat(s.get("total_runs").asLong()).as("shard %d", k + 1).isPositive().isLessThan(total);
            for (String run : runs(shards.get(k))) {
                assertThat(union.add(run)).as("run done by two shards: %s", run).isTrue();
            }
        }
        assertThat(union).as("the shards' runs are the whole run's runs").isEqualTo(runs(whole));

        Path merged = dir.resolve("merged");
        CliRunTest.Outcome m = CliRunTest.run(mergeArgs(merged, shards.get(0), shards.get(1), shards.get(2)));
        assertThat(m.code()).as(m.err()).isZero();
        JsonNode mergedSummary = summary(merged);
        assertThat(mergedSummary.get("total_runs").asLong()).isEqualTo(total);
        assertThat(runsPerTarget(mergedSummary)).isEqualTo(runsPerTarget(wholeSummary));
        assertThat(mergedSummary.path("tools").path("total_runs").asLong())
                .isEqualTo(wholeSummary.path("tools").path("total_runs").asLong());
        assertThat(fingerprints(merged)).isNotEmpty().isEqualTo(fingerprints(whole));
        JsonNode rootCause = rootCause(merged);
        assertThat(rootCause.path("count").asInt()).isEqualTo(rootCause(whole).path("count").asInt());
        assertThat(rootCause.path("evidence").path("covers_total").asInt())
                .isEqualTo(rootCause(whole).path("evidence").path("covers_total").asInt());
        try (Stream<Path> sessions = Files.list(merged.resolve("sessions"))) {
            assertThat(sessions.count()).as("every shard's session is kept").isEqualTo(3);
        }
        assertThat(merged.resolve("report.sarif")).exists();
        assertThat(merged.resolve("spec_guard.json")).exists();

        Path reversed = dir.resolve("reversed");
        CliRunTest.Outcome r = CliRunTest.run(mergeArgs(reversed, shards.get(2), shards.get(0), shards.get(1)));
        assertThat(r.code()).as(r.err()).isZero();
        assertSameBytes(merged, reversed);
        CliRunTest.Outcome again = CliRunTest.run(mergeArgs(merged, shards.get(1), shards.get(2), shards.get(0)));
        assertThat(again.code()).as(again.err()).isZero();
        assertSameBytes(merged, reversed);

        CliRunTest.Outcome gated = CliRunTest.run("merge", shards.get(0).toString(), shards.get(1).toString(),
                shards.get(2).toString(), "--output-dir", dir.resolve("gated").toString(), "--fail-on", "info");
        assertThat(gated.code()).as("--fail-on applies to the merged findings").isEqualTo(ExitCodes.FINDINGS);
    }

    @Test
    void mergeRefusesShardsOfAnotherSeedOrTheSameShardTwice() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Path c = dir.resolve("c");
        assertThat(CliRunTest.run(small(a, "5", "1/2")).code()).isZero();
        assertThat(CliRunTest.run(small(b, "6", "2/2")).code()).isZero();
        assertThat(CliRunTest.run(small(c, "5", "1/2")).code()).isZero();
        CliRunTest.Outcome seeds = CliRunTest.run("merge", a.toString(), b.toString(), "--output-dir",
                dir.resolve("m1").toString());
        assertThat(seeds.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(seeds.err()).contains("seed");
        CliRunTest.Outcome twice = CliRunTest.run("merge", a.toString(), c.toString(), "--output-dir",
                dir.resolve("m2").toString());
        assertThat(twice.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(twice.err()).contains("given twice");
        CliRunTest.Outcome noSeed = CliRunTest.run("--endpoint", "x", "--shard", "1/2", "--output-dir",
                dir.resolve("m3").toString());
        assertThat(noSeed.code()).isEqualTo(ExitCodes.USAGE);
        assertThat(noSeed.err()).contains("--seed");
    }

    private String[] small(Path out, String seed, String shard) {
        return new String[] {"--mode", "tools", "--runs", "2", "--seed", seed, "--shard", shard, "--timeout", "20",
            "--output-dir", out.toString(), "--endpoint", CliRunTest.endpoint(RootCauseServer.class) + " internal"};
    }

    private static String[] mergeArgs(Path out, Path... shards) {
        List<String> args = new ArrayList<>(List.of("merge"));
        for (Path s : shards) {
            args.add(s.toString());
        }
        args.addAll(List.of("--output-dir", out.toString(), "--export-sarif", "report.sarif", "--export-html",
                "report.html", "--export-csv", "report.csv"));
        return args.toArray(String[]::new);
    }

    private static void assertSameBytes(Path a, Path b) throws IOException {
        for (String file : List.of("findings.json", "run_summary.json", "report.sarif", "report.html", "report.csv")) {
            assertThat(Files.readString(b.resolve(file))).as(file).isEqualTo(Files.readString(a.resolve(file)));
        }
    }

    private static JsonNode summary(Path out) throws IOException {
        return Json.parse(Files.readString(out.resolve("run_summary.json")));
    }

    /** kind:target#run -> input, one entry per run of every runs.jsonl under the folder. */
    private static Set<String> runs(Path out) throws IOException {
        Set<String> runs = new TreeSet<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(out.resolve("sessions"))) {
            files = walk.filter(p -> p.getFileName().toString().equals("runs.jsonl")).toList();
        }
        for (Path file : files) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                JsonNode run = Json.parse(line);
                runs.add(run.path("kind").asString() + ":" + run.path("target").asString() + "#"
                        + run.path("run").asInt() + " " + run.path("input") + " " + run.path("raw_input"));
            }
        }
        return runs;
    }

    private static Map<String, Long> runsPerTarget(JsonNode summary) {
        Map<String, Long> out = new TreeMap<>();
        JsonNode per = summary.path("per_target");
        for (String key : per.propertyNames()) {
            long n = 0;
            for (JsonNode count : per.get(key)) {
                n += count.asLong();
            }
            out.put(key, n);
        }
        return out;
    }

    private static Set<String> fingerprints(Path out) throws IOException {
        Set<String> ids = new TreeSet<>();
        for (JsonNode f : Json.parse(Files.readString(out.resolve("findings.json"))).get("findings")) {
            if (!TIMING.contains(f.path("category").asString())) {
                ids.add(f.path("category").asString() + ":" + f.path("id").asString());
            }
        }
        return ids;
    }

    private static JsonNode rootCause(Path out) throws IOException {
        for (JsonNode f : Json.parse(Files.readString(out.resolve("findings.json"))).get("findings")) {
            if (f.path("evidence").has("covers") && f.path("kind").asString().equals("tool")) {
                return f;
            }
        }
        throw new AssertionError("no root-cause tool finding in " + out);
    }
}
