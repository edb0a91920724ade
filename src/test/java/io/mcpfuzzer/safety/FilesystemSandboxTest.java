package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

@Timeout(240)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:FilesystemSandboxTest")
class FilesystemSandboxTest {
    @TempDir
    Path tmp;
    private Path outside;

    @AfterEach
    void cleanUp() throws Exception {
        if (outside != null) {
            Files.deleteIfExists(outside.resolve("x"));
            Files.deleteIfExists(outside);
        }
    }

    @Test
    void explicitBwrapFailsClosedWhereItDoesNotWork() {
        SafetyOptions opts = SafetyOptions.builder().sandbox(SandboxMode.BWRAP).stateDir(tmp.resolve("s")).build();
        try (SafetyContext ctx = SafetyContext.open(opts, ContainmentProbe.nothingWorks("bwrap not installed"), Map.of())) {
            assertThatThrownBy(() -> ctx.plan(List.of("server"))).isInstanceOf(SafetyException.class)
                    .hasMessageContaining("bwrap not installed");
        }
    }

    @Test
    void missingFsRootIsCreatedAndAnUnusableOneStopsTheRun() throws Exception {
        Path root = tmp.resolve("new/root");
        try (SafetyContext ctx = SafetyContext.open(SafetyOptions.builder().fsRoot(root).stateDir(tmp.resolve("s")).build())) {
            assertThat(root).isDirectory();
            assertThat(ctx.rootsUri()).contains("file://" + root.toRealPath() + "/");
        }
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertThatThrownBy(() -> SafetyContext.open(SafetyOptions.builder().fsRoot(file).stateDir(tmp.resolve("s")).build()))
                .isInstanceOf(SafetyException.class);
    }

    @Test
    void bwrapTargetCanWriteOnlyInsideFsRootAndSandboxDirs() throws Exception {
        assumeTrue(ContainmentProbe.get().bwrap().isPresent(), "bubblewrap does not work here: " + ContainmentProbe.get().bwrapDetail());
        outside = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "bwrap-outside-");
        Path root = tmp.resolve("fsroot");
        SafetyOptions opts = SafetyOptions.builder().fsRoot(root).sandbox(SandboxMode.BWRAP).commandShims(true)
                .stateDir(tmp.resolve("s")).build();
        try (SafetyContext ctx = SafetyContext.open(opts)) {
            String script = "touch '" + outside + "/x'; echo out=$?; touch '" + root + "/y'; echo in=$?;"
                    + " touch \"$HOME/h\"; echo home=$?; touch /tmp/t; echo tmp=$?;"
                    + " /usr/bin/curl -s http://example.com >/dev/null 2>&1; echo abs=$?";
            LaunchPlan plan = ctx.plan(List.of("sh", "-c", script));
            assertThat(plan.inEffect("filesystem")).isTrue();
            Children.Result r = Children.run(plan);
            assertThat(r.output()).contains("in=0", "home=0", "tmp=0").doesNotContain("out=0");
            assertThat(outside.resolve("x")).doesNotExist();
            assertThat(root.resolve("y")).exists();
            assertThat(Path.of("/tmp/t")).as("private /tmp").satisfiesAnyOf(p -> assertThat(p).doesNotExist(),
                    p -> assertThat(Files.getLastModifiedTime(p).toMillis()).isLessThan(System.currentTimeMillis() - 60_000));
            if (Files.isRegularFile(Path.of("/usr/bin/curl"))) {
                assertThat(plan.containment("command-shims").orElseThrow().detail()).contains("mounted over");
                assertThat(r.output()).contains("abs=126");
            }
        }
    }

    @Test
    void scriptArgumentUnderTmpStaysVisibleWithItsPackageFolder() throws Exception {
        assumeTrue(ContainmentProbe.get().bwrap().isPresent(), "bubblewrap does not work here: " + ContainmentProbe.get().bwrapDetail());
        // npm's layout: node_modules/.bin/server -> ../pkg/index.sh, which reads a hoisted dependency;
        // `node /tmp/srv/node_modules/.bin/x` died with "Cannot find module" under the private /tmp
        outside = Files.createTempDirectory(Path.of("/tmp"), "mcpf-pkg-");
        Path modules = Files.createDirectories(outside.resolve("node_modules"));
        Files.writeString(Files.createDirectories(modules.resolve("dep")).resolve("dep.txt"), "dep-ok");
        Path script = Files.writeString(Files.createDirectories(modules.resolve("pkg")).resolve("index.sh"),
                "cat \"$(dirname \"$(readlink -f \"$0\")\")/../dep/dep.txt\"; echo; touch \"$(dirname \"$0\")/w\" && echo wrote\n");
        Path bin = Files.createSymbolicLink(Files.createDirectories(modules.resolve(".bin")).resolve("server"),
                Path.of("../pkg/index.sh"));
        SafetyOptions opts = SafetyOptions.builder().sandbox(SandboxMode.BWRAP).stateDir(tmp.resolve("s")).build();
        try (SafetyContext ctx = SafetyContext.open(opts)) {
            Children.Result r = Children.run(ctx.plan(List.of("/bin/sh", bin.toString())));
            assertThat(r.output()).contains("dep-ok").doesNotContain("wrote");
            assertThat(ctx.plan(List.of("/bin/sh", "--db=" + script)).command()).containsSequence("--ro-bind",
                    outside.toString(), outside.toString());
        } finally {
            try (var walk = Files.walk(outside)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            outside = null;
        }
    }

    @Test
    void autoWithoutBwrapSaysSo() {
        SafetyOptions opts = SafetyOptions.builder().sandbox(SandboxMode.AUTO).stateDir(tmp.resolve("s")).build();
        try (SafetyContext ctx = SafetyContext.open(opts, ContainmentProbe.nothingWorks("bwrap not installed"), Map.of())) {
            LaunchPlan plan = ctx.plan(List.of("server"));
            assertThat(plan.inEffect("filesystem")).isFalse();
            assertThat(plan.containment("filesystem").orElseThrow().detail()).contains("bubblewrap unavailable");
            assertThat(plan.command()).containsExactly("server");
        }
    }
}
