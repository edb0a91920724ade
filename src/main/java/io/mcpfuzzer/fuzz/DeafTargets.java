package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.EnvironmentFailures;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Targets (a tool, a protocol method; keyed {@code kind:name}) that never answer: once {@value #IN_A_ROW}
 * of a target's requests in a row waited out their whole deadline while the server still answered pings (no answer
 * in time to a valid request; not a drop of an invalid one, and not a hang, after which the server is restarted), its further runs are
 * not sent and end as {@value #OUTCOME}. A tool that never answers
 * (@executeautomation/playwright-mcp-server's screenshot without a browser: 30 s per call) would otherwise cost
 * every one of its runs a full timeout. A target that answered once is never skipped (a tool that drops only hostile
 * inputs keeps all its runs, since which inputs it drops is what the fuzzing is for), unless every answer blamed the
 * environment ({@link EnvironmentFailures#blamedIn}: a browser tool answers "Executable doesn't exist" to some calls
 * and waits for the browser on others); a request that
 * waited behind another target's hang ({@link Reply#BY_QUEUE}) neither counts nor resets. Once deaf, a target
 * stays deaf for the run: which of its runs were sent depends on timing, as timeouts do.
 *
 * <p>Likewise a target cut off from what it needs: once {@value #OFFLINE_IN_A_ROW} of its answers in a row were
 * failures that blame the network or credentials ({@link EnvironmentFailures#blamedIn}) and each took at least
 * {@value #OFFLINE_SLOW_MS} ms, its further runs end as {@value #OFFLINE_OUTCOME}: no input gets past that failure,
 * and @elastic/mcp-server-elasticsearch without its cluster spent 7.5 s retrying on every call
 * ({@code Error: connect ECONNREFUSED 127.0.0.1:9}), over 15 minutes for five tools. A target that gave any other
 * answer but a refusal of its arguments is never skipped; a quick such failure costs nothing and is not counted.
 *
 * <p>Thread-safe. At most {@value #MAX_TARGETS} targets are tracked; further ones are never skipped.
 */
final class DeafTargets {
    /** Requests in a row that waited out their deadline before a target's further runs are skipped. */
    static final int IN_A_ROW = 4;
    /** Outcome of a run not sent because its target stopped answering. */
    static final String OUTCOME = "skipped_unresponsive";
    static final int MAX_TARGETS = 10_000;
    /** Slow environment failures in a row before a target's further runs are skipped. */
    static final int OFFLINE_IN_A_ROW = 4;
    /** An environment failure at least this slow (retries, back-off) counts towards {@link #OFFLINE_IN_A_ROW}. */
    static final long OFFLINE_SLOW_MS = 2_000;
    /** Outcome of a run not sent because its target only failed for want of its network or credentials. */
    static final String OFFLINE_OUTCOME = "skipped_offline";

    /** The streak of a target that answered once: it is never skipped. */
    private static final int ANSWERS = Integer.MAX_VALUE;

    /** Streak per target; negative once the target is deaf, {@link #ANSWERS} once it answered. */
    private final Map<String, AtomicInteger> streaks = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> skipped = new ConcurrentHashMap<>();
    private final LongAdder settled = new LongAdder();
    private final java.util.Set<String> settledKeys = ConcurrentHashMap.newKeySet();
    /** Slow environment failures in a row per target; negative once offline, {@link #ANSWERS} once it got past. */
    private final Map<String, AtomicInteger> offline = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> skippedOffline = new ConcurrentHashMap<>();

    /** True when {@code key}'s runs are no longer sent, because it stopped answering or is offline. */
    boolean isDeaf(String key) {
        return isUnresponsive(key) || isOffline(key);
    }

    /** True when {@code key}'s runs are no longer sent because it stopped answering (not because it is offline). */
    boolean isUnresponsive(String key) {
        AtomicInteger streak = streaks.get(key);
        return streak != null && streak.get() < 0;
    }

    /** True when {@code key}'s runs are no longer sent because it only fails for want of network or credentials. */
    boolean isOffline(String key) {
        AtomicInteger streak = offline.get(key);
        return streak != null && streak.get() < 0;
    }

    /** Counts the final reply of one of {@code key}'s requests (null is ignored). */
    void observe(String key, Reply reply) {
        if (reply == null || Reply.BY_QUEUE.equals(reply.decidedBy())) {
            return;
        }
        observeEnvironment(key, reply);
        // only a wait the server outlived (a ping answered after the deadline: BY_DEADLINE); a hang restarts the
        // server, whether a ping got no answer (BY_PING), the server went silent after answering, or the hang
        // watchdog killed it with this request outstanding (no decision recorded): the next run meets a fresh one
        // A drop of an invalid request (DROPPED) is the server ignoring garbage, case by case: it neither counts nor
        // resets, so a method whose malformed cases are dropped keeps its other cases
        boolean waitedOut = reply.status() == Reply.Status.TIMEOUT && Reply.BY_DEADLINE.equals(reply.decidedBy());
        if (reply.status() == Reply.Status.DROPPED) {
            return;
        }
        AtomicInteger streak = streaks.get(key);
        if (!waitedOut && !reply.answered()) {
            return;
        }
        if (streak == null) {
            if (streaks.size() >= MAX_TARGETS) {
                return;
            }
            streak = streaks.computeIfAbsent(key, k -> new AtomicInteger());
        }
        if (!waitedOut) { // it answers: a tool that drops only some inputs (hostile ones) is never skipped
            int n = streak.get();
            // unless the answer says the environment lacks what the tool needs ("Failed to initialize browser:
            // Executable doesn't exist at ..."): such a tool answers that and hangs on the rest; it neither counts nor resets
            if (n >= 0 && n != ANSWERS && !EnvironmentFailures.blamedIn(reply)) {
                streak.updateAndGet(m -> m < 0 ? m : ANSWERS);
            }
            return;
        }
        streak.updateAndGet(n -> n < 0 || n == ANSWERS ? n : n + 1 >= IN_A_ROW ? -1 : n + 1);
    }

    /**
     * Makes {@code key} deaf at once when every one of its requests so far waited out its deadline (at least one;
     * {@link ToolScout}: the server's other tools already stopped answering). Returns whether it is deaf now.
     */
    boolean settle(String key) {
        AtomicInteger streak = streaks.get(key);
        if (streak == null) {
            return false;
        }
        if (streak.updateAndGet(n -> n > 0 && n != ANSWERS ? -1 : n) < 0) {
            settled.increment();
            settledKeys.add(key);
            return true;
        }
        return false;
    }

    private void observeEnvironment(String key, Reply reply) {
        boolean blamed = reply.answered() && EnvironmentFailures.blamedIn(reply);
        boolean refusal = reply.status() == Reply.Status.ERROR && !Integer.valueOf(-32603).equals(reply.errorCode());
        if (!reply.answered() || refusal || blamed && reply.latencyMillis() < OFFLINE_SLOW_MS) {
            return; // a refused argument never reached the network; a quick failure costs nothing
        }
        AtomicInteger streak = offline.get(key);
        if (streak == null) {
            if (offline.size() >= MAX_TARGETS) {
                return;
            }
            streak = offline.computeIfAbsent(key, k -> new AtomicInteger());
        }
        if (!blamed) { // it got past the environment once: its inputs matter
            streak.updateAndGet(n -> n < 0 ? n : ANSWERS);
            return;
        }
        streak.updateAndGet(n -> n < 0 || n == ANSWERS ? n : n + 1 >= OFFLINE_IN_A_ROW ? -1 : n + 1);
    }

    /** Counts one run of {@code key} that was not sent, with the {@code outcome} it was recorded with. */
    void skipped(String key, String outcome) {
        (OFFLINE_OUTCOME.equals(outcome) ? skippedOffline : skipped).computeIfAbsent(key, k -> new LongAdder())
                .increment();
    }

    /** The outcome of a run of {@code key} that is not sent. */
    String outcome(String key) {
        return isOffline(key) ? OFFLINE_OUTCOME : OUTCOME;
    }

    /** Why a run of {@code key} recorded with {@code outcome} is not sent, for its record. */
    String why(String key, String outcome) {
        if (OFFLINE_OUTCOME.equals(outcome)) {
            return OFFLINE_IN_A_ROW + " answers in a row of this target blamed the network or credentials and took at"
                    + " least " + OFFLINE_SLOW_MS + " ms each; not sent";
        }
        return settledKeys.contains(key) ? "its one request got no answer within the timeout after " + ToolScout.AFTER
                + " tools in a row had stopped answering; not sent"
                : IN_A_ROW + " requests in a row to this target got no answer within the timeout; not sent";
    }

    /** Runs not sent, per target, sorted; a snapshot. */
    Map<String, Long> skippedByTarget() {
        Map<String, Long> out = new TreeMap<>();
        skipped.forEach((k, n) -> out.put(k, n.sum()));
        return out;
    }

    /** Runs not sent because their target was offline, per target, sorted; a snapshot. */
    Map<String, Long> skippedOfflineByTarget() {
        Map<String, Long> out = new TreeMap<>();
        skippedOffline.forEach((k, n) -> out.put(k, n.sum()));
        return out;
    }

    /** The run's warning about the runs skipped as offline, or null when none was. */
    String offlineWarning() {
        Map<String, Long> byTarget = skippedOfflineByTarget();
        if (byTarget.isEmpty()) {
            return null;
        }
        long total = byTarget.values().stream().mapToLong(Long::longValue).sum();
        return String.format(Locale.ROOT, "%,d run(s) of %d target(s) were not sent (outcome %s): %d answers in a row"
                + " of the target blamed the network or credentials and took %d ms or more each, so no input got past"
                + " that: %s; give the server its network or credentials to reach them", total, byTarget.size(),
                OFFLINE_OUTCOME, OFFLINE_IN_A_ROW, OFFLINE_SLOW_MS, names(byTarget));
    }

    private static String names(Map<String, Long> byTarget) {
        StringBuilder names = new StringBuilder();
        byTarget.entrySet().stream().limit(5).forEach(e -> names.append(names.length() == 0 ? "" : ", ")
                .append(e.getKey()).append(" (").append(e.getValue()).append(')'));
        return names + (byTarget.size() > 5 ? ", ..." : "");
    }

    /** The run's warning about the skipped runs, or null when none was skipped. */
    String warning() {
        Map<String, Long> byTarget = skippedByTarget();
        if (byTarget.isEmpty()) {
            return null;
        }
        long total = byTarget.values().stream().mapToLong(Long::longValue).sum();
        return String.format(Locale.ROOT, "%,d run(s) of %d target(s) were not sent (outcome %s): %d of the target's "
                + "requests in a row got no answer within the timeout, so it stopped answering%s: %s; a longer "
                + "--tool-timeout or --timeout may reach them", total, byTarget.size(), OUTCOME, IN_A_ROW,
                settled.sum() == 0 ? "" : String.format(Locale.ROOT, " (%d target(s) after one such request: %d tools in "
                        + "a row had stopped answering before)", settled.sum(), ToolScout.AFTER),
                names(byTarget));
    }
}
