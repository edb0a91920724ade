package io.mcpfuzzer.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathSandboxTest {
    @TempDir
    Path tmp;
    PathSandbox sandbox;
    String root;

    @BeforeEach
    void setUp() {
        sandbox = PathSandbox.create(tmp.resolve("fsroot"));
        root = sandbox.root().toString();
    }

    @Test
    void createsMissingRootAndGivesRootsUri() {
        assertThat(sandbox.root()).isDirectory();
        assertThat(sandbox.rootsUri()).isEqualTo("file://" + root + "/");
    }

    @Test
    void relativePathsResolveAgainstTheRoot() {
        assertThat(sandbox.confine("notes.txt").value()).isEqualTo(root + "/notes.txt");
        assertThat(sandbox.confine("a/./b/").value()).isEqualTo(root + "/a/b/");
    }

    @Test
    void traversalNeverLeavesTheRoot() {
        PathOutcome o = sandbox.confine("../../outside");
        assertThat(o.rewritten()).isTrue();
        assertThat(o.value()).isEqualTo(root + "/outside");
        assertThat(sandbox.confine("a/../../../../etc/shadow").value()).isEqualTo(root + "/etc/shadow");
        Path lexicallyOutside = sandbox.root().getParent().getParent().resolve("etc");
        assertThat(sandbox.confine(root + "/../../etc").value()).isEqualTo(root + lexicallyOutside);
    }

    @Test
    void absolutePathsOutsideAreReRootedAndInsideAreKept() {
        assertThat(sandbox.confine("/etc/passwd").value()).isEqualTo(root + "/etc/passwd");
        assertThat(sandbox.confine("~/.ssh/id_rsa").value()).isEqualTo(root + "/.ssh/id_rsa");
        PathOutcome inside = sandbox.confine(root + "/data/x.json");
        assertThat(inside.rewritten()).isFalse();
        assertThat(inside.value()).isEqualTo(root + "/data/x.json");
    }

    @Test
    void fileUrisAreConfinedAndStayUris() {
        assertThat(sandbox.confine("file:///etc/passwd").value()).isEqualTo("file://" + root + "/etc/passwd");
        assertThat(sandbox.confine("file://evil.example/etc/x%20y").value()).isEqualTo("file://" + root + "/etc/x%20y");
        assertThat(sandbox.confine("file:/%2e%2e/%2e%2e/etc/passwd").value()).isEqualTo("file://" + root + "/etc/passwd");
    }

    @Test
    void nulBytesStayBehindTheRootPrefix() {
        String v = sandbox.confine("/etc/passwd\u0000.png").value();
        assertThat(v).startsWith(root + "/etc/passwd").contains("\u0000");
    }

    @Test
    void symlinkInsideRootPointingOutIsBlocked() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createSymbolicLink(sandbox.root().resolve("escape"), outside);
        PathOutcome o = sandbox.confine("escape/secret.txt");
        assertThat(o.blocked()).isTrue();
        assertThat(o.blockedReason()).contains("symlink");
        Files.createSymbolicLink(sandbox.root().resolve("dangling"), tmp.resolve("nowhere"));
        assertThat(sandbox.confine("dangling").blocked()).isTrue();
    }

    @Test
    void aTraversalThatStaysInsideTheRootIsSentAsWritten() throws Exception {
        Files.createDirectories(sandbox.root().resolve("served"));
        String sibling = root + "/served/../outside.txt";
        assertThat(sandbox.confine(sibling).rewritten()).isFalse();
        assertThat(sandbox.confine("file://" + sibling).value()).isEqualTo("file://" + sibling);
        assertThat(sandbox.confine("file://" + sibling, true).value()).as("plain path for a path parameter")
                .isEqualTo(sibling);
        assertThat(sandbox.confine(root + "/served/../../x").value()).as("climbing out is re-rooted")
                .startsWith(root + "/").endsWith("/x").doesNotContain("..");
        Path outside = Files.createDirectories(tmp.resolve("elsewhere").resolve("deep"));
        Files.createSymbolicLink(sandbox.root().resolve("link"), outside);
        PathOutcome viaLink = sandbox.confine(root + "/link/../y");
        assertThat(viaLink.value()).as("'..' after a symlink is not kept: the OS would leave the root")
                .isNotEqualTo(root + "/link/../y");
    }

    @Test
    void symlinkInsideRootPointingInsideIsFine() throws Exception {
        Path data = Files.createDirectories(sandbox.root().resolve("data"));
        Files.createSymbolicLink(sandbox.root().resolve("alias"), data);
        assertThat(sandbox.confine("alias/x").blocked()).isFalse();
    }

    @Test
    void aDotDotAfterAMissingSegmentIsNotSentAsWrittenPastASymlinkOut() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside-etc"));
        Files.writeString(outside.resolve("passwd"), "root:x:0:0");
        Files.createSymbolicLink(sandbox.root().resolve("evil"), outside);
        // the kernel stops at 'nope'; a server that normalises first opens <root>/evil/passwd, outside
        for (String probe : List.of(root + "/nope/../evil/passwd", root + "/" + "x".repeat(300) + "/../evil/passwd",
                "file://" + root + "/nope/../evil/passwd")) {
            PathOutcome o = sandbox.confine(probe);
            assertThat(o.blocked()).as(probe).isTrue();
        }
        assertThat(sandbox.confine(root + "/nope/../fine.txt").value()).as("a lexical '..' that stays inside is kept")
                .isEqualTo(root + "/nope/../fine.txt");
    }

    @Test
    void aVeryDeepFuzzedPathIsConfinedNotBlocked() {
        String deep = "d/".repeat(20_000) + "x";
        PathOutcome o = sandbox.confine(deep);
        assertThat(o.blocked()).as(String.valueOf(o.blockedReason())).isFalse();
        assertThat(o.value()).startsWith(root + "/d/d/").endsWith("/x");
        assertThat(sandbox.confine(root + "/" + deep).blocked()).isFalse();
    }

    @Test
    void aSymlinkLoopInsideTheRootNeitherEscapesNorRunsAway() throws Exception {
        Files.createSymbolicLink(sandbox.root().resolve("loop"), Path.of("."));
        PathOutcome o = sandbox.confine("loop/".repeat(5_000) + "secret");
        if (o.blocked()) {
            assertThat(o.blockedReason()).contains("cannot resolve");
        } else {
            assertThat(o.value()).startsWith(root + "/loop/");
        }
        assertThat(sandbox.confine("loop/a").blocked()).as("one hop through the loop stays inside").isFalse();
    }

    @Test
    void failsClosedWhenRootIsUnusable() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        assertThatThrownBy(() -> PathSandbox.create(file)).isInstanceOf(SafetyException.class).hasMessageContaining("not a directory");
        assertThatThrownBy(() -> PathSandbox.create(file.resolve("sub"))).isInstanceOf(SafetyException.class);
        assertThatThrownBy(() -> PathSandbox.create(Path.of("/"))).isInstanceOf(SafetyException.class);
        assertThatThrownBy(() -> PathSandbox.create(Path.of("/etc"))).isInstanceOf(SafetyException.class);
    }
}
