package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The CI recipe of docs/ci.md: docs/examples/github-fuzz.yml is valid YAML, fuzzes with a
 * {@code --fail-on} gate, uploads the SARIF file the fuzz step writes (under its --output-dir) to code
 * scanning even when the gate fails, has the permission that upload needs, and its fuzz command line
 * parses with the real command. docs/ci.md shows the same file verbatim.
 */
class CiRecipeTest {
    private static final Path WORKFLOW = Path.of("docs", "examples", "github-fuzz.yml");
    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    @Test
    void theWorkflowFuzzesGatesAndUploadsTheSarifItWrote() throws IOException {
        JsonNode wf = YAML.readTree(Files.readString(WORKFLOW));
        assertThat(wf.path("on").isObject()).isTrue();
        JsonNode job = wf.path("jobs").path("fuzz");
        assertThat(job.path("permissions").path("security-events").asString()).isEqualTo("write");
        JsonNode java = stepUsing(job, "actions/setup-java@").path("with").path("java-version");
        assertThat(Integer.parseInt(java.asString())).isGreaterThanOrEqualTo(17);
        assertThat(stepUsing(job, "actions/setup-node@").isMissingNode()).isFalse();

        List<String> args = words(runOf(job, "mcp-fuzzer --endpoint"));
        assertThat(args.get(0)).isEqualTo("mcp-fuzzer");
        String outputDir = valueOf(args, "--output-dir");
        String sarif = valueOf(args, "--export-sarif");
        assertThat(valueOf(args, "--fail-on")).isIn("critical", "high", "medium", "low");
        assertThat(sarif).doesNotStartWith("/");

        JsonNode upload = stepUsing(job, "github/codeql-action/upload-sarif@");
        assertThat(upload.path("with").path("sarif_file").asString()).isEqualTo(outputDir + "/" + sarif);
        assertThat(upload.path("if").asString()).contains("always()");
        // the fuzz step comes before the upload
        List<String> names = new ArrayList<>();
        job.path("steps").forEach(s -> names.add(s.path("run").asString("") + s.path("uses").asString("")));
        int fuzz = indexContaining(names, "mcp-fuzzer --endpoint");
        assertThat(fuzz).isLessThan(indexContaining(names, "upload-sarif"));

        // the command line parses with the real command (shell variables given example values)
        List<String> real = new ArrayList<>(args.subList(1, args.size()));
        real.replaceAll(a -> a.replace("$ENDPOINT", "node build/index.js").replace("$GITHUB_RUN_ID", "42")
                .replace("$RUNNER_TEMP", "/tmp"));
        assertThat(CommandBuilder.build("test").parseArgs(real.toArray(String[]::new)).hasMatchedOption("--fail-on"))
                .isTrue();
    }

    @Test
    void theGuideShowsTheExampleVerbatim() throws IOException {
        String guide = Files.readString(Path.of("docs", "ci.md"));
        String yaml = Files.readString(WORKFLOW);
        assertThat(guide).contains("```yaml\n" + yaml + "```").contains("examples/github-fuzz.yml");
    }

    private static int indexContaining(List<String> items, String text) {
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no step with " + text);
    }

    private static JsonNode stepUsing(JsonNode job, String prefix) {
        for (JsonNode step : job.path("steps")) {
            if (step.path("uses").asString("").startsWith(prefix)) {
                return step;
            }
        }
        throw new AssertionError("no step uses " + prefix);
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

    private static String valueOf(List<String> args, String option) {
        int i = args.indexOf(option);
        assertThat(i).as(option + " in " + args).isGreaterThanOrEqualTo(0);
        return args.get(i + 1);
    }

    /** Splits a shell line on blanks; double quotes group and are removed (no other shell syntax). */
    private static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.strip().toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) {
                    out.add(word.toString());
                    word.setLength(0);
                    any = false;
                }
            } else {
                word.append(c);
                any = true;
            }
        }
        if (any) {
            out.add(word.toString());
        }
        return out;
    }
}
