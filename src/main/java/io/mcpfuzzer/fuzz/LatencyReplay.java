package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.LatencyOutliers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps a {@code performance_outlier} only when it reproduces: the target's slowest run is re-sent once to
 * warm the server (a restarted one is cold; that answer is not judged), then up to {@link #TRIES} times,
 * and one re-send must again be answered later than the outlier threshold. A slow first call of a freshly
 * started server, or one stalled by the machine running the fuzzer, is fast when re-sent and is dropped;
 * a server slow on that input, or slow every few calls, is slow again.
 *
 * <p>An outlier this could not decide (the campaign ended first, a re-send was not answered, refused or
 * ended the server) is kept, its evidence saying why it was not confirmed: it is reported as the statistic
 * it is rather than lost. The re-sends go through the given engine (a silent one over the campaign's
 * supervisor, so through the session's safety choke point) and are not campaign runs. Not thread-safe:
 * run it from the campaign thread while the target is still up.
 */
final class LatencyReplay {
    /** Most judged re-sends per outlier target; the first slow one ends them. */
    static final int TRIES = 5;
    /** Evidence key of an outlier that could not be re-sent to the end: why. */
    static final String UNCONFIRMED = "replay_unconfirmed";

    private final List<LatencyOutliers.Outlier> outliers;
    private final Map<LatencyOutliers.Outlier, Finding> decided = new LinkedHashMap<>();
    private final Map<LatencyOutliers.Outlier, String> why = new LinkedHashMap<>();

    LatencyReplay(List<LatencyOutliers.Outlier> outliers) {
        this.outliers = List.copyOf(outliers);
    }

    /** Re-sends each outlier's slowest run; stops early (leaving the rest undecided) when interrupted or blocked. */
    void run(RunEngine engine) {
        for (LatencyOutliers.Outlier o : outliers) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            if (!(o.slowest() instanceof RunEngine.Call call)) {
                why.put(o, "no re-sendable run");
                continue;
            }
            try {
                decide(o, call, engine);
            } catch (Supervisor.BlockedException e) {
                why.put(o, "the target could not be reached again: " + e.getMessage());
                return;
            }
        }
    }

    private void decide(LatencyOutliers.Outlier o, RunEngine.Call call, RunEngine engine)
            throws Supervisor.BlockedException {
        Reply warm = resend(call, engine);
        if (warm == null || !warm.answered()) {
            why.put(o, "the warm-up re-send got no answer");
            return;
        }
        List<Double> replayed = new ArrayList<>();
        for (int i = 0; i < TRIES && !Thread.currentThread().isInterrupted(); i++) {
            Reply reply = resend(call, engine);
            if (reply == null || !reply.answered()) {
                why.put(o, "re-send " + (i + 1) + " got no answer");
                return;
            }
            replayed.add(Math.round(reply.latencyMillis() * 10) / 10.0);
            if (reply.latencyMillis() > o.thresholdMs()) {
                Map<String, Object> ev = new LinkedHashMap<>(o.finding().evidence());
                ev.put("replayed_run", call.run());
                ev.put("replayed_ms", replayed);
                decided.put(o, o.finding().withEvidence(o.finding().detail() + "; run " + call.run()
                        + " re-sent was slow again (" + replayed.get(replayed.size() - 1) + " ms, try " + replayed.size()
                        + " of " + TRIES + ")", ev));
                return;
            }
        }
        if (replayed.size() == TRIES) {
            decided.put(o, null); // fast every time: not a finding
        } else {
            why.put(o, "interrupted");
        }
    }

    /**
     * The confirmed outliers, and the undecided ones with {@link #UNCONFIRMED}; an outlier whose re-sends
     * were all fast is left out.
     */
    List<Finding> findings() {
        List<Finding> out = new ArrayList<>();
        for (LatencyOutliers.Outlier o : outliers) {
            if (decided.containsKey(o)) {
                if (decided.get(o) != null) {
                    out.add(decided.get(o));
                }
                continue;
            }
            out.add(unconfirmed(o, why.getOrDefault(o, "the campaign ended before it was re-sent")));
        }
        return out;
    }

    /** An outlier reported without re-sending, saying why. */
    static Finding unconfirmed(LatencyOutliers.Outlier o, String reason) {
        Map<String, Object> ev = new LinkedHashMap<>(o.finding().evidence());
        ev.put(UNCONFIRMED, reason);
        return o.finding().withEvidence(o.finding().detail() + "; not confirmed by re-sending (" + reason + ")", ev);
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
