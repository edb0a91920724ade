package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.oracle.spec.CheckStatus.FAIL;
import static io.mcpfuzzer.oracle.spec.CheckStatus.PASS;
import static io.mcpfuzzer.oracle.spec.CheckStatus.WARN;

import io.mcpfuzzer.mcp.McpVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Initialize result and ping checks (specification basic/lifecycle, basic/utilities/ping). */
final class InitChecks {
    private InitChecks() {}

    static void run(GuardContext ctx) {
        JsonNode init = ctx.exchange.initializeResult();
        if (init == null || !init.isObject()) {
            String why = "no initialize result object";
            ctx.add(SpecChecks.INIT_VERSION, FAIL, why, "initializeResult", init);
            ctx.add(SpecChecks.INIT_SERVER_INFO, FAIL, why);
            ctx.add(SpecChecks.INIT_CAPABILITIES, FAIL, why);
        } else {
            version(ctx, init);
            serverInfo(ctx, init);
            capabilities(ctx, init);
            JsonNode instructions = init.get("instructions");
            ctx.add(SpecChecks.INIT_INSTRUCTIONS, instructions == null || instructions.isString() ? PASS : FAIL,
                    instructions == null ? "no instructions" : "instructions is " + instructions.getNodeType(),
                    "instructions", instructions);
        }
        ping(ctx);
    }

    private static void version(GuardContext ctx, JsonNode init) {
        JsonNode v = init.get("protocolVersion");
        if (v == null || !v.isString()) {
            ctx.add(SpecChecks.INIT_VERSION, FAIL, "protocolVersion missing or not a string", "protocolVersion", v);
        } else if (!v.asString().matches("\\d{4}-\\d{2}-\\d{2}")) {
            ctx.add(SpecChecks.INIT_VERSION, FAIL, "protocolVersion is not a revision date: " + v.asString(),
                    "protocolVersion", v);
        } else if (McpVersion.parse(v.asString()).isEmpty()) {
            ctx.add(SpecChecks.INIT_VERSION, WARN, "protocolVersion " + v.asString() + " is not a revision this tool"
                    + " models; judged with the rules of " + ctx.version, "protocolVersion", v);
        } else if (!v.asString().equals(ctx.negotiated)) {
            ctx.add(SpecChecks.INIT_VERSION, WARN, "protocolVersion " + v.asString() + " differs from the negotiated "
                    + ctx.negotiated, "protocolVersion", v);
        } else {
            ctx.add(SpecChecks.INIT_VERSION, PASS, "protocolVersion " + v.asString(), "protocolVersion", v);
        }
    }

    private static void serverInfo(GuardContext ctx, JsonNode init) {
        JsonNode info = init.get("serverInfo");
        boolean ok = info != null && info.isObject() && info.path("name").isString() && info.path("version").isString();
        ctx.add(SpecChecks.INIT_SERVER_INFO, ok ? PASS : FAIL,
                ok ? "serverInfo " + info.get("name").asString() : "serverInfo missing, or name/version not strings",
                "serverInfo", info);
    }

    private static void capabilities(GuardContext ctx, JsonNode init) {
        JsonNode caps = init.get("capabilities");
        if (caps == null || !caps.isObject()) {
            ctx.add(SpecChecks.INIT_CAPABILITIES, FAIL, "capabilities missing or not an object", "capabilities", caps);
            return;
        }
        List<String> bad = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : caps.properties()) {
            if (!e.getValue().isObject()) {
                bad.add(e.getKey());
            }
        }
        ctx.add(SpecChecks.INIT_CAPABILITIES, bad.isEmpty() ? PASS : FAIL,
                bad.isEmpty() ? "capabilities " + caps.propertyNames() : "capabilities that are not objects: " + bad,
                "capabilities", caps);
    }

    private static void ping(GuardContext ctx) {
        ProbeReply reply = ctx.exchange.ping(ctx.timeout);
        ctx.record(reply);
        if (!reply.answered()) {
            ctx.dead = true;
            ctx.add(SpecChecks.PING_EMPTY, FAIL, "ping not answered: " + reply.outcome(), "reply", reply.text());
        } else if (!reply.isResult() || !reply.result().isObject()) {
            ctx.add(SpecChecks.PING_EMPTY, FAIL, "ping answer has no object result", "reply", reply.excerpt());
        } else {
            List<String> extra = new ArrayList<>();
            reply.result().propertyNames().forEach(n -> {
                if (!n.equals("_meta")) {
                    extra.add(n);
                }
            });
            ctx.add(SpecChecks.PING_EMPTY, extra.isEmpty() ? PASS : WARN,
                    extra.isEmpty() ? "empty result" : "result is not empty: " + extra, "reply", reply.excerpt());
        }
    }
}
