package io.mcpfuzzer.generate.protocol;

import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.mcp.MessageType;
import io.mcpfuzzer.mcp.McpVersion;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * One protocol test case: the exact frame text to send, and what a conforming server should do.
 * What is recorded here is what is sent; nothing is rebuilt on the way to the wire.
 *
 * @param type            the message type the case was derived from
 * @param phase           realistic or aggressive
 * @param strategy        how it was made
 * @param version         the revision it was generated for
 * @param frame           the exact text to send (one line, no trailing newline; may be invalid JSON-RPC)
 * @param expectsResponse true if a conforming JSON-RPC peer must answer: a single object with an {@code id}
 *                        member of any type or without a string {@code method} (an Invalid Request, answered
 *                        with a null id), a batch containing such an element, or an empty batch (answered
 *                        with one Invalid Request error); false when silence is correct
 * @param id              the id to match the answer with (the last {@code id} member for duplicate keys),
 *                        {@code NullNode} for an explicit null id, or null when the frame carries no id
 * @param expectedIds     every id in the frame that should be answered (batch elements included), in order
 * @param notification    true if the frame is a single JSON-RPC notification (an object with a string
 *                        {@code method} and no {@code id})
 */
public record ProtocolCase(MessageType type, Phase phase, Strategy strategy, McpVersion version,
        String frame, boolean expectsResponse, JsonNode id, List<JsonNode> expectedIds, boolean notification) {

    public ProtocolCase {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(strategy, "strategy");
        Objects.requireNonNull(frame, "frame");
        expectedIds = expectedIds == null ? List.of() : List.copyOf(expectedIds);
    }

    /** {@code <method>:<strategy label>}, for example {@code tools/list:id-float}. */
    public String label() {
        return type.method() + ":" + strategy.label();
    }

    public boolean isBatch() {
        return strategy.isBatch();
    }
}
