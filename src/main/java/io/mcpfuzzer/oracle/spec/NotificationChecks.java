package io.mcpfuzzer.oracle.spec;

import static io.mcpfuzzer.oracle.spec.CheckStatus.FAIL;
import static io.mcpfuzzer.oracle.spec.CheckStatus.PASS;

import io.mcpfuzzer.common.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Notifications must not be answered. A notification is never judged by waiting for its answer
 * (defect B12 of the Python tool): the guard sends it, then a ping, and fails only if a response that
 * belongs to no guard request (null, absent or foreign id) arrived in between.
 */
final class NotificationChecks {
    private NotificationChecks() {}

    static void run(GuardContext ctx) {
        String cancelled = GuardContext.frame(null, "notifications/cancelled", Json.object()
                .put("requestId", "spec-guard-never-sent").put("reason", "spec guard probe"));
        judge(ctx, SpecChecks.NOTIF_NO_RESPONSE, cancelled);
        judge(ctx, SpecChecks.NOTIF_UNKNOWN_NO_RESPONSE,
                GuardContext.frame(null, "notifications/spec_guard_unknown", Json.object()));
    }

    private static void judge(GuardContext ctx, SpecCheck check, String frame) {
        Probe probe = Probe.send(ctx, frame, null);
        List<JsonNode> strays = new ArrayList<>();
        for (JsonNode answer : probe.answers()) {
            if (answer.isArray() || !ctx.sentByGuard(answer.get("id"))) {
                strays.add(answer);
            }
        }
        if (!strays.isEmpty()) {
            ctx.add(check, FAIL, "the notification was answered", "sent", frame, "reply", strays.get(0));
        } else if (!probe.alive()) {
            ctx.add(check, FAIL, "the server stopped answering ping after the notification", "sent", frame);
        } else {
            ctx.add(check, PASS, "no response", "sent", frame);
        }
    }
}
