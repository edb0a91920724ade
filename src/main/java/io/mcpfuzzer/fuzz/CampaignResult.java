package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.mcp.InitializeResult;
import io.mcpfuzzer.oracle.Finding;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a campaign produced. Immutable.
 *
 * @param status       {@code completed}, {@code blocked}, {@code interrupted} or {@code error} (the fuzzer
 *                     itself could not go on)
 * @param statusReason why it was blocked, interrupted or stopped by an error, or null
 * @param initialize   the first successful initialize result, or null
 * @param tools        tool definitions as listed (possibly empty)
 * @param findings     deduplicated findings, most severe first
 * @param perTarget    outcome counts per {@code kind:target}
 * @param totalRuns    runs executed
 * @param restarts     target restarts after crashes and hangs
 * @param warnings     human warnings
 * @param startedAt    start instant
 * @param endedAt      end instant
 * @param extra        surface-specific results (spec guard checks, audit data, {@code tool_discovery}),
 *                     JSON-serialisable
 * @param fuzzerErrors failures of the fuzzer's own code that the campaign survived (see {@link FaultGuard})
 */
public record CampaignResult(String status, String statusReason, InitializeResult initialize,
        List<tools.jackson.databind.JsonNode> tools, List<Finding> findings, Map<String, Map<String, Long>> perTarget,
        long totalRuns, int restarts, List<String> warnings, Instant startedAt, Instant endedAt,
        Map<String, Object> extra, FaultGuard.Snapshot fuzzerErrors) {}
