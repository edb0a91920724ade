package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.oracle.spec.CheckStatus.FAIL;
import static io.mcpfuzzer.oracle.spec.CheckStatus.PASS;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Checks over every answer the guard received: response envelope and error object shape. */
final class EnvelopeChecks {
    private EnvelopeChecks() {}

    static void run(GuardContext ctx) {
        List<String> envelope = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        JsonNode firstBadEnvelope = null;
        JsonNode firstBadError = null;
        for (ProbeReply reply : ctx.replies) {
            if (reply.json() == null) {
                envelope.add("unparseable answer: " + reply.excerpt());
                continue;
            }
            for (JsonNode r : reply.json().isArray() ? reply.json() : List.of(reply.json())) {
                String p = envelopeProblem(r);
                if (p != null) {
                    envelope.add(p);
                    firstBadEnvelope = firstBadEnvelope == null ? r : firstBadEnvelope;
                }
                if (r.isObject() && r.has("error")) {
                    JsonNode e = r.get("error");
                    if (!e.isObject() || !e.path("code").isInt() || !e.path("message").isString()) {
                        errors.add("malformed error " + e);
                        firstBadError = firstBadError == null ? r : firstBadError;
                    }
                }
            }
        }
        int n = ctx.replies.size();
        ctx.add(SpecChecks.RPC_ENVELOPE, envelope.isEmpty() ? PASS : FAIL,
                envelope.isEmpty() ? n + " answers well-formed" : envelope.size() + " bad answer(s): " + envelope.get(0),
                "example", firstBadEnvelope);
        ctx.add(SpecChecks.RPC_ERROR_SHAPE, errors.isEmpty() ? PASS : FAIL,
                errors.isEmpty() ? "all error objects well-formed" : errors.size() + " bad error(s): " + errors.get(0),
                "example", firstBadError);
    }

    private static String envelopeProblem(JsonNode r) {
        if (!r.isObject()) {
            return "answer is not an object";
        }
        if (!"2.0".equals(r.path("jsonrpc").asString(null))) {
            return "jsonrpc is " + r.get("jsonrpc");
        }
        if (!r.has("id")) {
            return "no id member";
        }
        if (r.has("result") == r.has("error")) {
            return r.has("result") ? "both result and error" : "neither result nor error";
        }
        return null;
    }
}
