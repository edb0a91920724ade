package io.mcpfuzzer.transport;

import java.util.concurrent.CompletableFuture;

/**
 * A transport whose every send gets its own reply channel (Streamable HTTP: one POST per frame), so
 * the moment a send's reply is complete is known: once the POST's response was fully handled, every
 * frame it carried has been delivered to the listener, and a request it carried that got no answer
 * in it was not answered (MCP 2025-03-26 and later, "Sending Messages to the Server": a request is
 * answered in the POST's JSON body or SSE stream; 202 is only for notifications and responses).
 */
public interface SendSettlement {
    /**
     * How the calling thread's most recent send settled: completes with the HTTP status once the
     * response was fully handled (body read, stream ended, frames delivered), or with -1 when the
     * exchange failed; null when this thread has not sent yet or the transport cannot tell.
     */
    CompletableFuture<Integer> lastSendSettled();

    /**
     * True (the default) when a request's answer travels in its own POST's response, so a 2xx that
     * settled without it is a drop. False for legacy HTTP+SSE (2024-11-05), where the POST is only
     * acknowledged (202) and answers arrive on the event stream: there only an error status settles a
     * request (a refusal); after a 2xx the answer may still come.
     */
    default boolean answersInPost() {
        return true;
    }
}
