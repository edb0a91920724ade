package io.mcpfuzzer.oracle;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One fuzzing run: what was sent, what came back, and the outcome. One JSON line in
 * {@code sessions/<id>/runs.jsonl}. Immutable.
 *
 * @param kind         surface: {@code tool}, {@code protocol}, {@code resource}, {@code prompt}, {@code frame}
 * @param target       tool name, message type, resource URI or prompt name
 * @param run          run index within the target, from 0
 * @param phase        {@code realistic} or {@code aggressive}
 * @param input        the arguments or message sent (null for raw frames; see {@code rawInput})
 * @param rawInput     raw text sent for malformed frames, else null
 * @param inputValid   whether the input validates against the declared schema, or null if unknown
 * @param outcome      outcome word: {@code ok}, {@code tool_error}, {@code rejected}, {@code crash},
 *                     {@code hang}, {@code timeout}, {@code oversized_response}, {@code protocol_violation},
 *                     {@code safety_blocked}, {@code transport_error}, {@code no_answer}
 * @param latencyMs    milliseconds from send to answer (or to giving up); monotonic clock
 * @param errorCode    JSON-RPC error code of the answer, or null
 * @param response     bounded excerpt of the answer (or error message), or null
 * @param findings     categories of findings this run produced (possibly empty)
 */
public record RunResult(
        String kind,
        String target,
        int run,
        String phase,
        JsonNode input,
        String rawInput,
        Boolean inputValid,
        String outcome,
        double latencyMs,
        Integer errorCode,
        String response,
        List<String> findings) {

    public RunResult {
        findings = findings == null ? List.of() : List.copyOf(findings);
    }
}
