package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.oracle.spec.CheckStatus.FAIL;
import static io.mcpfuzzer.oracle.spec.CheckStatus.PASS;
import static io.mcpfuzzer.oracle.spec.CheckStatus.SKIP;
import static io.mcpfuzzer.oracle.spec.CheckStatus.WARN;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.oracle.EnvironmentFailures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Capability consistency, list result shapes and pagination (specification server/tools,
 * server/resources, server/prompts, basic/utilities/pagination). Only the first page is read.
 */
final class ListingChecks {
    private static final int MAX_ITEM_PROBLEMS = 5;

    private ListingChecks() {}

    static void run(GuardContext ctx) {
        Map<String, ProbeReply> lists = new LinkedHashMap<>();
        List<String> declaredProblems = new ArrayList<>();
        List<String> unreachable = new ArrayList<>(); // failed on the server's own backend, not on the protocol
        List<String> undeclaredServed = new ArrayList<>();
        for (String[] capMethod : new String[][] {{"tools", "tools/list"}, {"resources", "resources/list"},
                {"prompts", "prompts/list"}}) {
            ProbeReply reply = ctx.call(capMethod[1], null);
            lists.put(capMethod[1], reply);
            boolean backendDown = EnvironmentFailures.blamesInternalError(reply.errorCode(), reply.errorMessage());
            if (ctx.declares(capMethod[0]) && backendDown) {
                unreachable.add(capMethod[1] + ": " + reply.errorMessage());
            } else if (ctx.declares(capMethod[0]) && !reply.isResult()) {
                declaredProblems.add(capMethod[0] + " declared but " + capMethod[1] + " " + outcome(reply));
            } else if (!ctx.declares(capMethod[0]) && reply.isResult()) {
                undeclaredServed.add(capMethod[1]);
            }
        }
        if (ctx.declares("resources")) {
            lists.put("resources/templates/list", ctx.call("resources/templates/list", null));
        }
        if (ctx.declares("logging")) {
            ProbeReply reply = ctx.call("logging/setLevel", Json.object().put("level", "info"));
            if (!reply.isResult()) {
                declaredProblems.add("logging declared but logging/setLevel " + outcome(reply));
            }
        }
        if (declaredProblems.isEmpty() && !unreachable.isEmpty()) {
            // postgres without its database: resources/list answers -32603 "connect ECONNREFUSED", which
            // says nothing of the protocol (the campaign warns of such answers)
            ctx.add(SpecChecks.CAP_DECLARED_SERVED, SKIP, "a listing failed on the network or credentials: "
                    + String.join("; ", unreachable), "capabilities", ctx.capabilities());
        } else {
            ctx.add(SpecChecks.CAP_DECLARED_SERVED, declaredProblems.isEmpty() ? PASS : FAIL,
                    declaredProblems.isEmpty() ? "declared capabilities answer" : String.join("; ", declaredProblems),
                    "capabilities", ctx.capabilities());
        }
        ctx.add(SpecChecks.CAP_UNDECLARED_UNSERVED, undeclaredServed.isEmpty() ? PASS : WARN,
                undeclaredServed.isEmpty() ? "undeclared capabilities are not served"
                        : "served without declaring the capability: " + undeclaredServed, "capabilities", ctx.capabilities());

        shape(ctx, SpecChecks.TOOLS_LIST_SHAPE, lists.get("tools/list"), "tools", ListingChecks::toolProblem);
        shape(ctx, SpecChecks.RESOURCES_LIST_SHAPE, lists.get("resources/list"), "resources",
                item -> stringFields(item, "uri", "name"));
        ProbeReply templates = lists.get("resources/templates/list");
        if (templates != null && templates.isError() && Integer.valueOf(RpcChecks.METHOD_NOT_FOUND).equals(templates.errorCode())) {
            ctx.add(SpecChecks.TEMPLATES_LIST_SHAPE, WARN, "resources declared but templates/list is not implemented",
                    "reply", templates.excerpt());
        } else {
            shape(ctx, SpecChecks.TEMPLATES_LIST_SHAPE, templates, "resourceTemplates",
                    item -> stringFields(item, "uriTemplate", "name"));
        }
        shape(ctx, SpecChecks.PROMPTS_LIST_SHAPE, lists.get("prompts/list"), "prompts", ListingChecks::promptProblem);
        cursorTypes(ctx, lists);
        invalidCursor(ctx);
    }

    private interface ItemCheck {
        String problem(JsonNode item);
    }

    private static void shape(GuardContext ctx, SpecCheck check, ProbeReply reply, String arrayName, ItemCheck itemCheck) {
        if (reply == null || !reply.isResult()) {
            ctx.add(check, SKIP, "no result to check");
            return;
        }
        JsonNode items = reply.result().get(arrayName);
        if (items == null || !items.isArray()) {
            ctx.add(check, FAIL, arrayName + " is missing or not an array", "reply", reply.excerpt());
            return;
        }
        List<String> problems = new ArrayList<>();
        int index = 0;
        for (JsonNode item : items) {
            String p = item.isObject() ? itemCheck.problem(item) : "not an object";
            if (p != null && problems.size() < MAX_ITEM_PROBLEMS) {
                problems.add(arrayName + "[" + index + "]: " + p);
            }
            index++;
        }
        ctx.add(check, problems.isEmpty() ? PASS : FAIL,
                problems.isEmpty() ? items.size() + " " + arrayName + " well-formed" : String.join("; ", problems),
                "reply", reply.excerpt());
    }

    private static String toolProblem(JsonNode tool) {
        String p = stringFields(tool, "name");
        if (p != null) {
            return p;
        }
        JsonNode schema = tool.get("inputSchema");
        if (schema == null || !schema.isObject()) {
            return "inputSchema missing or not an object";
        }
        return "object".equals(schema.path("type").asString(null)) ? null : "inputSchema.type is not \"object\"";
    }

    private static String promptProblem(JsonNode prompt) {
        String p = stringFields(prompt, "name");
        if (p != null) {
            return p;
        }
        JsonNode args = prompt.get("arguments");
        if (args == null) {
            return null;
        }
        if (!args.isArray()) {
            return "arguments is not an array";
        }
        for (JsonNode arg : args) {
            if (!arg.isObject() || !arg.path("name").isString()) {
                return "an argument has no string name";
            }
        }
        return null;
    }

    private static String stringFields(JsonNode item, String... names) {
        for (String name : names) {
            if (!item.path(name).isString()) {
                return name + " missing or not a string";
            }
        }
        return null;
    }

    private static void cursorTypes(GuardContext ctx, Map<String, ProbeReply> lists) {
        List<String> bad = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, ProbeReply> e : lists.entrySet()) {
            if (e.getValue().isResult() && e.getValue().result().has("nextCursor")) {
                checked++;
                JsonNode cursor = e.getValue().result().get("nextCursor");
                if (!cursor.isString() && !cursor.isNull()) {
                    bad.add(e.getKey() + " nextCursor is " + cursor.getNodeType());
                }
            }
        }
        ctx.add(SpecChecks.PAGE_CURSOR_TYPE, bad.isEmpty() ? (checked == 0 ? SKIP : PASS) : FAIL,
                bad.isEmpty() ? checked + " nextCursor value(s) checked" : String.join("; ", bad));
    }

    private static void invalidCursor(GuardContext ctx) {
        String method = ctx.declares("tools") ? "tools/list" : ctx.declares("resources") ? "resources/list"
                : ctx.declares("prompts") ? "prompts/list" : null;
        if (method == null) {
            ctx.add(SpecChecks.PAGE_INVALID_CURSOR, SKIP, "no paginated capability declared");
            return;
        }
        ProbeReply reply = ctx.call(method, Json.object().put("cursor", "spec-guard-invalid-cursor-\u00e9\u0000"));
        Integer code = reply.errorCode();
        CheckStatus status = !reply.answered() ? FAIL
                : code != null && code == RpcChecks.INVALID_PARAMS ? PASS : WARN;
        ctx.add(SpecChecks.PAGE_INVALID_CURSOR, status, method + " with an invalid cursor: " + outcome(reply),
                "reply", reply.excerpt());
    }

    private static String outcome(ProbeReply reply) {
        if (!reply.answered()) {
            return "was not answered (" + reply.outcome() + ")";
        }
        return reply.isError() ? "failed with error " + reply.errorCode() : reply.isResult() ? "returned a result"
                : "returned an unrecognised frame";
    }
}
