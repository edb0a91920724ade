package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.oracle.spec.CheckStatus.FAIL;
import static io.mcpfuzzer.oracle.spec.CheckStatus.PASS;
import static io.mcpfuzzer.oracle.spec.CheckStatus.SKIP;
import static io.mcpfuzzer.oracle.spec.CheckStatus.WARN;

import io.mcpfuzzer.common.Json;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON-RPC envelope checks: id echo, error codes, invalid requests, parse errors (JSON-RPC 2.0 sections 4-5). */
final class RpcChecks {
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INVALID_REQUEST = -32600;
    static final int PARSE_ERROR = -32700;

    private RpcChecks() {}

    static void idEcho(GuardContext ctx) {
        JsonNode stringId = ctx.freshId();
        JsonNode intId = IntNode.valueOf(4_200 + ctx.results.size());
        StringBuilder problems = new StringBuilder();
        StringBuilder seen = new StringBuilder();
        for (JsonNode id : List.of(stringId, intId)) {
            ProbeReply reply = ctx.send(GuardContext.frame(id, "ping", null), id);
            seen.append(id).append(" -> ").append(reply.answered() ? String.valueOf(reply.id()) : reply.outcome()).append("; ");
            if (!reply.answered()) {
                problems.append("no answer for id ").append(id).append("; ");
            } else if (reply.id() == null || !reply.id().equals(id)) {
                problems.append("sent id ").append(id).append(" (").append(id.getNodeType()).append("), got ")
                        .append(reply.id()).append(reply.id() == null ? "" : " (" + reply.id().getNodeType() + ")")
                        .append("; ");
            }
        }
        ctx.add(SpecChecks.RPC_ID_ECHO, problems.isEmpty() ? PASS : FAIL,
                problems.isEmpty() ? "string and integer ids echoed unchanged" : problems.toString().trim(),
                "exchanges", seen.toString().trim());
    }

    static void methodNotFound(GuardContext ctx) {
        ProbeReply reply = ctx.call("spec_guard/no_such_method", null);
        Integer code = reply.errorCode();
        if (code != null && code == METHOD_NOT_FOUND) {
            ctx.add(SpecChecks.RPC_METHOD_NOT_FOUND, PASS, "error -32601", "reply", reply.excerpt());
        } else {
            ctx.add(SpecChecks.RPC_METHOD_NOT_FOUND, FAIL, describe(reply, "-32601"), "reply", reply.excerpt());
        }
    }

    static void invalidParams(GuardContext ctx) {
        String method;
        ObjectNode params = Json.object();
        if (ctx.declares("tools")) {
            method = "tools/call";
            params.put("name", 42).put("arguments", "not-an-object");
        } else if (ctx.declares("resources")) {
            method = "resources/read";
            params.put("uri", 42);
        } else if (ctx.declares("prompts")) {
            method = "prompts/get";
            params.put("name", 42);
        } else if (ctx.declares("logging")) {
            method = "logging/setLevel";
            params.put("level", 42);
        } else {
            ctx.add(SpecChecks.RPC_INVALID_PARAMS, SKIP, "no declared capability to probe");
            return;
        }
        ProbeReply reply = ctx.call(method, params);
        Integer code = reply.errorCode();
        CheckStatus status = code != null && code == INVALID_PARAMS ? PASS : reply.isError() ? WARN : FAIL;
        ctx.add(SpecChecks.RPC_INVALID_PARAMS, status, status == PASS ? "error -32602" : describe(reply, "-32602"),
                "request", method + " " + params, "reply", reply.excerpt());
    }

    static void missingMethod(GuardContext ctx) {
        JsonNode id = ctx.freshId();
        ObjectNode message = Json.object().put("jsonrpc", "2.0");
        message.set("id", id);
        String frame = Json.write(message);
        judgeInvalid(ctx, SpecChecks.RPC_MISSING_METHOD, frame, id, INVALID_REQUEST, true);
    }

    static void wrongVersion(GuardContext ctx) {
        JsonNode id = ctx.freshId();
        ObjectNode message = Json.object().put("jsonrpc", "1.0");
        message.set("id", id);
        message.put("method", ctx.declares("tools") ? "tools/list" : "ping");
        String frame = Json.write(message);
        judgeInvalid(ctx, SpecChecks.RPC_WRONG_VERSION, frame, id, INVALID_REQUEST, false);
    }

    static void parseError(GuardContext ctx) {
        judgeInvalid(ctx, SpecChecks.RPC_PARSE_ERROR, "{\"jsonrpc\":\"2.0\",\"id\":\"spec-guard-parse\",\"method\":",
                null, PARSE_ERROR, true);
    }

    /**
     * Result -> FAIL; the expected error code -> PASS; another error -> WARN; silence -> WARN when
     * {@code silenceWarns} (JSON-RPC requires an answer) else PASS; server stops answering -> FAIL.
     */
    private static void judgeInvalid(GuardContext ctx, SpecCheck check, String frame, JsonNode id, int expected,
            boolean silenceWarns) {
        Probe probe = Probe.send(ctx, frame, id);
        List<JsonNode> answers = probe.matching(id);
        if (!probe.alive()) {
            ctx.add(check, FAIL, "the server stopped answering ping after the probe", "sent", frame);
        } else if (answers.isEmpty()) {
            ctx.add(check, silenceWarns ? WARN : PASS, "ignored (no answer before the next ping)", "sent", frame);
        } else {
            JsonNode answer = answers.get(0);
            Integer code = Probe.code(answer);
            CheckStatus status = answer.has("result") ? FAIL : code != null && code == expected ? PASS : WARN;
            ctx.add(check, status, answer.has("result") ? "the invalid message was executed"
                    : "error " + code + (status == PASS ? "" : ", expected " + expected), "sent", frame, "reply", answer);
        }
    }

    private static String describe(ProbeReply reply, String expected) {
        if (!reply.answered()) {
            return "no answer (" + reply.outcome() + "), expected error " + expected;
        }
        if (reply.isError()) {
            return "error " + reply.errorCode() + ", expected " + expected;
        }
        return "answered with a result, expected error " + expected;
    }
}
