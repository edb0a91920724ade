package io.mcpfuzzer.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/make-dist.sh turns a shaded jar into the release tarball, and the tarball's launcher runs
 * that jar from anywhere: from another working directory and through a symlink placed elsewhere
 * (as in /usr/local/bin). The jar here is a small real program that prints its arguments, so the
 * test does not depend on a packaged build.
 */
class DistTarballTest {

    @Test
    void theTarballsLauncherFindsTheJarBesideItselfThroughASymlink(@TempDir Path tmp) throws Exception {
        Path project = tmp.resolve("project");
        Files.createDirectories(project.resolve("scripts/dist"));
        Files.createDirectories(project.resolve("docs/examples"));
        Files.createDirectories(project.resolve("target"));
        for (String script : List.of("scripts/make-dist.sh", "scripts/dist/mcp-fuzzer")) {
            Files.copy(Path.of(script), project.resolve(script));
        }
        Files.writeString(project.resolve("README.md"), "# readme\n");
        Files.writeString(project.resolve("docs/cli.md"), "# cli\n");
        Files.writeString(project.resolve("docs/examples/github-fuzz.yml"), "on: push\n");
        EchoJar.write(tmp.resolve("classes"), project.resolve("target/mcp-fuzzer-9.8.7-all.jar"), 7);

        Result made = run(project, List.of("bash", project.resolve("scripts/make-dist.sh").toString(), project.toString()));
        assertThat(made.code).as(made.output).isZero();
        Path tarball = project.resolve("target/mcp-fuzzer-9.8.7-dist.tar.gz");
        assertThat(tarball).isRegularFile();

        Result listing = run(tmp, List.of("tar", "tzf", tarball.toString()));
        assertThat(listing.output.lines().toList()).contains("mcp-fuzzer-9.8.7/mcp-fuzzer",
                "mcp-fuzzer-9.8.7/mcp-fuzzer-all.jar", "mcp-fuzzer-9.8.7/README.md",
                "mcp-fuzzer-9.8.7/docs/cli.md", "mcp-fuzzer-9.8.7/docs/examples/github-fuzz.yml");

        Path install = Files.createDirectories(tmp.resolve("opt"));
        assertThat(run(tmp, List.of("tar", "-C", install.toString(), "-xzf", tarball.toString())).code).isZero();
        Path launcher = install.resolve("mcp-fuzzer-9.8.7/mcp-fuzzer");
        assertThat(Files.isExecutable(launcher)).isTrue();
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("mcp-fuzzer"), launcher);
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));

        Result direct = run(elsewhere, List.of(launcher.toString(), "--version", "two words"));
        assertThat(direct.code).as(direct.output).isEqualTo(7);
        assertThat(direct.output).contains("args=[--version|two words]");
        Result linked = run(elsewhere, List.of(bin.resolve("mcp-fuzzer").toString(), "demo"));
        assertThat(linked.code).as(linked.output).isEqualTo(7);
        assertThat(linked.output).contains("args=[demo]");
    }

    @Test
    void makeDistFailsClearlyWithoutAShadedJar(@TempDir Path tmp) throws Exception {
        Files.createDirectories(tmp.resolve("scripts"));
        Files.createDirectories(tmp.resolve("target"));
        Files.copy(Path.of("scripts/make-dist.sh"), tmp.resolve("scripts/make-dist.sh"));
        Result made = run(tmp, List.of("bash", tmp.resolve("scripts/make-dist.sh").toString(), tmp.toString()));
        assertThat(made.code).isNotZero();
        assertThat(made.output).contains("mvnw -DskipTests package");
    }

    private record Result(int code, String output) { }

    private static Result run(Path cwd, List<String> command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(cwd.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out);
    }
}
