package io.mcpfuzzer.report;

import java.util.List;
import java.util.Map;

/**
 * Everything {@code run_summary.json} states about one fuzzer run. Immutable; maps are ordered
 * and JSON-serialisable. Endpoint and command line must already be redacted by the caller.
 *
 * @param status            {@code completed}, {@code blocked}, {@code interrupted}, {@code error} (the fuzzer
 *                          itself could not go on) or {@code running} (a partial summary)
 * @param statusReason      why the run was blocked, interrupted or stopped by an error, or null
 * @param seed              the seed that reproduces the run
 * @param mode              {@code tools}, {@code protocol}, {@code resources}, {@code prompts} or {@code all}
 *                          ({@link io.mcpfuzzer.fuzz.FuzzMode#wire()})
 * @param phase             {@code realistic}, {@code aggressive} or {@code both}
 *                          ({@link io.mcpfuzzer.fuzz.PhaseChoice#wire()})
 * @param transport         {@code stdio}, {@code http}, {@code https}, {@code streamablehttp} or {@code sse}
 *                          ({@link io.mcpfuzzer.transport.TransportProtocol#wire()})
 * @param endpoint          command or URL, redacted
 * @param protocolVersion   negotiated MCP protocol version, or null when initialize failed
 * @param serverInfo        server's {@code serverInfo} object as a map, or empty
 * @param commandLine       the fuzzer's own arguments, redacted
 * @param fuzzerVersion     our version
 * @param startedAt         ISO-8601 UTC
 * @param endedAt           ISO-8601 UTC
 * @param totalRuns         number of runs executed
 * @param perTarget         per tool/type outcome buckets: target key -> (outcome -> count)
 * @param findingsByCategory category -> number of findings
 * @param findingsBySeverity severity wire name -> number of findings
 * @param containment       safety controls in effect (name -> description), may be empty
 * @param warnings          human warnings raised during the run (bounded)
 * @param fuzzerErrors      failures of the fuzzer's own code that the run survived ({@code total},
 *                          {@code distinct}, {@code unlisted}, {@code entries}); empty when none were counted
 * @param toolDiscovery     how tools/list went ({@code failure}, {@code detail}, {@code tool_count}); empty
 *                          when unknown
 * @param fuzzedTools       names of the tools selected for fuzzing, in listing order (may have zero runs)
 * @param shard             {@code index} (1-based) and {@code count} of a sharded run; empty when unsharded
 */
public record RunSummary(
        String status,
        String statusReason,
        long seed,
        String mode,
        String phase,
        String transport,
        String endpoint,
        String protocolVersion,
        Map<String, Object> serverInfo,
        List<String> commandLine,
        String fuzzerVersion,
        String startedAt,
        String endedAt,
        long totalRuns,
        Map<String, Map<String, Long>> perTarget,
        Map<String, Long> findingsByCategory,
        Map<String, Long> findingsBySeverity,
        Map<String, Object> containment,
        List<String> warnings,
        Map<String, Object> fuzzerErrors,
        Map<String, Object> toolDiscovery,
        List<String> fuzzedTools,
        Map<String, Object> shard) {

    /** Null maps and lists of the last four components become empty. */
    public RunSummary {
        shard = shard == null ? Map.of() : shard;
        fuzzerErrors = fuzzerErrors == null ? Map.of() : fuzzerErrors;
        toolDiscovery = toolDiscovery == null ? Map.of() : toolDiscovery;
        fuzzedTools = fuzzedTools == null ? List.of() : fuzzedTools;
    }

    /** An unsharded summary. */
    public RunSummary(String status, String statusReason, long seed, String mode, String phase, String transport,
            String endpoint, String protocolVersion, Map<String, Object> serverInfo, List<String> commandLine,
            String fuzzerVersion, String startedAt, String endedAt, long totalRuns,
            Map<String, Map<String, Long>> perTarget, Map<String, Long> findingsByCategory,
            Map<String, Long> findingsBySeverity, Map<String, Object> containment, List<String> warnings,
            Map<String, Object> fuzzerErrors, Map<String, Object> toolDiscovery, List<String> fuzzedTools) {
        this(status, statusReason, seed, mode, phase, transport, endpoint, protocolVersion, serverInfo, commandLine,
                fuzzerVersion, startedAt, endedAt, totalRuns, perTarget, findingsByCategory, findingsBySeverity,
                containment, warnings, fuzzerErrors, toolDiscovery, fuzzedTools, Map.of());
    }

    /** A summary without fuzzer errors, tool discovery or the list of fuzzed tools. */
    public RunSummary(String status, String statusReason, long seed, String mode, String phase, String transport,
            String endpoint, String protocolVersion, Map<String, Object> serverInfo, List<String> commandLine,
            String fuzzerVersion, String startedAt, String endedAt, long totalRuns,
            Map<String, Map<String, Long>> perTarget, Map<String, Long> findingsByCategory,
            Map<String, Long> findingsBySeverity, Map<String, Object> containment, List<String> warnings) {
        this(status, statusReason, seed, mode, phase, transport, endpoint, protocolVersion, serverInfo, commandLine,
                fuzzerVersion, startedAt, endedAt, totalRuns, perTarget, findingsByCategory, findingsBySeverity,
                containment, warnings, Map.of(), Map.of(), List.of());
    }
}
