package io.mcpfuzzer.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * The check every outgoing frame of an {@link RpcConnection} passes before it is written: requests,
 * notifications, frames sent as text ({@link RpcConnection#sendFrame}), raw bytes
 * ({@link RpcConnection#sendRaw}) and the client's answers to server requests. Installed once per
 * connection, before it starts. Implementations must be thread-safe (frames are sent from any
 * thread) and should not throw: a throwing policy blocks the frame (fail closed).
 */
@FunctionalInterface
public interface OutboundPolicy {
    /**
     * @param message the frame parsed strictly as JSON (no duplicate member names, no trailing
     *                content), or null when it is not such a document
     * @param text    the frame text (raw bytes decoded as UTF-8, malformed sequences replaced); never null
     * @param raw     true for raw bytes: a {@link Outbound.Action#REWRITE} of them is treated as a block,
     *                since raw bytes are never re-encoded
     * @return the decision; never null
     */
    Outbound check(JsonNode message, String text, boolean raw);

    /** Sends everything as given (no policy). */
    OutboundPolicy SEND_ALL = (message, text, raw) -> Outbound.SEND;
}
