package io.mcpfuzzer.oracle;

import io.mcpfuzzer.jsonrpc.Reply;
import tools.jackson.databind.JsonNode;

/**
 * Everything the classifier needs to judge one run.
 *
 * @param kind       surface ({@code tool}, {@code resource}, {@code prompt}, {@code protocol}, {@code frame})
 * @param target     tool name, URI, prompt name or message type
 * @param run        run index
 * @param phase      {@code realistic} or {@code aggressive}
 * @param input      what was sent (arguments or message), may be null for raw frames
 * @param rawInput   raw frame text, or null
 * @param inputValid whether the input is valid per its schema, or null if unknown
 * @param strategy   generator strategy / attack family label, or null
 * @param reply      how the request ended
 * @param crash      crash evidence when the peer went away, else null
 * @param inputBytes size of what was sent on the wire in bytes, or -1 when unknown (then the size of
 *                   {@code input} / {@code rawInput} stands for it when choosing the smallest input)
 */
public record Observation(String kind, String target, int run, String phase, JsonNode input, String rawInput,
        Boolean inputValid, String strategy, Reply reply, CrashInfo crash, long inputBytes) {

    /** An observation whose wire size is unknown. */
    public Observation(String kind, String target, int run, String phase, JsonNode input, String rawInput,
            Boolean inputValid, String strategy, Reply reply, CrashInfo crash) {
        this(kind, target, run, phase, input, rawInput, inputValid, strategy, reply, crash, -1);
    }
}
