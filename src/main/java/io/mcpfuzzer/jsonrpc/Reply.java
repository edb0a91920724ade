package io.mcpfuzzer.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * What became of one request. Exactly one of the statuses applies; {@code message} is the whole
 * response object when one arrived.
 *
 * @param status    how the request ended
 * @param message   the response object (with result or error), or null
 * @param raw       the response frame text as received (bounded by the transport cap), or null
 * @param latencyNanos monotonic nanoseconds from send to completion
 * @param detail    human detail for non-answers (closed reason, send failure), or null
 */
public record Reply(Status status, JsonNode message, String raw, long latencyNanos, String detail) {

    /** Terminal states of a request. */
    public enum Status {
        /** A response with {@code result}. */
        RESULT,
        /** A response with {@code error}. */
        ERROR,
        /** No answer before the deadline. */
        TIMEOUT,
        /** The peer went away (EOF, process exit, connection lost) before answering. */
        CLOSED,
        /** The answer was larger than the transport's cap and was discarded. */
        OVERSIZED,
        /** The frame could not be sent. */
        SEND_FAILED,
        /** No answer by the deadline while the server went on answering later requests (a silent drop). */
        DROPPED
    }

    /** The same reply with another status and detail (used to reclassify a timeout as a drop). */
    public Reply withStatus(Status newStatus, String newDetail) {
        return new Reply(newStatus, message, raw, latencyNanos, newDetail);
    }

    public boolean answered() {
        return status == Status.RESULT || status == Status.ERROR;
    }

    public JsonNode result() {
        return message == null ? null : message.get("result");
    }

    public JsonNode error() {
        return message == null ? null : message.get("error");
    }

    /** JSON-RPC error code, or null. */
    public Integer errorCode() {
        JsonNode error = error();
        if (error == null || !error.isObject()) {
            return null;
        }
        JsonNode code = error.get("code");
        return code != null && code.isIntegralNumber() ? code.intValue() : null;
    }

    public String errorMessage() {
        JsonNode error = error();
        if (error == null) {
            return null;
        }
        JsonNode msg = error.get("message");
        return msg == null ? io.mcpfuzzer.common.Json.write(error) : msg.isString() ? msg.asString()
                : io.mcpfuzzer.common.Json.write(msg);
    }

    public double latencyMillis() {
        return latencyNanos / 1_000_000.0;
    }
}
