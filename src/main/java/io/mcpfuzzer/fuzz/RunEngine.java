package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.oracle.Classifier;
import io.mcpfuzzer.oracle.CrashInfo;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.FindingCollector;
import io.mcpfuzzer.oracle.LatencyOutliers;
import io.mcpfuzzer.oracle.MemoryTrend;
import io.mcpfuzzer.oracle.Observation;
import io.mcpfuzzer.oracle.RunResult;
import io.mcpfuzzer.oracle.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * Executes one run against the live target and turns what happened into a recorded outcome:
 * classifies it, streams the run, collects findings (announcing new buckets before any restart),
 * and retires the target after a crash or a hang. Thread-safe.
 *
 * <p>A timeout is followed by a {@code ping}: if the server answers it, the request was silently
 * dropped (a protocol violation) and the server is kept; otherwise it is hung, killed and restarted.
 * A run whose target was killed by us for another run's hang is retried once on the next incarnation.
 */
public final class RunEngine {
    private static final Duration PING_DEADLINE = Duration.ofSeconds(5);
    /** RSS is sampled every 250 ms, or after 10 runs if 50 ms passed (reading /proc is not free). */
    private static final long RSS_SAMPLE_NANOS = 250_000_000L;
    private static final long RSS_MIN_NANOS = 50_000_000L;
    private static final long RSS_RUNS = 10;
    private static final int RESPONSE_EXCERPT = 2_000;

    private final Supervisor supervisor;
    private final CampaignObserver observer;
    private final Duration timeout;
    private final Classifier classifier = new Classifier();
    private final FindingCollector findings = new FindingCollector();
    private final LatencyOutliers latency = new LatencyOutliers();
    private final MemoryTrend memory = new MemoryTrend();
    private final AtomicLong runs = new AtomicLong();
    private final AtomicLong lastRssSample = new AtomicLong(System.nanoTime() - RSS_SAMPLE_NANOS);
    private final AtomicLong lastRssRuns = new AtomicLong();
    private final AtomicLong authRefusals = new AtomicLong();
    private static final int AUTH_WALL = 5;
    private final Map<String, Map<String, AtomicLong>> buckets = new ConcurrentHashMap<>();
    private volatile java.util.function.BiConsumer<Call, Reply> inspector = (c, r) -> {};

    /** One request: what to send on a session and how to describe it. */
    public record Call(String kind, String target, int run, String phase, JsonNode input, String rawInput,
            Boolean valid, String strategy, Function<McpSession, Reply> send) {}

    public RunEngine(Supervisor supervisor, CampaignObserver observer, Duration timeout) {
        this.supervisor = supervisor;
        this.observer = observer;
        this.timeout = timeout;
    }

    /** Extra per-answer checks (security audit); called from worker threads. */
    public void inspector(java.util.function.BiConsumer<Call, Reply> check) {
        this.inspector = check == null ? (c, r) -> {} : check;
    }

    public Duration timeout() {
        return timeout;
    }

    /** Runs the call; returns its verdict. */
    public Verdict execute(Call call) throws Supervisor.BlockedException {
        for (int attempt = 0; ; attempt++) {
            Target target = supervisor.current();
            Reply reply = call.send().apply(target.session());
            if (reply.safetyBlocked()) {
                recordBlocked(call, reply.detail());
                return new Verdict("safety_blocked", List.of());
            }
            call = SentCall.asSent(call, reply);
            boolean hung = false;
            CrashInfo crash = null;
            if (reply.status() == Reply.Status.TIMEOUT) {
                Reply ping = target.session().rpc().request("ping", null, min(timeout, PING_DEADLINE));
                if (ping.answered()) {
                    reply = reply.withStatus(Reply.Status.DROPPED,
                            "no answer within " + timeout.toMillis() + " ms while a later ping was answered");
                } else {
                    hung = true;
                    crash = new CrashInfo(null, null, false, stderrOf(target), null);
                }
            } else if (reply.status() == Reply.Status.CLOSED) {
                crash = target.crashInfo();
                if (crash.sentByUs() && isWatchdogKill(crash)) {
                    reply = reply.withStatus(Reply.Status.TIMEOUT, "killed by the hang watchdog ("
                            + crash.stopReason() + ") while this request was outstanding");
                    crash = null;
                    supervisor.retire(target);
                } else if (crash.sentByUs() && attempt == 0) {
                    supervisor.retire(target);
                    continue;
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
            if (Thread.currentThread().isInterrupted()) {
                return new Verdict("interrupted", List.of());
            }
            Verdict verdict = classifier.judge(new Observation(call.kind(), call.target(), call.run(), call.phase(),
                    call.input(), call.rawInput(), call.valid(), call.strategy(), reply, crash));
            record(call, reply, verdict);
            if (crash == null && !hung) {
                inspector.accept(call, reply);
            }
            if (hung) {
                target.kill("hang on " + call.kind() + " " + call.target() + " run " + call.run());
                supervisor.retire(target);
            } else if (crash != null) {
                supervisor.retire(target);
            } else {
                sampleMemory(target);
            }
            return verdict;
        }
    }

    private void record(Call call, Reply reply, Verdict verdict) {
        long n = runs.incrementAndGet();
        if (reply.answered()) {
            latency.record(call.kind(), call.target(), call.run(), reply.latencyMillis());
        }
        List<String> categories = new ArrayList<>();
        for (Finding f : verdict.findings()) {
            categories.add(f.category());
            if (findings.add(f)) {
                observer.onNewFinding(f);
            }
        }
        buckets.computeIfAbsent(call.kind() + ":" + call.target(), k -> new ConcurrentHashMap<>())
                .computeIfAbsent(verdict.outcome(), k -> new AtomicLong()).incrementAndGet();
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
        runs.incrementAndGet();
        buckets.computeIfAbsent(call.kind() + ":" + call.target(), k -> new ConcurrentHashMap<>())
                .computeIfAbsent("safety_blocked", k -> new AtomicLong()).incrementAndGet();
        observer.onRun(new RunResult(call.kind(), call.target(), call.run(), call.phase(), call.input(),
                call.rawInput(), call.valid(), "safety_blocked", 0, null, reason, List.of()));
    }

    /** Adds a finding that did not come from a single run (audits, aggregates, spec guard). */
    public void addFinding(Finding finding) {
        if (findings.add(finding)) {
            observer.onNewFinding(finding);
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

    public long runs() {
        return runs.get();
    }

    /** Outcome counts per {@code kind:target}. */
    public Map<String, Map<String, Long>> buckets() {
        Map<String, Map<String, Long>> out = new java.util.TreeMap<>();
        buckets.forEach((k, v) -> {
            Map<String, Long> m = new java.util.TreeMap<>();
            v.forEach((o, c) -> m.put(o, c.get()));
            out.put(k, m);
        });
        return out;
    }

    private void sampleMemory(Target target) {
        long now = System.nanoTime();
        long last = lastRssSample.get();
        long elapsed = now - last;
        boolean due = elapsed >= RSS_SAMPLE_NANOS
                || (elapsed >= RSS_MIN_NANOS && runs.get() - lastRssRuns.get() >= RSS_RUNS);
        if (due && lastRssSample.compareAndSet(last, now)) {
            lastRssRuns.set(runs.get());
            memory.record(System.identityHashCode(target), runs.get(), target.rssKb());
        }
    }

    private static boolean isWatchdogKill(CrashInfo crash) {
        return "hang".equals(crash.stopReason()) || "max_hang_time".equals(crash.stopReason());
    }

    private static String stderrOf(Target target) {
        return target.stderrTail();
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) < 0 ? a : b;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
