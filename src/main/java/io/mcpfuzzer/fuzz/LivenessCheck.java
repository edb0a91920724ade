package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.jsonrpc.Reply;
import java.time.Duration;

/**
 * The questions {@link RunEngine} asks a live target after a call: does it still answer a ping, is it
 * gone, and was a timed-out call only queued behind another run's unanswered request. Every deadline
 * is at most the call timeout. Thread-safe (no state beyond the timeout).
 */
final class LivenessCheck {
    /**
     * Deadline of the liveness ping after a protocol case (one case in flight). Short: the ping only
     * asks "do you still answer at all?", and a deaf server must not cost a full deadline per case.
     */
    private static final Duration PING_DEADLINE = Duration.ofSeconds(2);
    /** Deadline of the ping after a timed-out call that may share the server with other calls in flight. */
    private static final Duration BUSY_PING_DEADLINE = Duration.ofSeconds(5);
    /** Deadline of the second ping that confirms a server is deaf before it is reported as a hang. */
    private static final Duration CONFIRM_DEADLINE = Duration.ofSeconds(8);
    /**
     * How long a call queued behind another run's unanswered request waits, after its own liveness
     * checks, for that run to end the deaf incarnation (that run's checks started earlier, so they end
     * first; this covers its kill).
     */
    private static final Duration COLLATERAL_WAIT = Duration.ofSeconds(5);

    private final Duration timeout;

    LivenessCheck(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * Asks whether the server still answers: a ping with a short deadline, and when that gets nothing
     * (and the server is not gone) a second one with {@link #CONFIRM_DEADLINE} (at most the call
     * timeout), so a server that was only briefly busy, or a loaded machine, is not reported as deaf.
     */
    Reply ping(Target target, RunEngine.Call call) {
        Reply first = target.session().rpc().request("ping", null, pingDeadline(call));
        if (first.answered() || isGone(first, target)) {
            return first;
        }
        return target.session().rpc().request("ping", null, min(timeout, CONFIRM_DEADLINE));
    }

    /** Everything {@link #ping} may wait, in ms, for the texts of a deaf server. */
    long waitMillis(RunEngine.Call call) {
        return pingDeadline(call).toMillis() + min(timeout, CONFIRM_DEADLINE).toMillis();
    }

    /** True when a ping failed because the server is gone (its connection closed). */
    static boolean isGone(Reply ping, Target target) {
        return !ping.answered() && (ping.status() == Reply.Status.CLOSED || target.session().rpc().isClosed());
    }

    /**
     * True when the server went deaf with an earlier request of ours still unanswered and nothing sent
     * after that request answered (see {@link io.mcpfuzzer.jsonrpc.RpcConnection#unansweredBefore}), and
     * the run that sent it ended this incarnation within {@link #COLLATERAL_WAIT} past this call's own
     * liveness wait: this call was queued behind another run's hang, which that run reports. A server
     * that reads in order never saw this input, so blaming it would point a maintainer at an input that
     * does not hang. When no other run ends the incarnation, false: this call is reported as the hang.
     */
    static boolean queuedBehindAnother(Target target, String timedOut) {
        return target.session().rpc().unansweredBefore(timedOut) != null
                && target.session().rpc().awaitClosed(COLLATERAL_WAIT);
    }

    private Duration pingDeadline(RunEngine.Call call) {
        return min(timeout, call.liveness() == RunEngine.Liveness.AFTER_TIMEOUT ? BUSY_PING_DEADLINE : PING_DEADLINE);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) < 0 ? a : b;
    }
}
