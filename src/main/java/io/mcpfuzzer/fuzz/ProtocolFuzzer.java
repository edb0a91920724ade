package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.generate.protocol.MalformedFrame;
import io.mcpfuzzer.generate.protocol.MalformedFrames;
import io.mcpfuzzer.generate.protocol.McpModel;
import io.mcpfuzzer.generate.protocol.McpVersion;
import io.mcpfuzzer.generate.protocol.MessageType;
import io.mcpfuzzer.generate.protocol.ModelHints;
import io.mcpfuzzer.generate.protocol.MutatorOptions;
import io.mcpfuzzer.generate.protocol.ProtocolCase;
import io.mcpfuzzer.generate.protocol.ProtocolMutator;
import io.mcpfuzzer.generate.protocol.ProtocolPhase;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.mcp.McpSession;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Protocol fuzzing (what is generated is what is sent): every client message type of the
 * negotiated version, realistic and aggressive envelopes, then every malformed raw frame.
 * Sequential: one case in flight, so each outcome belongs to one case.
 *
 * <p>Liveness: after every case the engine pings the server ({@link RunEngine.Liveness}), so a
 * server that dies or goes deaf is reported once, attributed to the case that did it, and restarted
 * before the next case. Cases a server may legitimately leave unanswered (notifications, frames
 * without an {@code id}, malformed frames, batches on a revision without batching) are never
 * reported as dropped. Every write has a deadline: a server that stopped reading its input (the
 * write blocks) is deaf at once.
 *
 * <p>Drops: an aggressive case sent to a stdio server that answers in order ({@link AnswerOrder},
 * measured once per incarnation, before its first aggressive case that expects an answer) is followed by a barrier ping ({@link AnswerBarrier}), so a drop
 * is decided in a round trip ({@code decided_by: barrier}). Realistic (valid) cases, and every case
 * on a server that does not answer in order, wait the case deadline; then the engine's ping decides
 * ({@code decided_by: deadline}; a valid case is then slow, not dropped).
 */
public final class ProtocolFuzzer {
    /** Deadline for a protocol case's own answer; a silent server is then probed with a ping. */
    private static final Duration CASE_DEADLINE = Duration.ofSeconds(3);
    /** Time a write (and, for requests, the wait for the answer) may take beyond the case deadline. */
    private static final Duration WRITE_GRACE = Duration.ofSeconds(5);

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ProtocolFuzzer.class);

    private final CampaignConfig config;
    private final RunEngine engine;
    private final Map<McpSession, SessionExchange> exchanges = new ConcurrentHashMap<>();
    private final Map<McpSession, Boolean> inOrder = new ConcurrentHashMap<>();
    /** Cleared when a server stops answering during the order probe: then every case uses the deadline. */
    private volatile boolean probeOrder = true;
    private final BoundedWrites writes = new BoundedWrites("protocol-write");

    public ProtocolFuzzer(CampaignConfig config, RunEngine engine) {
        this.config = config;
        this.engine = engine;
    }

    /** Exchange bound to a session (one per incarnation). */
    public SessionExchange exchange(McpSession session) {
        return exchanges.computeIfAbsent(session, SessionExchange::new);
    }

    /** Fuzzes every selected message type, then the malformed frames; returns the number of targets. */
    public int fuzz(String negotiatedVersion, ModelHints hints, Set<String> onlyTypes) throws Supervisor.BlockedException {
        McpVersion version = McpVersion.parse(negotiatedVersion).orElse(McpVersion.latest());
        ProtocolMutator mutator = new ProtocolMutator(version, hints, MutatorOptions.defaults());
        Duration deadline = min(engine.timeout(), CASE_DEADLINE);
        int targets = 0;
        for (MessageType type : McpModel.clientMessages(version)) {
            if (!onlyTypes.isEmpty() && !onlyTypes.contains(type.method()) && !onlyTypes.contains(type.name())
                    && !onlyTypes.contains(type.schemaName())) {
                continue;
            }
            int run = 0;
            for (ProtocolPhase phase : phases()) {
                for (int i = 0; i < config.runsPerType(); i++, run++) {
                    SplittableRandom rnd = SurfaceSeeds.random(config.seed(), "protocol", type.method(), run);
                    ProtocolCase c = mutator.next(type, phase, rnd);
                    boolean optional = mayStaySilent(c, version);
                    if (phase == ProtocolPhase.AGGRESSIVE && c.expectsResponse()) {
                        probeOrder(deadline);
                    }
                    engine.execute(new RunEngine.Call("protocol", type.method(), run, phase.name().toLowerCase(),
                            parse(c.frame()), c.frame().length() > 4096 ? null : c.frame(),
                            phase == ProtocolPhase.REALISTIC, c.label(), s -> send(s, c, deadline, optional),
                            optional ? RunEngine.Liveness.ANSWER_OPTIONAL : RunEngine.Liveness.ALWAYS,
                            c.frame().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
                    if (Thread.currentThread().isInterrupted()) {
                        return targets;
                    }
                }
            }
            targets++;
        }
        if (phases().contains(ProtocolPhase.AGGRESSIVE)) {
            int run = 0;
            for (MalformedFrame frame : MalformedFrames.catalogue()) {
                String shown = frame.length() > 4096 ? frame.description() : new String(frame.bytes(),
                        java.nio.charset.StandardCharsets.UTF_8);
                engine.execute(new RunEngine.Call("frame", frame.label(), run++, "aggressive", null, shown, false,
                        frame.description(), s -> sendMalformed(s, frame), RunEngine.Liveness.ANSWER_OPTIONAL,
                        frame.length()));
                if (Thread.currentThread().isInterrupted()) {
                    break;
                }
            }
            targets++;
        }
        return targets;
    }

    /**
     * Sends each HTTP-level hostile request over a raw socket; the engine then pings over the
     * session, so a server that dies or stops answering is attributed to the request that did it.
     */
    public void fuzzRawHttp(io.mcpfuzzer.fuzz.targets.RawHttpProbe probe) throws Supervisor.BlockedException {
        int run = 0;
        for (var entry : probe.requests().entrySet()) {
            String label = entry.getKey();
            byte[] bytes = entry.getValue();
            String shown = bytes.length > 4096 ? label + " (" + bytes.length + " bytes)"
                    : new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
            engine.execute(new RunEngine.Call("http", label, run++, "aggressive", null, shown, false, label, s -> {
                long start = System.nanoTime();
                var result = probe.send(bytes);
                return new Reply(Reply.Status.RESULT, null, io.mcpfuzzer.fuzz.targets.RawHttpProbe.describe(result),
                        System.nanoTime() - start, null);
            }, RunEngine.Liveness.ANSWER_OPTIONAL, bytes.length));
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }

    private List<ProtocolPhase> phases() {
        return config.protocolPhases().stream()
                .map(p -> p.equals("realistic") ? ProtocolPhase.REALISTIC : ProtocolPhase.AGGRESSIVE).toList();
    }

    /**
     * True when JSON-RPC lets a server stay silent: a notification, a frame without an {@code id}
     * member, or a batch without any id to answer.
     */
    static boolean mayStaySilent(ProtocolCase c) {
        if (!c.expectsResponse() || c.notification()) {
            return true;
        }
        return c.isBatch() ? c.expectedIds().isEmpty() : c.id() == null;
    }

    /**
     * As {@link #mayStaySilent(ProtocolCase)}, and also any batch on a revision where a batch is not
     * a valid MCP message (2025-06-18 on): ignoring it is allowed there.
     */
    static boolean mayStaySilent(ProtocolCase c, McpVersion version) {
        return mayStaySilent(c) || (c.isBatch() && version.batchesRemoved());
    }

    /**
     * Sends the case and, when an answer is expected, waits for it: through a barrier for an
     * aggressive case on a server that answers in order, else up to the deadline. No liveness ping
     * here (the engine checks after the case). A case without an expected answer returns a
     * zero-length timeout; so does a barrier-decided silence that {@code optional} allows.
     */
    private Reply send(McpSession session, ProtocolCase c, Duration deadline, boolean optional) {
        SessionExchange ex = exchange(session);
        ex.drainUnsolicited();
        int size = c.frame().length();
        if (c.expectsResponse()) {
            JsonNode id = c.id() == null || c.id().isNull() || c.isBatch() ? null : c.id();
            if (c.phase() == ProtocolPhase.AGGRESSIVE && Boolean.TRUE.equals(inOrder.get(session))) {
                long start = System.nanoTime();
                AnswerBarrier.Outcome o = writes.call(() -> AnswerBarrier.request(ex, c.frame(), id, deadline),
                        deadline.plus(WRITE_GRACE));
                if (o == null) {
                    return stoppedReading(size, start);
                }
                if (!o.dropped()) {
                    return convert(o.reply(), start);
                }
                long waited = System.nanoTime() - start;
                return (optional ? silent(start) : new Reply(Reply.Status.DROPPED, null, null, waited,
                        "no answer, while a ping sent right after it was answered first (the server answers in"
                                + " order); decided " + Math.round(waited / 1e6) + " ms after sending"))
                        .decided(Reply.BY_BARRIER);
            }
            long start = System.nanoTime();
            io.mcpfuzzer.oracle.spec.Reply r = writes.call(() -> ex.request(c.frame(), id, deadline),
                    deadline.plus(WRITE_GRACE));
            return r == null ? stoppedReading(size, start) : convert(r, start);
        }
        long start = System.nanoTime();
        Boolean sent = writes.call(() -> {
            ex.notify(c.frame());
            return Boolean.TRUE;
        }, WRITE_GRACE);
        return sent == null ? stoppedReading(size, start) : silent(start);
    }

    /**
     * Probes the current incarnation's answer order once ({@link AnswerOrder}), outside the run
     * accounting: a server that dies or goes deaf during the probe is restarted by the engine, and
     * probing stops for the campaign (logged; the deadline decides from then on).
     */
    private void probeOrder(Duration deadline) throws Supervisor.BlockedException {
        if (!probeOrder) {
            return;
        }
        Reply r = engine.direct(s -> {
            if (inOrder.containsKey(s)) {
                return new Reply(Reply.Status.RESULT, null, null, 0, null);
            }
            long start = System.nanoTime();
            AnswerOrder.Result res = writes.call(() -> AnswerOrder.probe(exchange(s), deadline),
                    deadline.plus(WRITE_GRACE));
            inOrder.put(s, res == AnswerOrder.Result.IN_ORDER);
            if (res == null || res == AnswerOrder.Result.NO_ANSWER) {
                return new Reply(s.rpc().isClosed() ? Reply.Status.CLOSED : Reply.Status.TIMEOUT, null, null,
                        System.nanoTime() - start, "no answer to the answer-order probe (an unknown method, "
                                + "tools/list and pings) within " + deadline.toMillis() + " ms");
            }
            return new Reply(Reply.Status.RESULT, null, null, System.nanoTime() - start, null);
        });
        if (!r.answered()) {
            probeOrder = false;
            LOG.warn("the server stopped answering during the answer-order probe ({}); it was restarted, and "
                    + "silent protocol cases are judged by the {} ms deadline from now on", r.detail(),
                    deadline.toMillis());
        }
    }

    private Reply sendMalformed(McpSession session, MalformedFrame frame) {
        SessionExchange ex = exchange(session);
        ex.drainUnsolicited();
        long start = System.nanoTime();
        Boolean sent = writes.call(() -> ex.sendRaw(frame.lineBytes()), WRITE_GRACE);
        if (sent == null) {
            return stoppedReading(frame.length(), start);
        }
        if (!sent) {
            return new Reply(Reply.Status.CLOSED, null, null, System.nanoTime() - start,
                    session.rpc().closedReason());
        }
        return silent(start);
    }

    /** No answer expected: the engine's ping decides. */
    private static Reply silent(long start) {
        return new Reply(Reply.Status.TIMEOUT, null, null, System.nanoTime() - start, null);
    }

    private static Reply stoppedReading(int size, long start) {
        return new Reply(Reply.Status.TIMEOUT, null, null, System.nanoTime() - start, RunEngine.STOPPED_READING
                + "writing " + size + " bytes to the server did not finish within " + WRITE_GRACE.toMillis()
                + " ms; the server no longer reads its input");
    }

    private static Reply convert(io.mcpfuzzer.oracle.spec.Reply r, long start) {
        long elapsed = System.nanoTime() - start;
        return switch (r.outcome()) {
            case ANSWERED -> {
                JsonNode node = r.json();
                boolean error = node != null && node.isObject() && node.has("error");
                yield new Reply(error ? Reply.Status.ERROR : Reply.Status.RESULT, node != null && node.isObject() ? node
                        : null, r.text(), elapsed, null);
            }
            case TIMEOUT -> new Reply(Reply.Status.TIMEOUT, null, null, elapsed, "no answer to the protocol case");
            case CLOSED -> new Reply(Reply.Status.CLOSED, null, null, elapsed, r.text());
        };
    }

    private static JsonNode parse(String frame) {
        if (frame.length() > 65_536) {
            return null;
        }
        try {
            return Json.parse(frame);
        } catch (JacksonException e) {
            return null;
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) < 0 ? a : b;
    }
}
