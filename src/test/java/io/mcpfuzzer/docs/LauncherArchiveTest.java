package io.mcpfuzzer.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source checkout's launcher ({@code ./mcp-fuzzer}) makes its start-up archive once per build
 * and per Java runtime: an AppCDS archive ({@code target/mcp-fuzzer-<version>.jsa}) on Java 17 to
 * 24, an ahead-of-time cache ({@code .aot}) on Java 25 and later, neither overwriting the other's;
 * a jar newer than the archive gets a new one; runs that use an archive print nothing of it. The
 * jar is a small real program ({@link EchoJar}), so no packaged build is needed.
 */
class LauncherArchiveTest {
    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"([0-9][0-9.]*)\"");

    @Test
    void theArchiveIsMadeOncePerRuntimeAndRemadeForANewerJar(@TempDir Path tmp) throws Exception {
        Path project = tmp.resolve("project");
        Files.createDirectories(project.resolve("target"));
        Files.copy(Path.of("mcp-fuzzer"), project.resolve("mcp-fuzzer"));
        Path jar = project.resolve("target/mcp-fuzzer-all.jar");
        EchoJar.write(tmp.resolve("classes"), jar, 0);
        Path home = Path.of(System.getProperty("java.home"));
        String version = versionOf(home).orElseThrow();

        Result first = run(project, home, "--version");
        assertThat(first.code).as(first.output).isZero();
        assertThat(first.output).contains("args=[--version]", "preparing the class-data archive");
        Path archive = project.resolve("target/mcp-fuzzer-" + version + (major(version) >= 25 ? ".aot" : ".jsa"));
        assertThat(archive).as(first.output).isNotEmptyFile();

        Result second = run(project, home, "a b", "c");
        assertThat(second.code).as(second.output).isZero();
        assertThat(second.output).as("an archive in use says nothing").isEqualTo("args=[a b|c]\n");

        long jarTime = Files.getLastModifiedTime(jar).toMillis();
        Files.setLastModifiedTime(archive, FileTime.fromMillis(jarTime - 60_000)); // as if the jar were rebuilt
        Result rebuilt = run(project, home, "x");
        assertThat(rebuilt.output).contains("preparing the class-data archive", "args=[x]");
        assertThat(Files.getLastModifiedTime(archive).toMillis()).isGreaterThan(jarTime - 60_000);

        Optional<Path> modern = modernRuntime();
        assumeTrue(modern.isPresent(), "no Java 25+ runtime under /usr/lib/jvm: the ahead-of-time cache is not tried");
        String modernVersion = versionOf(modern.get()).orElseThrow();
        Result aot = run(project, modern.get(), "--version");
        assertThat(aot.code).as(aot.output).isZero();
        assertThat(project.resolve("target/mcp-fuzzer-" + modernVersion + ".aot")).as(aot.output).isNotEmptyFile();
        assertThat(archive).as("the other runtime's archive stays").isNotEmptyFile();
        Result aotAgain = run(project, modern.get(), "y");
        assertThat(aotAgain.output).as("a cache in use says nothing").isEqualTo("args=[y]\n");
    }

    private static Optional<String> versionOf(Path javaHome) throws IOException {
        Path release = javaHome.resolve("release");
        if (!Files.isRegularFile(release)) {
            return Optional.empty();
        }
        Matcher m = VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static int major(String version) {
        return Integer.parseInt(version.split("\\.")[0]);
    }

    /** A Java 25+ home with a java binary, if this machine has one. */
    private static Optional<Path> modernRuntime() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            for (Path home : homes.sorted().toList()) {
                Optional<String> v = versionOf(home);
                if (v.isPresent() && major(v.get()) >= 25 && Files.isExecutable(home.resolve("bin/java"))) {
                    return Optional.of(home);
                }
            }
        }
        return Optional.empty();
    }

    private record Result(int code, String output) { }

    private static Result run(Path project, Path javaHome, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", project.resolve("mcp-fuzzer").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().remove("JAVA_OPTS");
        pb.environment().remove("MCP_FUZZER_CDS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out);
    }
}
