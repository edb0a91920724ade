package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.ToolMemory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Confirms a tool's memory growth ({@link ToolMemory}) after its runs: when its per-call RSS samples
 * make it a suspect, the call after which RSS rose most is replayed {@link ToolMemory#REPLAY_CALLS}
 * times (outside the run accounting, through the safety choke point like every call), RSS read after
 * each, and {@code memory_growth} is reported only when the replay keeps growing
 * ({@link ToolMemory#confirmed}): medium, or low when the growth per replayed call is within what
 * storing the replayed input explains ({@link ToolMemory#storeExplains}). A replay that loses its
 * server (no answer, a restart) reports medium when it grew at least {@link ToolMemory#SLOPE_KB} per
 * call over at least {@link ToolMemory#MIN_SAMPLES} calls until then (the growth ran the server out
 * of memory), else nothing. Called from the thread that fuzzes tools, one tool at a time.
 */
final class MemoryProbe {
    private static final Logger LOG = LoggerFactory.getLogger(MemoryProbe.class);

    private MemoryProbe() {}

    static void check(RunEngine engine, String tool) throws Supervisor.BlockedException {
        ToolMemory.Suspect suspect = engine.toolMemory().suspect(tool);
        engine.toolMemory().forget(tool);
        if (suspect == null) {
            return;
        }
        JsonNode input = suspect.input() == null ? Json.object() : suspect.input();
        Target target = engine.currentTarget();
        long[] x = new long[ToolMemory.REPLAY_CALLS];
        long[] y = new long[ToolMemory.REPLAY_CALLS];
        int lostAfter = -1;
        for (int i = 0; i < x.length; i++) {
            Reply reply = engine.direct(session -> session.callTool(tool, input, engine.timeout()));
            long kb = target.rssKb();
            if (reply == null || !reply.answered() || engine.currentTarget() != target || kb <= 0) {
                LOG.debug("memory replay of {} stopped after {} calls: the server did not answer or restarted", tool, i);
                lostAfter = i;
                break;
            }
            x[i] = i + 1L;
            y[i] = kb;
        }
        if (lostAfter >= 0) {
            // growing until the server is gone (out of memory) confirms the growth; anything else says nothing
            x = java.util.Arrays.copyOf(x, lostAfter);
            y = java.util.Arrays.copyOf(y, lostAfter);
            ToolMemory.Fit sofar = lostAfter < ToolMemory.MIN_SAMPLES ? null : ToolMemory.fit(x, y);
            if (sofar == null || sofar.slopeKbPerCall() < ToolMemory.SLOPE_KB) {
                return;
            }
        }
        ToolMemory.Fit replay = ToolMemory.fit(x, y);
        if (replay == null || (lostAfter < 0 && !ToolMemory.confirmed(x, y, suspect.fit().growthKb()))) {
            LOG.debug("memory growth of {} not confirmed by the replay (slope {} kB per call, RSS kB {})", tool,
                    replay == null ? 0 : Math.round(replay.slopeKbPerCall()), java.util.Arrays.toString(y));
            return;
        }
        ToolMemory.Fit fit = suspect.fit();
        long inputBytes = Json.write(input).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        boolean stored = lostAfter < 0 && ToolMemory.storeExplains(replay.slopeKbPerCall(), inputBytes);
        Map<String, Object> ev = new LinkedHashMap<>();
        ev.put("input", input);
        ev.put("slope_kb_per_call", Math.round(fit.slopeKbPerCall()));
        ev.put("fitted_growth_kb", Math.round(fit.growthKb()));
        ev.put("samples", fit.samples());
        ev.put("rss_first_kb", fit.firstKb());
        ev.put("rss_last_kb", fit.lastKb());
        ev.put("replay_calls", lostAfter < 0 ? ToolMemory.REPLAY_CALLS : lostAfter);
        if (lostAfter >= 0) {
            ev.put("replay_lost_server_after_calls", lostAfter);
        }
        ev.put("replay_slope_kb_per_call", Math.round(replay.slopeKbPerCall()));
        ev.put("replay_rss_kb", java.util.Arrays.stream(y).boxed().toList());
        ev.put("input_bytes", inputBytes);
        ev.put("explained_by_storing_input", stored);
        ev.put("thresholds", "slope >= " + ToolMemory.SLOPE_KB + " kB per call, fitted growth >= "
                + ToolMemory.TOTAL_KB + " kB, replay slope >= " + ToolMemory.SLOPE_KB + " kB per call (second half >= "
                + ToolMemory.SLOPE_KB / 2 + "); low when the replay slope <= " + ToolMemory.STORE_FACTOR
                + " x input_bytes");
        engine.addFinding(Finding.of("memory_growth", stored ? Severity.LOW : Severity.MEDIUM, "tool", tool, suspect.run(),
                "resident memory grows about " + Math.round(fit.slopeKbPerCall()) + " kB per call to " + tool
                        + " (" + fit.samples() + " samples, " + Math.round(fit.growthKb() / 1024) + " MiB in all); "
                        + x.length + " identical calls grew it " + Math.round(replay.slopeKbPerCall())
                        + " kB per call" + (lostAfter < 0 ? "" : " until the server stopped answering")
                        + (stored ? ", within what storing its " + inputBytes
                                + "-byte input costs (a store keeping what it is sent)" : ""),
                ev, "rss_slope"));
    }
}
