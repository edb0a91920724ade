package io.mcpfuzzer.jsonrpc;

import io.mcpfuzzer.common.Json;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * What an {@link OutboundPolicy} decided for one outgoing frame. Immutable.
 *
 * @param action  send as given, send a rewritten frame, or send nothing; never null
 * @param message {@link Action#REWRITE}: the message as sent; otherwise null
 * @param frame   {@link Action#REWRITE}: the frame text as sent; otherwise null
 * @param reason  {@link Action#BLOCK}: why nothing was sent; {@link Action#REWRITE}: what was changed;
 *                null for {@link Action#SEND}
 */
public record Outbound(Action action, JsonNode message, String frame, String reason) {
    /** The three possible decisions. */
    public enum Action {
        /** Write the frame unchanged. */
        SEND,
        /** Write {@link Outbound#frame()} instead. */
        REWRITE,
        /** Write nothing; the caller gets {@link Reply.Status#SAFETY_BLOCKED}. */
        BLOCK
    }

    /** Send as given. */
    public static final Outbound SEND = new Outbound(Action.SEND, null, null, null);

    public Outbound {
        Objects.requireNonNull(action, "action");
        if (action == Action.REWRITE) {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(frame, "frame");
            Objects.requireNonNull(reason, "reason");
        } else if (action == Action.BLOCK) {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Send {@code message} (serialised compactly) instead of the original frame. */
    public static Outbound rewrite(JsonNode message, String reason) {
        return new Outbound(Action.REWRITE, message, Json.write(message), reason);
    }

    /** Send nothing. */
    public static Outbound block(String reason) {
        return new Outbound(Action.BLOCK, null, null, reason);
    }

    public boolean blocked() {
        return action == Action.BLOCK;
    }

    public boolean rewritten() {
        return action == Action.REWRITE;
    }
}
