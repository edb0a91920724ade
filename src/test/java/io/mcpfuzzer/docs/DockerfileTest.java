package io.mcpfuzzer.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The Dockerfile's structure, checked by reading its instructions (no Docker here): the final stage
 * runs on a Java 17+ runtime, installs Node.js and the containment tools, runs as a non-root user and
 * has the dist launcher as its exec-form ENTRYPOINT.
 */
class DockerfileTest {
    private static final Path DOCKERFILE = Path.of("Dockerfile");

    /** Instructions of the last stage, continuation lines joined, comments dropped. */
    private static List<String> finalStage() throws IOException {
        List<String> all = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : Files.readAllLines(DOCKERFILE)) {
            String line = raw.strip();
            if (line.startsWith("#") || (line.isEmpty() && current.length() == 0)) {
                continue;
            }
            if (line.endsWith("\\")) {
                current.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            current.append(line);
            all.add(current.toString().strip());
            current.setLength(0);
        }
        int from = 0;
        for (int i = 0; i < all.size(); i++) {
            if (keyword(all.get(i)).equals("FROM")) {
                from = i;
            }
        }
        return all.subList(from, all.size());
    }

    private static String keyword(String instruction) {
        return instruction.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
    }

    private static List<String> all(List<String> stage, String keyword) {
        return stage.stream().filter(i -> keyword(i).equals(keyword)).toList();
    }

    @Test
    void theRuntimeStageHasAJava17PlusRuntimeAndNode() throws IOException {
        List<String> stage = finalStage();
        assertThat(stage.get(0)).matches("FROM eclipse-temurin:(1[7-9]|[2-9][0-9])[-a-z]*(\\s.*)?");
        String runs = String.join("\n", all(stage, "RUN"));
        assertThat(runs).contains("apt-get install").contains("nodejs").contains("npm")
                .contains("util-linux").contains("bubblewrap").contains("procps");
    }

    @Test
    void itRunsAsANonRootUserCreatedInTheImage() throws IOException {
        List<String> stage = finalStage();
        List<String> users = all(stage, "USER");
        assertThat(users).isNotEmpty();
        String user = users.get(users.size() - 1).split("\\s+")[1].split(":")[0];
        assertThat(user).isNotIn("root", "0");
        assertThat(String.join("\n", all(stage, "RUN"))).containsPattern("useradd[^\\n]*\\b" + user + "\\b");
        // the user is switched to before the entry point, and nothing after switches back
        assertThat(stage.indexOf(users.get(users.size() - 1)))
                .isLessThan(stage.indexOf(all(stage, "ENTRYPOINT").get(0)));
    }

    @Test
    void theEntryPointIsTheDistLauncherInExecForm() throws IOException {
        List<String> stage = finalStage();
        List<String> entry = all(stage, "ENTRYPOINT");
        assertThat(entry).hasSize(1);
        assertThat(entry.get(0)).matches("ENTRYPOINT \\[\"[^\"]*/mcp-fuzzer\"\\]");
        String launcher = entry.get(0).replaceAll(".*\\[\"([^\"]*)\"\\].*", "$1");
        String dir = launcher.substring(0, launcher.lastIndexOf('/'));
        // the launcher comes from the release tarball, which also holds the jar beside it
        assertThat(all(stage, "COPY")).anyMatch(c -> c.startsWith("COPY --from=") && c.endsWith(" " + dir));
        String build = String.join("\n", Files.readAllLines(DOCKERFILE));
        assertThat(build).contains("-dist.tar.gz").contains("mvnw");
    }
}
