package io.mcpfuzzer.oracle.spec;

import io.mcpfuzzer.common.Json;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What came back for one request: the raw answer text (parsed when it is JSON), or a timeout, or a
 * closed connection. Immutable.
 *
 * @param outcome what happened
 * @param text    the raw answer frame, or a short reason for TIMEOUT/CLOSED; never null
 * @param json    the parsed answer, or null if there was none or it was not JSON
 */
public record ProbeReply(Outcome outcome, String text, JsonNode json) {
    /** What happened to a request. */
    public enum Outcome { ANSWERED, TIMEOUT, CLOSED }

    public ProbeReply {
        Objects.requireNonNull(outcome, "outcome");
        text = text == null ? "" : text;
    }

    /** An answer frame; parses it leniently (unparseable text keeps {@code json} null). */
    public static ProbeReply answered(String text) {
        JsonNode parsed;
        try {
            parsed = Json.parse(text);
        } catch (JacksonException e) {
            parsed = null;
        }
        return new ProbeReply(Outcome.ANSWERED, text, parsed);
    }

    public static ProbeReply timeout() {
        return new ProbeReply(Outcome.TIMEOUT, "no answer before the deadline", null);
    }

    public static ProbeReply closed(String reason) {
        return new ProbeReply(Outcome.CLOSED, reason, null);
    }

    public boolean answered() {
        return outcome == Outcome.ANSWERED;
    }

    /** True for an answered JSON object carrying a {@code result} member. */
    public boolean isResult() {
        return json != null && json.isObject() && json.has("result");
    }

    /** True for an answered JSON object carrying an {@code error} member. */
    public boolean isError() {
        return json != null && json.isObject() && json.has("error");
    }

    /** The {@code result} member, or null. */
    public JsonNode result() {
        return isResult() ? json.get("result") : null;
    }

    /** The integer {@code error.code}, or null when absent or not an integer. */
    public Integer errorCode() {
        if (!isError()) {
            return null;
        }
        JsonNode code = json.get("error").get("code");
        return code != null && code.isInt() ? code.intValue() : null;
    }

    /** The {@code error.message} text, or null when this is no error answer or the message is not a string. */
    public String errorMessage() {
        if (!isError()) {
            return null;
        }
        JsonNode message = json.get("error").get("message");
        return message != null && message.isString() ? message.asString() : null;
    }

    /** The answer's {@code id} member, or null when absent (a JSON null id is a NullNode). */
    public JsonNode id() {
        return json != null && json.isObject() ? json.get("id") : null;
    }

    /** A bounded excerpt of the answer for evidence (at most 500 characters). */
    public String excerpt() {
        return text.length() <= 500 ? text : text.substring(0, 500) + "...";
    }
}
