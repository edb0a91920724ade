package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.oracle.Verdict;
import java.time.Duration;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Sends one recorded JSON-RPC line, exactly as recorded, to a fresh target from {@code factory}
 * and judges it as a campaign run would ({@link RunEngine}: liveness ping, crash and hang
 * detection, classifier). The line passes the session's safety choke point like any other
 * request: a blocked line comes back as outcome {@code safety_blocked} and is never written.
 * Not thread-safe; one call starts (and stops) its own target.
 */
public final class LineReplay {
    private LineReplay() {}

    /**
     * @param kind    the finding's surface ({@code tool}, {@code protocol}, {@code resource}, {@code prompt},
     *                {@code frame})
     * @param target  the finding's target (tool name, method, URI...), as recorded
     * @param line    the exact line to send (no trailing newline)
     * @param timeout how long to wait for the answer
     * @return the verdict of the run (outcome and findings)
     * @throws Supervisor.BlockedException when the target could not be started
     */
    public static Verdict send(TargetFactory factory, String kind, String target, String line, Duration timeout)
            throws Supervisor.BlockedException {
        JsonNode message = parse(line);
        JsonNode id = message != null && message.isObject() ? message.get("id") : null;
        JsonNode input = message;
        if ("tool".equals(kind) && message != null) {
            input = message.path("params").get("arguments");
        } else if (("resource".equals(kind) || "prompt".equals(kind)) && message != null) {
            input = message.get("params");
        }
        RunEngine.Liveness liveness = !"protocol".equals(kind) && !"frame".equals(kind)
                ? RunEngine.Liveness.AFTER_TIMEOUT
                : id == null ? RunEngine.Liveness.ANSWER_OPTIONAL : RunEngine.Liveness.ALWAYS;
        String raw = input == null || "protocol".equals(kind) || "frame".equals(kind) ? line : null;
        try (Supervisor supervisor = new Supervisor(factory, 2)) {
            RunEngine engine = new RunEngine(supervisor, CampaignObserver.NONE, timeout);
            return engine.execute(new RunEngine.Call(kind, target, 0, "replay", input, raw, null, "replay",
                    session -> session.rpc().exchange(line, id, timeout), liveness, line.length()));
        }
    }

    private static JsonNode parse(String line) {
        try {
            return Json.parse(line);
        } catch (JacksonException e) {
            return null; // a malformed frame: sent as is, judged without a parsed input
        }
    }
}
