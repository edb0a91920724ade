package io.mcpfuzzer.oracle.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Files the server changes on every request are learned from baseline steps and left out of annotation checks. */
class BookkeepingTest {
    @TempDir
    Path root;

    private void append(String file, String line) throws Exception {
        Path p = root.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void aFileChangedInTwoBaselineStepsIsBookkeepingAOneOffIsNot() throws Exception {
        List<DirectorySnapshot> seq = new ArrayList<>();
        seq.add(DirectorySnapshot.take(root));
        append("logs/server.log", "tools/list");
        append("started.flag", "once");
        seq.add(DirectorySnapshot.take(root));
        append("logs/server.log", "tools/call nothing");
        seq.add(DirectorySnapshot.take(root));
        seq.add(null); // a failed snapshot splits the sequence
        seq.add(DirectorySnapshot.take(root));
        assertThat(Bookkeeping.learn(seq)).containsExactly("logs/server.log");
    }

    @Test
    void aReadOnlyToolThatOnlyLogsIsCleanOneThatAlsoWritesIsNot() throws Exception {
        JsonNode tool = Json.parse("{\"name\":\"lookup\",\"annotations\":{\"readOnlyHint\":true}}");
        Set<String> bookkeeping = Set.of("logs/server.log");
        append("logs/server.log", "start");
        DirectorySnapshot before = DirectorySnapshot.take(root);
        append("logs/server.log", "tools/call lookup");
        DirectorySnapshot afterLogOnly = DirectorySnapshot.take(root);
        assertThat(AnnotationAudit.checkCall(tool, "{}", before, afterLogOnly, bookkeeping)).isEmpty();
        assertThat(AnnotationAudit.checkCall(tool, "{}", before, afterLogOnly)).as("without the baseline")
                .extracting(Finding::checkId).containsExactly("MCPF-ANNOT-001");

        append("cache/lookup.json", "{}");
        List<Finding> fs = AnnotationAudit.checkCall(tool, "{}", before, DirectorySnapshot.take(root), bookkeeping);
        assertThat(fs).extracting(Finding::checkId).containsExactly("MCPF-ANNOT-001");
        assertThat(fs.get(0).evidence().get("added")).isEqualTo(List.of("cache", "cache/lookup.json"));
        assertThat(fs.get(0).evidence().get("ignored_bookkeeping")).isEqualTo(List.of("logs/server.log"));
    }

    @Test
    void anIdempotentToolThatOnlyLogsAgainIsClean() throws Exception {
        JsonNode tool = Json.parse("{\"name\":\"put\",\"annotations\":{\"idempotentHint\":true}}");
        append("logs/server.log", "first");
        DirectorySnapshot first = DirectorySnapshot.take(root);
        append("logs/server.log", "second");
        DirectorySnapshot second = DirectorySnapshot.take(root);
        assertThat(AnnotationAudit.checkRepeated(tool, "{}", List.of("ok", "ok"), first, second,
                Set.of("logs/server.log"))).isEmpty();
        assertThat(AnnotationAudit.checkRepeated(tool, "{}", List.of("ok", "ok"), first, second, Set.of()))
                .extracting(Finding::checkId).containsExactly("MCPF-ANNOT-004");
    }
}
