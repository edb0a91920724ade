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
 * @param detail    human detail for non-answers (closed reason, send failure, why the outbound
 *                  policy blocked the request), or null
 * @param outbound  the outbound policy's decision when it rewrote or blocked the request (the
 *                  rewritten message is what the server got); null when the request went out as given
 * @param decidedBy how a non-answer was judged, for the evidence: {@link #BY_BARRIER} (a ping sent
 *                  right after it was answered first by a server that answers in order),
 *                  {@link #BY_DEADLINE} (nothing by the deadline, while a later ping was answered),
 *                  {@link #BY_PING} (nothing by the deadline, and a ping got nothing either),
 *                  {@link #BY_HTTP_STATUS} (the request's POST response ended without an answer),
 *                  {@link #BY_QUEUE} (nothing, queued behind another request on a server gone deaf),
 *                  {@link #BY_SILENCE} (nothing for a case that needed no answer, and a ping was answered), or null
 */
public record Reply(Status status, JsonNode message, String raw, long latencyNanos, String detail, Outbound outbound,
        String decidedBy) {
    /** Decided by a barrier ping answered before the request (one round trip). */
    public static final String BY_BARRIER = "barrier";
    /** Decided by waiting out the deadline, then a ping that was answered. */
    public static final String BY_DEADLINE = "deadline";
    /** Decided by waiting out the deadline, then a ping that got no answer either. */
    public static final String BY_PING = "ping";
    /** Decided by the HTTP response of the request's own POST, complete without an answer to it. */
    public static final String BY_HTTP_STATUS = "http_status";
    /**
     * Decided by waiting out the deadline while an earlier request the server never answered was
     * ahead of it, and that request's run ended the deaf server: most likely another run's hang.
     */
    public static final String BY_QUEUE = "queued_behind";
    /**
     * A case JSON-RPC lets a server leave unanswered got none, and a ping after it was answered: the reply is
     * the ping's, its latency the wait for the case's answer, which is no answer latency.
     */
    public static final String BY_SILENCE = "silence";

    /** A reply for a request that went out as given, with no decision recorded. */
    public Reply(Status status, JsonNode message, String raw, long latencyNanos, String detail) {
        this(status, message, raw, latencyNanos, detail, null, null);
    }

    /** A reply with the outbound decision and no decision recorded. */
    public Reply(Status status, JsonNode message, String raw, long latencyNanos, String detail, Outbound outbound) {
        this(status, message, raw, latencyNanos, detail, outbound, null);
    }

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
        DROPPED,
        /** The outbound policy kept the request from being sent (see {@link Reply#outbound()}). */
        SAFETY_BLOCKED
    }

    /** The reply for a request the outbound policy blocked: nothing reached the wire. */
    public static Reply blocked(Outbound decision) {
        return new Reply(Status.SAFETY_BLOCKED, null, null, 0, decision.reason(), decision);
    }

    /** The same reply with another status and detail (used to reclassify a timeout as a drop). */
    public Reply withStatus(Status newStatus, String newDetail) {
        return new Reply(newStatus, message, raw, latencyNanos, newDetail, outbound, decidedBy);
    }

    /** The same reply carrying the outbound decision that rewrote its request. */
    public Reply withOutbound(Outbound decision) {
        return new Reply(status, message, raw, latencyNanos, detail, decision, decidedBy);
    }

    /** The same reply recording how it was decided (see {@link #decidedBy()}). */
    public Reply decided(String how) {
        return new Reply(status, message, raw, latencyNanos, detail, outbound, how);
    }

    /** True when the outbound policy blocked the request. */
    public boolean safetyBlocked() {
        return status == Status.SAFETY_BLOCKED;
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
        return code != null && code.isIntegralNumber() && code.canConvertToInt() ? code.intValue() : null;
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
