package io.mcpfuzzer.report;

import java.util.List;
import java.util.Map;

/**
 * Everything {@code run_summary.json} states about one fuzzer run. Immutable; maps are ordered
 * and JSON-serialisable. Endpoint and command line must already be redacted by the caller.
 *
 * @param status            {@code completed}, {@code blocked} or {@code interrupted}
 * @param statusReason      why the run was blocked or interrupted, or null
 * @param seed              the seed that reproduces the run
 * @param mode              {@code tools}, {@code protocol}, {@code resources}, {@code prompts} or {@code all}
 * @param phase             {@code realistic}, {@code aggressive} or {@code both}
 * @param transport         {@code stdio}, {@code streamablehttp}, {@code sse}
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
        List<String> warnings) {}
