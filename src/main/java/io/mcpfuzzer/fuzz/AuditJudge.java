package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.Finding;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * What the {@link Shrinker} needs from the security audit to minimise an audit finding: where the
 * finding came from, and the audit's per-answer checks run on a candidate's answer without reporting
 * anything. Implementations are thread-safe.
 */
interface AuditJudge {
    /**
     * The call that first showed an audit finding.
     *
     * @param input       the tool arguments as sent (an object), never null
     * @param strategy    the call's strategy (names the payload family), never null
     * @param payloadKeys top-level argument names carrying the payload; never empty (kept as is by shrinking)
     */
    record Origin(JsonNode input, String strategy, Set<String> payloadKeys) {}

    /** The origin of {@code finding}, or null when it did not come from one tool call with a known payload. */
    Origin origin(Finding finding);

    /**
     * The findings the audit's per-answer checks (response oracles, canary scan) give for one answer;
     * nothing is reported and no state changes. Empty when the reply carries no answer.
     */
    List<Finding> judge(String tool, String strategy, JsonNode input, Reply reply);
}
