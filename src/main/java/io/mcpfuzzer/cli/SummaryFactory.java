package io.mcpfuzzer.cli;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.CampaignResult;
import io.mcpfuzzer.fuzz.FaultGuard;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.report.RunSummary;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.type.TypeReference;

/**
 * Builds the {@link RunSummary} of a run (final, or partial while it is still going, when
 * {@code result} is null): counts, provenance, the fuzzer's own errors, how tool discovery went and
 * which tools were fuzzed.
 */
final class SummaryFactory {
    private SummaryFactory() {}

    static RunSummary build(Settings s, String transport, String status, String reason, CampaignResult result,
            List<Finding> findings, long totalRuns, Map<String, Map<String, Long>> perTarget,
            Map<String, Object> containment, List<String> warnings, Instant started, FaultGuard.Snapshot errors) {
        Map<String, Long> byCategory = new TreeMap<>();
        Map<String, Long> bySeverity = new LinkedHashMap<>();
        for (Finding f : findings) {
            byCategory.merge(f.category(), 1L, Long::sum);
            bySeverity.merge(f.severity().wire(), 1L, Long::sum);
        }
        String version = result != null && result.initialize() != null ? result.initialize().protocolVersion() : null;
        Map<String, Object> serverInfo = result != null && result.initialize() != null
                ? Json.mapper().convertValue(result.initialize().serverInfo(), new TypeReference<Map<String, Object>>() {})
                : Map.of();
        Map<String, Object> discovery = Map.of();
        List<String> tools = List.of();
        if (result != null) {
            if (result.extra().get("tool_discovery") instanceof Map<?, ?> m) {
                discovery = Json.mapper().convertValue(m, new TypeReference<Map<String, Object>>() {});
            }
            tools = result.tools().stream().map(t -> t.path("name").asString("")).toList();
        }
        return new RunSummary(status, reason, s.fuzzing().seed(), s.fuzzing().mode().wire(), s.fuzzing().phase().wire(),
                transport, s.target().endpoint(), version, serverInfo, s.provenance().commandLine(),
                VersionInfo.version(), started.toString(), Instant.now().toString(), totalRuns, perTarget, byCategory,
                bySeverity, containment, warnings, errors == null || errors.total() == 0 ? Map.of() : errors.toMap(),
                discovery, tools, s.shard().sharded() ? shard(s.shard()) : Map.of());
    }

    /** {@code {"index": K, "count": N}}, K 1-based as in {@code --shard K/N}. */
    private static Map<String, Object> shard(io.mcpfuzzer.config.ShardSpec spec) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", spec.index() + 1);
        m.put("count", spec.count());
        return m;
    }
}
