package io.mcpfuzzer.oracle;

import io.mcpfuzzer.common.Severity;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Root-cause buckets: order-independent representative, covers, drop counts and bounds. */
class FindingCollectorTest {
    private static Finding crash(String kind, String target, int run, String input) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("input", Json.parse(input));
        ev.put("strategy", "s" + run);
        return Finding.cause("crash", Severity.HIGH, kind, target, run, "server exited", ev, "python:ValueError|a.py:1:f");
    }

    private static Finding dropped(String kind, String target, int run, String raw) {
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("raw_input", raw);
        return Finding.cause("protocol_violation", Severity.MEDIUM, kind, target, run, "request silently dropped", ev,
                FindingCollector.DROPPED_SIGNATURE);
    }

    private static Finding leak(String target, int run) {
        return Finding.of("error_leakage", Severity.MEDIUM, "tool", target, run, "answer leaks a path",
                Map.of("input", Json.parse("{\"a\":" + run + "}")), "file_path");
    }

    private static List<Finding> sample() {
        List<Finding> all = new ArrayList<>();
        all.add(crash("tool", "search", 4, "{\"q\":\"a long hostile value\"}"));
        all.add(crash("tool", "search", 2, "{\"q\":\"xx\"}"));
        all.add(crash("protocol", "prompts/get", 0, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\"}"));
        all.add(crash("tool", "fetch", 9, "{\"u\":1}"));
        all.add(dropped("protocol", "tools/call", 1, "{\"id\":{},\"method\":\"tools/call\"}"));
        all.add(dropped("protocol", "tools/call", 3, "{\"id\":[],\"method\":\"tools/call\"}"));
        all.add(dropped("frame", "truncated", 0, "{\"id\":1"));
        all.add(leak("search", 1));
        all.add(leak("fetch", 2));
        return all;
    }

    private static List<Finding> collect(List<Finding> findings) {
        FindingCollector c = new FindingCollector();
        findings.forEach(c::add);
        return c.snapshot();
    }

    @Test
    void theSnapshotDoesNotDependOnArrivalOrder() {
        List<Finding> expected = collect(sample());
        Random random = new Random(1);
        for (int i = 0; i < 50; i++) {
            List<Finding> shuffled = new ArrayList<>(sample());
            Collections.shuffle(shuffled, random);
            assertThat(collect(shuffled)).isEqualTo(expected);
        }
        assertThat(expected).hasSize(4);
        assertThat(expected.get(0).category()).isEqualTo("crash");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aRootCauseIsRepresentedByItsSmallestInputAndListsEveryTarget() {
        Finding crash = collect(sample()).get(0);
        assertThat(crash.target()).isEqualTo("fetch");
        assertThat(crash.run()).isEqualTo(9);
        assertThat(crash.count()).isEqualTo(4);
        assertThat(crash.runs()).containsExactly(0, 2, 4, 9);
        List<Map<String, Object>> covers = (List<Map<String, Object>>) crash.evidence().get(Finding.COVERS);
        assertThat(covers).extracting(m -> m.get("kind") + ":" + m.get("target"))
                .containsExactly("protocol:prompts/get", "tool:fetch", "tool:search");
        assertThat(covers.get(2)).containsEntry("count", 2).containsEntry("run", 2).containsEntry("strategy", "s2");
        assertThat(covers.get(2).get("input").toString()).isEqualTo("{\"q\":\"xx\"}");
        assertThat(crash.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(3);
        assertThat(crash.detail()).contains("4 run(s) on 3 targets");
        assertThat(crash.id()).isEqualTo(Fingerprint.ofCause("crash", "python:ValueError|a.py:1:f"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void silentDropsAreOneFindingPerServerWithCountsPerKind() {
        Finding f = collect(sample()).stream().filter(x -> x.category().equals("protocol_violation")).findFirst()
                .orElseThrow();
        assertThat((Map<String, Integer>) f.evidence().get("dropped"))
                .containsExactly(Map.entry("frame:truncated", 1), Map.entry("tools/call", 2));
        assertThat(f.count()).isEqualTo(3);
        assertThat(f.target()).isEqualTo("truncated");
        assertThat(f.detail()).startsWith("3 request(s) of 2 kind(s) silently dropped");
    }

    @Test
    void findingsOfOtherCategoriesStayPerTarget() {
        List<Finding> leaks = collect(sample()).stream().filter(x -> x.category().equals("error_leakage")).toList();
        assertThat(leaks).extracting(Finding::target).containsExactly("fetch", "search");
        assertThat(leaks).allSatisfy(l -> assertThat(l.evidence()).doesNotContainKey(Finding.COVERS));
    }

    @Test
    @SuppressWarnings("unchecked")
    void coversAndRunsAreBounded() {
        FindingCollector c = new FindingCollector();
        for (int i = 0; i < 300; i++) {
            c.add(crash("tool", String.format("t%03d", i), 299 - i, "{\"i\":" + i + "}"));
        }
        Finding f = c.snapshot().get(0);
        List<Map<String, Object>> covers = (List<Map<String, Object>>) f.evidence().get(Finding.COVERS);
        assertThat(covers).hasSize(FindingCollector.MAX_COVERS_SHOWN);
        assertThat(covers.get(0).get("target")).isEqualTo("t000");
        assertThat(f.evidence().get(Finding.COVERS_TOTAL)).isEqualTo(300);
        assertThat(f.runs()).hasSize(FindingCollector.MAX_RUNS_PER_BUCKET).startsWith(0, 1, 2);
        assertThat(f.count()).isEqualTo(300);
    }
}
