package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The scale-out examples of docs/scale-out.md parse as YAML and hold together: the GitHub matrix
 * lists shards 1..N and every fuzz job passes {@code --shard K/N} with that N, the merge job needs the
 * shards and uploads SARIF; the Kubernetes Job is Indexed with as many completions as
 * {@code --shard-count}, and a second Job merges the shards' folders.
 */
class ScaleOutExamplesTest {
    private static final Path EXAMPLES = Path.of("docs", "examples");
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    @Test
    void theGithubMatrixRunsEveryShardAndMergesWithSarifUpload() throws IOException {
        JsonNode wf = YAML.readTree(Files.readString(EXAMPLES.resolve("github-shards.yml")));
        JsonNode fuzz = wf.path("jobs").path("fuzz");
        JsonNode shards = fuzz.path("strategy").path("matrix").path("shard");
        assertThat(shards.isArray()).isTrue();
        List<Integer> listed = new ArrayList<>();
        shards.forEach(s -> listed.add(s.asInt()));
        int n = listed.size();
        assertThat(n).isGreaterThan(1);
        for (int k = 1; k <= n; k++) {
            assertThat(listed.get(k - 1)).isEqualTo(k);
        }
        assertThat(fuzz.path("strategy").path("fail-fast").asBoolean(true)).isFalse();
        String fuzzRun = runOf(fuzz, "mcp-fuzzer ");
        assertThat(fuzzRun).contains("--shard ${{ matrix.shard }}/" + n).contains("--seed")
                .contains("--output-dir shard-${{ matrix.shard }}");
        assertThat(usesOf(fuzz)).anyMatch(u -> u.startsWith("actions/upload-artifact@"));

        JsonNode merge = wf.path("jobs").path("merge");
        assertThat(merge.path("needs").asString()).isEqualTo("fuzz");
        assertThat(merge.path("if").asString()).isEqualTo("always()");
        String mergeRun = runOf(merge, "mcp-fuzzer merge");
        assertThat(mergeRun).contains("--output-dir merged").contains("--export-sarif report.sarif");
        assertThat(usesOf(merge)).anyMatch(u -> u.startsWith("actions/download-artifact@"))
                .anyMatch(u -> u.startsWith("github/codeql-action/upload-sarif@"));
        assertThat(merge.path("permissions").path("security-events").asString()).isEqualTo("write");
        // the merge command line parses with the real command
        assertThat(CommandBuilder.build("test").parseArgs("merge", "a", "b", "--output-dir", "merged",
                "--export-sarif", "report.sarif", "--fail-on", "high").subcommand()).isNotNull();
    }

    @Test
    void theKubernetesIndexedJobShardsByCompletionIndexAndASecondJobMerges() throws IOException {
        List<JsonNode> docs = new ArrayList<>();
        for (String part : Files.readString(EXAMPLES.resolve("k8s-indexed-job.yml")).split("(?m)^---$")) {
            JsonNode doc = YAML.readTree(part);
            if (doc != null && !doc.isMissingNode() && !doc.isNull()) {
                docs.add(doc);
            }
        }
        JsonNode claim = docs.stream().filter(d -> d.path("kind").asString().equals("PersistentVolumeClaim"))
                .findFirst().orElseThrow();
        String claimName = claim.path("metadata").path("name").asString();
        List<JsonNode> jobs = docs.stream().filter(d -> d.path("kind").asString().equals("Job")).toList();
        assertThat(jobs).hasSize(2);

        JsonNode shards = jobs.get(0).path("spec");
        assertThat(shards.path("completionMode").asString()).isEqualTo("Indexed");
        String cmd = String.join(" ", texts(shards.path("template").path("spec").path("containers").get(0)));
        Matcher count = Pattern.compile("--shard-count (\\d+)").matcher(cmd);
        assertThat(count.find()).as(cmd).isTrue();
        assertThat(shards.path("completions").asInt()).isEqualTo(Integer.parseInt(count.group(1)));
        assertThat(cmd).contains("mcp-fuzzer ").contains("--seed").contains("$JOB_COMPLETION_INDEX")
                .doesNotContain("--shard ");
        assertThat(shards.path("template").path("spec").path("volumes").get(0).path("persistentVolumeClaim")
                .path("claimName").asString()).isEqualTo(claimName);

        JsonNode merge = jobs.get(1).path("spec");
        String mergeCmd = String.join(" ", texts(merge.path("template").path("spec").path("containers").get(0)));
        assertThat(mergeCmd).contains("mcp-fuzzer merge /reports/shard-*").contains("--output-dir /reports/merged")
                .contains("--export-sarif");
        assertThat(merge.path("template").path("spec").path("volumes").get(0).path("persistentVolumeClaim")
                .path("claimName").asString()).isEqualTo(claimName);
    }

    @Test
    void theGuideNamesBothExamples() throws IOException {
        String guide = Files.readString(Path.of("docs", "scale-out.md"));
        assertThat(guide).contains("examples/github-shards.yml").contains("examples/k8s-indexed-job.yml")
                .contains("mcp-fuzzer merge").contains("mcp-fuzzer sweep").contains("JOB_COMPLETION_INDEX");
    }

    private static String runOf(JsonNode job, String containing) {
        for (JsonNode step : job.path("steps")) {
            String run = step.path("run").asString("");
            if (run.contains(containing)) {
                return run;
            }
        }
        throw new AssertionError("no step runs " + containing);
    }

    private static List<String> usesOf(JsonNode job) {
        List<String> uses = new ArrayList<>();
        job.path("steps").forEach(s -> uses.add(s.path("uses").asString("")));
        return uses;
    }

    private static List<String> texts(JsonNode container) {
        List<String> out = new ArrayList<>();
        container.path("command").forEach(c -> out.add(c.asString()));
        container.path("args").forEach(c -> out.add(c.asString()));
        return out;
    }
}
