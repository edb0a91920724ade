package io.mcpfuzzer.jsonrpc;

/**
 * What became of a frame sent without waiting for an answer ({@link RpcConnection#write},
 * {@link RpcConnection#writeRaw}). Immutable.
 *
 * @param decision the outbound policy's decision; never null
 * @param written  true when bytes went to the transport
 * @param failure  why the transport refused the frame, or null
 */
public record Sent(Outbound decision, boolean written, String failure) {
    public boolean blocked() {
        return decision.blocked();
    }
}
