package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class AnnotationAuditTest {
    @TempDir
    Path root;

    private static JsonNode tool(String annotations) {
        return Json.parse("{\"name\":\"t\",\"annotations\":" + annotations + "}");
    }

    @Test
    void readOnlyToolThatWritesIsReported() throws Exception {
        Files.writeString(root.resolve("a.txt"), "a", StandardCharsets.UTF_8);
        DirectorySnapshot before = DirectorySnapshot.take(root);
        assertThat(AnnotationAudit.checkCall(tool("{\"readOnlyHint\":true}"), "{}", before, DirectorySnapshot.take(root)))
                .isEmpty();
        Files.writeString(root.resolve("a.txt"), "b", StandardCharsets.UTF_8); // same size, new content
        Files.createDirectories(root.resolve("d")).resolve("new.txt").toFile().createNewFile();
        DirectorySnapshot after = DirectorySnapshot.take(root);
        List<Finding> fs = AnnotationAudit.checkCall(tool("{\"readOnlyHint\":true}"), "{\"p\":1}", before, after);
        assertThat(fs).extracting(Finding::checkId).containsExactly("MCPF-ANNOT-001");
        assertThat(fs.get(0).evidence().get("modified")).isEqualTo(List.of("a.txt"));
        assertThat(fs.get(0).evidence().get("added")).isEqualTo(List.of("d", "d/new.txt"));
        assertThat(AnnotationAudit.checkCall(tool("{}"), "{}", before, after)).isEmpty();
    }

    @Test
    void nonDestructiveToolThatDeletesIsReported() throws Exception {
        Files.writeString(root.resolve("keep.txt"), "x", StandardCharsets.UTF_8);
        DirectorySnapshot before = DirectorySnapshot.take(root);
        Files.delete(root.resolve("keep.txt"));
        assertThat(AnnotationAudit.checkCall(tool("{\"destructiveHint\":false}"), "{}", before, DirectorySnapshot.take(root)))
                .extracting(Finding::checkId).containsExactly("MCPF-ANNOT-002");
    }

    @Test
    void idempotentToolAnswersAreComparedAfterNormalising() throws Exception {
        JsonNode t = tool("{\"idempotentHint\":true}");
        List<String> sameButTimestamps = List.of(
                "{\"id\":\"3f2b8a0e-8a1b-4c3d-9e8f-0123456789ab\",\"at\":\"2026-01-02T10:00:00Z\",\"took\":\"12ms\",\"v\":1}",
                "{\"v\":1,\"took\":\"15 ms\",\"at\":\"2026-01-02T10:00:07.123Z\",\"id\":\"aa2b8a0e-8a1b-4c3d-9e8f-0123456789ab\"}");
        assertThat(AnnotationAudit.checkRepeated(t, "{}", sameButTimestamps, null, null)).isEmpty();
        assertThat(AnnotationAudit.checkRepeated(t, "{}", List.of("count=1", "count=2"), null, null))
                .extracting(Finding::checkId).containsExactly("MCPF-ANNOT-003");
        assertThat(AnnotationAudit.checkRepeated(tool("{}"), "{}", List.of("count=1", "count=2"), null, null)).isEmpty();

        DirectorySnapshot first = DirectorySnapshot.take(root);
        Files.writeString(root.resolve("log.txt"), "again", StandardCharsets.UTF_8);
        assertThat(AnnotationAudit.checkRepeated(t, "{}", List.of("ok", "ok"), first, DirectorySnapshot.take(root)))
                .extracting(Finding::checkId).containsExactly("MCPF-ANNOT-004");
    }

    @Test
    void snapshotsAreBounded() throws Exception {
        for (int i = 0; i < 10; i++) {
            Files.writeString(root.resolve("f" + i), "x", StandardCharsets.UTF_8);
        }
        DirectorySnapshot s = DirectorySnapshot.take(root, new DirectorySnapshot.Limits(4, 4, 1024, 4096));
        assertThat(s.entries()).hasSize(4);
        assertThat(s.truncated()).isTrue();
    }

    /** mcp git server, seed 2: a read-only log tool ran git, which left .git/index.lock while refreshing the index. */
    @Test
    void gitsOwnIndexRefreshIsNoWriteButARefIsOne() throws Exception {
        Path git = Files.createDirectories(root.resolve("repo/.git"));
        Files.writeString(git.resolve("index"), "i1", StandardCharsets.UTF_8);
        Files.createDirectories(git.resolve("refs/heads"));
        DirectorySnapshot before = DirectorySnapshot.take(root);
        Files.writeString(git.resolve("index"), "i2", StandardCharsets.UTF_8);
        Files.writeString(git.resolve("index.lock"), "", StandardCharsets.UTF_8);
        DirectorySnapshot refreshed = DirectorySnapshot.take(root);
        assertThat(AnnotationAudit.checkCall(tool("{\"readOnlyHint\":true}"), "{}", before, refreshed)).isEmpty();
        assertThat(AnnotationAudit.checkCall(tool("{\"destructiveHint\":false}"), "{}", before, refreshed)).isEmpty();
        // the twin: a new branch is a state change
        Files.writeString(git.resolve("refs/heads/evil"), "0123", StandardCharsets.UTF_8);
        List<Finding> fs = AnnotationAudit.checkCall(tool("{\"readOnlyHint\":true}"), "{}", before,
                DirectorySnapshot.take(root));
        assertThat(fs).extracting(Finding::checkId).containsExactly("MCPF-ANNOT-001");
        assertThat(fs.get(0).evidence().get("added")).isEqualTo(List.of("repo/.git/refs/heads/evil"));
    }

    @Test
    void onlyLocksAndTheIndexInsideAGitDirectoryAreHousekeeping() {
        assertThat(VcsHousekeeping.isHousekeeping(".git/index")).isTrue();
        assertThat(VcsHousekeeping.isHousekeeping("a/b/.git/index.lock")).isTrue();
        assertThat(VcsHousekeeping.isHousekeeping(".git/HEAD.lock")).isTrue();
        assertThat(VcsHousekeeping.isHousekeeping("index.lock")).isFalse();
        assertThat(VcsHousekeeping.isHousekeeping(".git/.lock")).isFalse();
        assertThat(VcsHousekeeping.isHousekeeping(".github/index")).isFalse();
        assertThat(VcsHousekeeping.isHousekeeping("x.git/index")).isFalse();
        assertThat(VcsHousekeeping.isHousekeeping(".git/refs/heads/main")).isFalse();
        assertThat(VcsHousekeeping.isHousekeeping(".git/objects/ab/cdef")).isFalse();
        assertThat(VcsHousekeeping.isHousekeeping(null)).isFalse();
    }
}
