package io.mcpfuzzer.oracle.spec;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Fire-and-check probes for messages a server may legitimately ignore: send the frame without
 * waiting, then a ping, then look at what arrived before the ping's answer. No fixed waiting period
 * is needed for servers that answer in order; an answer that arrives after the ping is treated as
 * "ignored" (and is excluded later because its id belongs to the guard).
 *
 * @param alive     whether the follow-up ping was answered
 * @param answers   response-shaped frames that arrived (objects with result/error, or arrays)
 */
record Probe(boolean alive, List<JsonNode> answers) {
    static Probe send(GuardContext ctx, String frame, JsonNode id) {
        if (id != null) {
            ctx.remember(id);
        }
        ctx.exchange.drainUnsolicited();
        ctx.exchange.notify(frame);
        ProbeReply ping = ctx.exchange.ping(ctx.timeout);
        ctx.record(ping);
        List<JsonNode> answers = GuardContext.responses(ctx.exchange.drainUnsolicited());
        for (JsonNode a : answers) {
            ctx.record(ProbeReply.answered(io.mcpfuzzer.common.Json.write(a)));
        }
        if (!ping.answered()) {
            ctx.dead = true;
        }
        return new Probe(ping.answered(), answers);
    }

    /** Answers whose id has the text of {@code id}, or is null/absent (arrays excluded). */
    List<JsonNode> matching(JsonNode id) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode a : answers) {
            if (a.isObject()) {
                JsonNode aid = a.get("id");
                if (aid == null || aid.isNull() || (id != null && GuardContext.idText(aid).equals(GuardContext.idText(id)))) {
                    out.add(a);
                }
            }
        }
        return out;
    }

    static Integer code(JsonNode answer) {
        JsonNode code = answer.path("error").get("code");
        return code != null && code.isInt() ? code.intValue() : null;
    }
}
