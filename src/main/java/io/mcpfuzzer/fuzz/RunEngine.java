package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.oracle.OutcomeCounts;
import io.mcpfuzzer.oracle.Classifier;
import io.mcpfuzzer.oracle.EnvironmentFailures;
import io.mcpfuzzer.oracle.KnownText;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.FindingCollector;
import io.mcpfuzzer.oracle.LatencyOutliers;
import io.mcpfuzzer.oracle.MemoryTrend;
import io.mcpfuzzer.oracle.Observation;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.oracle.SchemaHonour;
import io.mcpfuzzer.oracle.ToolMemory;
import io.mcpfuzzer.oracle.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * Executes one run against the live target and turns what happened into a recorded outcome:
 * classifies it, streams the run, collects findings (announcing new buckets before any restart),
 * and retires the target after a crash or a hang. Thread-safe.
 *
 * <p>Liveness ({@link Liveness}): a timeout is followed by one {@code ping} with a short deadline:
 * if the server answers it, the request was silently dropped (a protocol violation) unless no answer
 * was required, or the request was valid (then it is merely slow: a timeout, the server kept; a
 * server that handles requests concurrently lets a ping overtake a slow call); every such text
 * states the real wait, and the reply records how it was decided ({@link Reply#decidedBy()}).
 * If the connection closed, the server crashed; otherwise it went deaf: it is reported
 * once, attributed to this call, killed and restarted, so the following calls run on a fresh
 * incarnation. Calls marked so (protocol cases) are pinged after an answer too. A run whose target
 * was killed by us for another run's hang is retried once on the next incarnation. On a server gone
 * deaf, the earliest unanswered request is the hang; a run that timed out queued behind it is recorded
 * as a timeout without a finding (a server that reads in order never read it; on one that starts its
 * handlers concurrently the earliest is the best guess, not a certainty). It is not retried: every
 * hanging input it could hide would cost a deaf incarnation of its own.
 *
 * <p>A failure of the fuzzer's own code around a run (classifier, per-answer checks, recording,
 * memory sampling, sending) never escapes: it is counted in the {@link FaultGuard} and, when the run
 * could not be judged, the run is recorded with outcome {@link #FUZZER_ERROR}.
 */
public final class RunEngine {
    /** RSS is sampled every 250 ms or every 10 runs, whichever comes first (one small /proc read). */
    private static final long RSS_SAMPLE_NANOS = 250_000_000L;
    private static final long RSS_RUNS = 10;
    /** No RSS read for this call yet. */
    private static final long UNREAD = Long.MIN_VALUE;
    private static final int RESPONSE_EXCERPT = 2_000;
    /** Outcome of a run that the fuzzer itself failed to carry out or judge. */
    public static final String FUZZER_ERROR = "fuzzer_error";

    private final Supervisor supervisor;
    private final CampaignObserver observer;
    private final FaultGuard guard;
    private final Duration timeout;
    private final LivenessCheck pings;
    /** What the target was sent and publishes, consulted by the classifier (see {@link KnownText}). */
    private final KnownText known = new KnownText();
    private final AcceptedShare accepted = new AcceptedShare();
    private final SessionIds ids = new SessionIds(known);
    private final SessionHints hints = new SessionHints();
    private final Classifier classifier = new Classifier(known);
    private final FindingCollector findings = new FindingCollector();
    private final LatencyOutliers latency = new LatencyOutliers();
    private final MemoryTrend memory = new MemoryTrend();
    private final ToolMemory toolMemory = new ToolMemory();
    private final SchemaHonour schemaHonour = new SchemaHonour();
    private final AtomicLong runs = new AtomicLong();
    private final AtomicLong lastRssSample = new AtomicLong(System.nanoTime() - RSS_SAMPLE_NANOS);
    private final AtomicLong lastRssRuns = new AtomicLong();
    private final AtomicLong authRefusals = new AtomicLong();
    private static final int AUTH_WALL = 5;
    private final OutcomeCounts buckets = new OutcomeCounts();
    private final DeafTargets deaf = new DeafTargets();
    private volatile java.util.function.BiConsumer<Call, Reply> inspector = (c, r) -> {};

    /**
     * Prefix of a {@code TIMEOUT} detail meaning the server stopped reading its input (a write
     * blocked): the engine then treats it as deaf at once, without a ping (which could block too).
     */
    public static final String STOPPED_READING = io.mcpfuzzer.transport.stdio.StdioTransport.STOPPED_READING;

    /** When the engine checks that the server still answers after a call. */
    public enum Liveness {
        /** Only after a timeout: a ping answered means the request was silently dropped. */
        AFTER_TIMEOUT,
        /**
         * After every call (protocol cases, one at a time): a server that answers and then stops
         * answering is attributed to this call; a timeout with a ping answered is a silent drop.
         */
        ALWAYS,
        /**
         * After every call, and silence is allowed (notifications, frames without an {@code id},
         * raw frames): a timeout with a ping answered is fine, the ping's answer stands for the reply.
         */
        ANSWER_OPTIONAL
    }

    /**
     * One request: what to send on a session and how to describe it.
     *
     * @param liveness   when the engine checks the server still answers (never null)
     * @param inputBytes wire size of what is sent, or -1 when unknown
     */
    public record Call(String kind, String target, int run, String phase, JsonNode input, String rawInput,
            Boolean valid, String strategy, Function<McpSession, Reply> send, Liveness liveness, long inputBytes) {

        public Call {
            liveness = liveness == null ? Liveness.AFTER_TIMEOUT : liveness;
        }

        /** A call checked for liveness only after a timeout, of unknown wire size. */
        public Call(String kind, String target, int run, String phase, JsonNode input, String rawInput,
                Boolean valid, String strategy, Function<McpSession, Reply> send) {
            this(kind, target, run, phase, input, rawInput, valid, strategy, send, Liveness.AFTER_TIMEOUT, -1);
        }
    }

    public RunEngine(Supervisor supervisor, CampaignObserver observer, Duration timeout) {
        this(supervisor, observer, timeout, new FaultGuard());
    }

    /** @param guard where failures of the fuzzer's own code are counted (shared with the rest of the campaign) */
    public RunEngine(Supervisor supervisor, CampaignObserver observer, Duration timeout, FaultGuard guard) {
        this.supervisor = supervisor;
        this.observer = observer;
        this.timeout = timeout;
        this.pings = new LivenessCheck(timeout);
        this.guard = guard;
    }

    /** The guard counting the fuzzer's own failures during this campaign. */
    /** Realistic tool calls and how many were accepted, per tool. */
    public AcceptedShare accepted() {
        return accepted;
    }

    /** The targets that never answered, whose further runs and probes are not sent. */
    DeafTargets deafTargets() {
        return deaf;
    }

    /** The answers that blamed the network or credentials (no findings; see the classifier). */
    public EnvironmentFailures environmentFailures() {
        return classifier.environment();
    }

    /** Ids harvested from successful tool answers, for later tools' id parameters. */
    public SessionIds ids() {
        return ids;
    }

    /** Values tools named in their error answers, for later realistic inputs. */
    public SessionHints hints() {
        return hints;
    }

    /** The session memory of what was sent and what the server publishes. */
    public KnownText known() {
        return known;
    }

    /**
     * A normal answer to a realistic call that took no input (e.g. {@code list_allowed_directories}):
     * nothing the fuzzer sent shaped it, so it is what the server publishes about itself.
     */
    private static boolean publishes(Call call, Reply reply) {
        return "realistic".equals(call.phase()) && reply.status() == Reply.Status.RESULT && reply.raw() != null
                && (call.input() == null || call.input().isEmpty())
                && (reply.result() == null || !reply.result().path("isError").asBoolean(false));
    }

    public FaultGuard guard() {
        return guard;
    }

    /** Extra per-answer checks (security audit); called from worker threads. */
    public void inspector(java.util.function.BiConsumer<Call, Reply> check) {
        this.inspector = check == null ? (c, r) -> {} : check;
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * Runs the call; returns its verdict (outcome {@link #FUZZER_ERROR} when the fuzzer's own code
     * failed before the run was judged; the failure is counted in the guard).
     */
    public Verdict execute(Call call) throws Supervisor.BlockedException {
        try {
            return attempt(call);
        } catch (RuntimeException | Error e) {
            if (!guard.record("run", inputOf(call), e)) {
                return new Verdict("interrupted", List.of());
            }
            recordFuzzerError(call, FaultGuard.oneLine(e));
            return new Verdict(FUZZER_ERROR, List.of());
        }
    }

    private Verdict attempt(Call original) throws Supervisor.BlockedException {
        String key = original.kind() + ":" + original.target();
        if (deaf.isDeaf(key)) { // it stopped answering: another run would only wait out its deadline
            String outcome = deaf.outcome(key); // read once: an answer in flight may change it
            deaf.skipped(key, outcome);
            recordUnsent(original, outcome, deaf.why(key, outcome));
            return new Verdict(outcome, List.of());
        }
        for (int attempt = 0; ; attempt++) {
            Target target = supervisor.live();
            target.session().rpc().takeLastTimeout(); // forget older timeouts of this thread
            Reply reply = original.send().apply(target.session());
            String timedOut = target.session().rpc().takeLastTimeout(); // this request's, before any ping's
            if (reply.safetyBlocked()) {
                recordBlocked(original, reply.detail());
                return new Verdict("safety_blocked", List.of());
            }
            Call call = SentCall.asSent(original, reply);
            boolean hung = false;
            CrashInfo crash = null;
            // liveness: does the server still answer after this case? (see Liveness)
            if (reply.status() == Reply.Status.TIMEOUT) {
                Reply ping = reply.detail() != null && reply.detail().startsWith(STOPPED_READING) ? null
                        : pings.ping(target, call);
                long waited = Math.round(reply.latencyMillis());
                if (ping != null && ping.answered()) {
                    if (call.liveness() == Liveness.ANSWER_OPTIONAL) {
                        // a late answer to a case that needed none is still a slow answer (latency evidence);
                        // true silence waited for nothing the server owed
                        boolean late = target.session().rpc().answeredLate(timedOut);
                        reply = new Reply(ping.status(), ping.message(), ping.raw(), reply.latencyNanos(), null)
                                .decided(late ? reply.decidedBy() : Reply.BY_SILENCE);
                    } else if (target.session().rpc().answeredLate(timedOut)) { // answered after its deadline
                        reply = reply.withStatus(Reply.Status.TIMEOUT, "the answer came after the " + waited
                                + " ms deadline (before the answer to a later ping): a slow request (timeout)")
                                .decided(Reply.BY_DEADLINE);
                    } else if (Boolean.TRUE.equals(call.valid())) {
                        reply = reply.withStatus(Reply.Status.TIMEOUT, "no answer to a valid " + call.kind()
                                + " request within " + waited + " ms while a later ping was answered: a slow request"
                                + " (timeout); the server still answers")
                                .decided(Reply.BY_DEADLINE);
                    } else {
                        reply = reply.withStatus(Reply.Status.DROPPED, "no answer within " + waited
                                + " ms while a later ping was answered").decided(Reply.BY_DEADLINE);
                    }
                } else if (ping != null && LivenessCheck.isGone(ping, target)) {
                    reply = reply.withStatus(Reply.Status.CLOSED, "the server went away after the request");
                } else if (ping != null && LivenessCheck.queuedBehindAnother(target, timedOut)) {
                    reply = reply.withStatus(Reply.Status.TIMEOUT, "no answer within " + waited + " ms, queued behind"
                            + " an earlier request the server never answered (the hang is reported on that request)")
                            .decided(Reply.BY_QUEUE);
                } else {
                    hung = true;
                    reply = reply.withStatus(Reply.Status.TIMEOUT, ping == null ? reply.detail()
                            : "no answer" + (call.liveness() == Liveness.ANSWER_OPTIONAL ? " (none required)" : "")
                                    + " within " + waited + " ms, and two pings got none within "
                                    + pings.waitMillis(call) + " ms: the server stopped answering after this "
                                    + call.kind()).decided(Reply.BY_PING);
                    crash = new CrashInfo(null, null, false, target.stderrTail(), null);
                }
            } else if (reply.answered() && call.liveness() != Liveness.AFTER_TIMEOUT) {
                Reply ping = pings.ping(target, call);
                if (LivenessCheck.isGone(ping, target)) {
                    reply = reply.withStatus(Reply.Status.CLOSED, "the server went away after answering");
                } else if (!ping.answered()) {
                    hung = true;
                    reply = reply.withStatus(Reply.Status.TIMEOUT, "answered, then two pings got no answer within "
                            + pings.waitMillis(call) + " ms: the server stopped answering after this "
                            + call.kind());
                    crash = new CrashInfo(null, null, false, target.stderrTail(), null);
                }
            }
            if (reply.status() == Reply.Status.CLOSED) {
                crash = target.crashInfo();
                if (crash.sentByUs() && isWatchdogKill(crash)) {
                    reply = reply.withStatus(Reply.Status.TIMEOUT, "killed by the hang watchdog ("
                            + crash.stopReason() + ") while this request was outstanding");
                    crash = null;
                    supervisor.retire(target);
                } else if (crash.sentByUs() && attempt == 0) {
                    supervisor.retire(target);
                    continue;
                } else if (crash.sentByUs()) { // stopped by us again: another request's hang each time
                    reply = reply.withStatus(Reply.Status.TIMEOUT, "the fuzzer stopped the server ("
                            + crash.stopReason() + ") while this request was outstanding, on both tries: most likely"
                            + " another request's hang (reported on that request)").decided(Reply.BY_QUEUE);
                    crash = null;
                    supervisor.retire(target);
                }
            }
            if (reply.status() == Reply.Status.SEND_FAILED && reply.detail() != null && reply.detail().startsWith("auth")) {
                if (authRefusals.incrementAndGet() >= AUTH_WALL) {
                    throw new Supervisor.BlockedException("the server refused " + AUTH_WALL
                            + " requests in a row as unauthorized (" + reply.detail()
                            + "); give credentials with --header, --auth-config or --auth-env");
                }
            } else {
                authRefusals.set(0);
            }
            deaf.observe(key, reply);
            if (Thread.currentThread().isInterrupted()) {
                if (hung) { // a write may still block on it: only a kill frees it for closing
                    target.kill("interrupted while deaf");
                    supervisor.retire(target);
                }
                return new Verdict("interrupted", List.of());
            }
            Observation observation = new Observation(call.kind(), call.target(), call.run(), call.phase(),
                    call.input(), call.rawInput(), call.valid(), call.strategy(), reply, crash, call.inputBytes());
            if (publishes(call, reply)) {
                known.recordPublished(reply.raw());
            }
            Verdict verdict = guard.call("classifier", inputOf(call), null, () -> classifier.judge(observation));
            known.recordSent(call.input());
            known.recordSent(call.rawInput());
            if (verdict == null) {
                verdict = new Verdict(Thread.currentThread().isInterrupted() ? "interrupted" : FUZZER_ERROR, List.of());
            }
            Reply answered = reply;
            Verdict judged = verdict;
            guard.run("record", inputOf(call), () -> record(call, answered, judged));
            if (crash == null && !hung) {
                guard.run("id_harvest", inputOf(call), () -> ids.harvest(call, answered));
                guard.run("hint_harvest", inputOf(call), () -> hints.harvest(call, answered));
                guard.run("inspector", inputOf(call), () -> inspector.accept(call, answered));
            }
            if (hung) {
                guard.run("retire", inputOf(call), () -> {
                    target.kill("hang on " + call.kind() + " " + call.target() + " run " + call.run());
                    supervisor.retire(target);
                });
            } else if (crash != null) {
                guard.run("retire", inputOf(call), () -> supervisor.retire(target));
            } else if (!Reply.BY_QUEUE.equals(reply.decidedBy())) { // a deaf server being killed: no sample
                long[] rss = {UNREAD}; // one /proc read per call serves both samples
                if ("tool".equals(call.kind())) { // per call: the per-tool trend (MemoryProbe)
                    guard.run("tool_memory", null, () -> {
                        rss[0] = target.rssKb();
                        toolMemory.record(call.target(), System.identityHashCode(target), call.input(), call.run(),
                                rss[0]);
                    });
                }
                guard.run("memory_sample", null, () -> sampleMemory(target, rss[0]));
            }
            return verdict;
        }
    }

    private void record(Call call, Reply reply, Verdict verdict) {
        runs.incrementAndGet();
        if (reply.answered()) { // isolated: a failure of these checks must not lose the run's record
            guard.run("answer_stats", inputOf(call), () -> {
                FaultInjection.at("answer_stats");
                if (latency.isEvidence(call.kind(), call.target(), reply, call.input())) {
                    latency.record(call.kind(), call.target(), call.run(), reply.latencyMillis(), call);
                }
                if (!"coverage".equals(call.phase())) { // edge values probe limits the schema may leave unstated
                    schemaHonour.record(call.kind(), call.target(), call.run(), call.valid(), call.strategy(),
                            call.input(), reply);
                }
            });
        }
        List<String> categories = new ArrayList<>();
        for (Finding f : verdict.findings()) {
            categories.add(f.category());
            if (findings.add(f)) {
                observer.onNewFinding(f);
            }
        }
        accepted.record(call.kind(), call.target(), call.phase(), verdict.outcome());
        buckets.add(call.kind() + ":" + call.target(), verdict.outcome());
        String response = reply.raw() != null ? reply.raw() : reply.detail();
        if (response != null && response.length() > RESPONSE_EXCERPT) {
            response = response.substring(0, RESPONSE_EXCERPT) + "...";
        }
        observer.onRun(new RunResult(call.kind(), call.target(), call.run(), call.phase(), call.input(),
                call.rawInput(), call.valid(), verdict.outcome(), round(reply.latencyMillis()), reply.errorCode(),
                response, categories));
    }

    /**
     * Sends a request outside the run accounting (probes such as the determinism check). A target
     * that dies or hangs meanwhile is retired, so the next run restarts it.
     */
    public Reply direct(Function<McpSession, Reply> send) throws Supervisor.BlockedException {
        Target target = supervisor.current();
        Reply reply = send.apply(target.session());
        if (reply.status() == Reply.Status.TIMEOUT) {
            target.kill("probe timed out");
            supervisor.retire(target);
        } else if (reply.status() == Reply.Status.CLOSED) {
            supervisor.retire(target);
        }
        return reply;
    }

    /**
     * Records a run that the safety choke point kept from being sent (outcome {@code safety_blocked});
     * {@link #execute} does this itself when the send came back {@link Reply.Status#SAFETY_BLOCKED}.
     */
    public void recordBlocked(Call call, String reason) {
        recordUnsent(call, "safety_blocked", reason);
    }

    /**
     * Records a run that the fuzzer's own code failed to build, send or judge (outcome
     * {@link #FUZZER_ERROR}); the failure itself must already be counted in the {@link #guard()}.
     */
    public void recordFuzzerError(Call call, String reason) {
        recordUnsent(call, FUZZER_ERROR, reason);
    }

    private void recordUnsent(Call call, String outcome, String reason) {
        runs.incrementAndGet();
        buckets.add(call.kind() + ":" + call.target(), outcome);
        guard.run("record", inputOf(call), () -> observer.onRun(new RunResult(call.kind(), call.target(), call.run(),
                call.phase(), call.input(), call.rawInput(), call.valid(), outcome, 0, null, reason, List.of())));
    }

    /** Adds a finding that did not come from a single run (audits, aggregates, spec guard). */
    public void addFinding(Finding finding) {
        if (findings.add(finding)) {
            guard.run("record_finding", null, () -> observer.onNewFinding(finding));
        }
    }

    public FindingCollector findings() {
        return findings;
    }

    public LatencyOutliers latency() {
        return latency;
    }

    public MemoryTrend memory() {
        return memory;
    }

    /** The server's RSS after each tool call, per tool (judged by {@link MemoryProbe}). */
    public ToolMemory toolMemory() {
        return toolMemory;
    }

    /** The live target (started if none is), for probes that read its state between calls. */
    public Target currentTarget() throws Supervisor.BlockedException {
        return supervisor.current();
    }

    /** Schema-valid calls rejected as invalid, per tool (the {@code schema_mismatch} aggregate). */
    public SchemaHonour schemaHonour() {
        return schemaHonour;
    }

    public long runs() {
        return runs.get();
    }

    /** Outcome counts per {@code kind:target} (bounded: see {@link OutcomeCounts}). */
    public Map<String, Map<String, Long>> buckets() {
        return buckets.perTarget();
    }

    /** @param readKb the target's RSS just read for this call, or {@link #UNREAD} */
    private void sampleMemory(Target target, long readKb) {
        long now = System.nanoTime();
        long last = lastRssSample.get();
        long elapsed = now - last;
        // by time for slow servers, by run count for fast ones (a fast leak must get enough samples)
        boolean due = elapsed >= RSS_SAMPLE_NANOS || runs.get() - lastRssRuns.get() >= RSS_RUNS;
        if (due && lastRssSample.compareAndSet(last, now)) {
            lastRssRuns.set(runs.get());
            memory.record(System.identityHashCode(target), runs.get(), readKb != UNREAD ? readKb : target.rssKb());
        }
    }

    /** The input in flight, for a fuzzer-error entry (evaluated only on failure). */
    private static java.util.function.Supplier<Object> inputOf(Call call) {
        return () -> call.input() != null ? call.input() : call.rawInput();
    }

    private static boolean isWatchdogKill(CrashInfo crash) {
        return "hang".equals(crash.stopReason()) || "max_hang_time".equals(crash.stopReason());
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
