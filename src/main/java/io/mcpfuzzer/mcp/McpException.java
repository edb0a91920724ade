package io.mcpfuzzer.mcp;

import io.mcpfuzzer.jsonrpc.Reply;

/**
 * A session step failed (initialize rejected, listing broken). Carries the reply as evidence; the
 * campaign turns it into a recorded outcome.
 */
public class McpException extends Exception {
    private final transient Reply reply;

    public McpException(String message, Reply reply) {
        super(message);
        this.reply = reply;
    }

    /** The reply that caused it, or null. */
    public Reply reply() {
        return reply;
    }
}
