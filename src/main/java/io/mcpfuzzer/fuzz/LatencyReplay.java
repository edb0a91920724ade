package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.LatencyOutliers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps a {@code performance_outlier} only when it reproduces: the target's slowest run is re-sent up to
 * {@link #TRIES} times and one re-send must again take longer than the outlier threshold (or time out). A
 * slow first call of a freshly started server, or one stalled by the machine running the fuzzer, is fast
 * when re-sent and is dropped; a server slow on that input, or slow every few calls, is slow again.
 *
 * <p>The re-sends go through the given engine (a silent one over the campaign's supervisor, so through the
 * session's safety choke point) and are not campaign runs. Run it while the target is still up, from the
 * campaign thread.
 */
final class LatencyReplay {
    /** Most re-sends per outlier target; the first slow one ends them. */
    static final int TRIES = 5;

    private LatencyReplay() {}

    /** The findings of the outliers that were slow again, with the re-sends' latencies in their evidence. */
    static List<Finding> confirm(List<LatencyOutliers.Outlier> outliers, RunEngine engine)
            throws Supervisor.BlockedException {
        List<Finding> kept = new ArrayList<>();
        for (LatencyOutliers.Outlier o : outliers) {
            if (!(o.slowest() instanceof RunEngine.Call call) || Thread.currentThread().isInterrupted()) {
                continue;
            }
            List<Double> replayed = new ArrayList<>();
            boolean slow = false;
            for (int i = 0; i < TRIES && !slow && !Thread.currentThread().isInterrupted(); i++) {
                Reply reply = resend(call, engine);
                if (reply == null || reply.safetyBlocked()) {
                    break;
                }
                replayed.add(Math.round(reply.latencyMillis() * 10) / 10.0);
                slow = reply.status() == Reply.Status.TIMEOUT || reply.latencyMillis() > o.thresholdMs();
                if (!slow && !reply.answered()) {
                    break; // gone or refused: nothing more to learn from this input
                }
            }
            if (slow) {
                Map<String, Object> ev = new LinkedHashMap<>(o.finding().evidence());
                ev.put("replayed_run", call.run());
                ev.put("replayed_ms", replayed);
                kept.add(o.finding().withEvidence(o.finding().detail() + "; run " + call.run() + " re-sent was slow again ("
                        + replayed.get(replayed.size() - 1) + " ms, try " + replayed.size() + " of " + TRIES + ")", ev));
            }
        }
        return kept;
    }

    private static Reply resend(RunEngine.Call call, RunEngine engine) throws Supervisor.BlockedException {
        Reply[] got = {null};
        engine.execute(new RunEngine.Call(call.kind(), call.target(), call.run(), "latency_replay", call.input(),
                call.rawInput(), call.valid(), call.strategy(), session -> {
                    Reply r = call.send().apply(session);
                    got[0] = r;
                    return r;
                }, call.liveness(), call.inputBytes()));
        return got[0];
    }
}
