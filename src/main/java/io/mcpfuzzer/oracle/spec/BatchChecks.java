package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.oracle.spec.CheckStatus.FAIL;
import static io.mcpfuzzer.oracle.spec.CheckStatus.PASS;
import static io.mcpfuzzer.oracle.spec.CheckStatus.WARN;

import io.mcpfuzzer.common.Json;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.IntNode;

/**
 * JSON-RPC batches per revision: required in 2025-03-26, removed from 2025-06-18, and JSON-RPC's
 * empty-batch rule where batches exist.
 */
final class BatchChecks {
    private BatchChecks() {}

    static void run(GuardContext ctx) {
        if (ctx.applies(SpecChecks.BATCH_SUPPORTED)) {
            supported(ctx);
        }
        if (ctx.applies(SpecChecks.BATCH_REJECTED)) {
            rejected(ctx);
        }
        if (ctx.applies(SpecChecks.BATCH_EMPTY) && !ctx.dead) {
            empty(ctx);
        }
    }

    private static String twoPings(JsonNode a, JsonNode b) {
        ArrayNode batch = Json.array();
        batch.add(Json.parse(GuardContext.frame(a, "ping", null)));
        batch.add(Json.parse(GuardContext.frame(b, "ping", null)));
        return Json.write(batch);
    }

    private static void supported(GuardContext ctx) {
        JsonNode a = ctx.freshId();
        JsonNode b = IntNode.valueOf(7_700 + ctx.results.size());
        ctx.remember(b);
        String frame = twoPings(a, b);
        ProbeReply reply = ctx.send(frame, null);
        if (reply.json() == null || !reply.json().isArray()) {
            ctx.add(SpecChecks.BATCH_SUPPORTED, FAIL, "no array answer: " + reply.outcome(), "sent", frame,
                    "reply", reply.excerpt());
            return;
        }
        Set<JsonNode> ids = new HashSet<>();
        boolean allResults = true;
        for (JsonNode element : reply.json()) {
            ids.add(element.get("id"));
            allResults &= element.has("result");
        }
        boolean ok = reply.json().size() == 2 && ids.equals(Set.of(a, b)) && allResults;
        ctx.add(SpecChecks.BATCH_SUPPORTED, ok ? PASS : FAIL,
                ok ? "both pings answered in one array" : "array answer does not hold two results with ids " + a + ", " + b,
                "sent", frame, "reply", reply.excerpt());
    }

    private static void rejected(GuardContext ctx) {
        JsonNode a = ctx.freshId();
        JsonNode b = ctx.freshId();
        String frame = twoPings(a, b);
        Probe probe = Probe.send(ctx, frame, null);
        JsonNode executed = null;
        JsonNode error = null;
        for (JsonNode answer : probe.answers()) {
            for (JsonNode element : answer.isArray() ? answer : List.of(answer)) {
                JsonNode id = element.get("id");
                boolean ours = id == null || id.isNull() || id.equals(a) || id.equals(b);
                if (ours && element.has("result")) {
                    executed = answer;
                } else if (ours && element.has("error")) {
                    error = answer;
                }
            }
        }
        if (executed != null) {
            ctx.add(SpecChecks.BATCH_REJECTED, FAIL, "the batch was executed although " + ctx.negotiated
                    + " has no batching", "sent", frame, "reply", executed);
        } else if (!probe.alive()) {
            ctx.add(SpecChecks.BATCH_REJECTED, FAIL, "the server stopped answering ping after a batch", "sent", frame);
        } else if (error != null) {
            ctx.add(SpecChecks.BATCH_REJECTED, PASS, "rejected with an error", "sent", frame, "reply", error);
        } else {
            ctx.add(SpecChecks.BATCH_REJECTED, WARN, "ignored silently; an error answer is expected", "sent", frame);
        }
    }

    private static void empty(GuardContext ctx) {
        Probe probe = Probe.send(ctx, "[]", null);
        List<JsonNode> answers = probe.matching(null);
        Integer code = answers.isEmpty() ? null : Probe.code(answers.get(0));
        boolean ok = code != null && code == RpcChecks.INVALID_REQUEST;
        ctx.add(SpecChecks.BATCH_EMPTY, ok ? PASS : probe.alive() ? WARN : FAIL,
                ok ? "error -32600" : !probe.alive() ? "the server stopped answering ping after an empty batch"
                        : answers.isEmpty() ? "no single -32600 error" : "error " + code + ", expected -32600",
                "sent", "[]", "reply", answers.isEmpty() ? null : answers.get(0));
    }
}
