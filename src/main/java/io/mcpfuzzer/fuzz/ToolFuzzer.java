package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.generate.HintPool;
import io.mcpfuzzer.generate.IdPool;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.audit.AnswerNormaliser;
import io.mcpfuzzer.oracle.audit.StatefulAnswers;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * Fuzzes each tool: {@code runs} calls per phase with generated arguments, at most
 * {@code maxConcurrency} in flight, then a non-determinism probe that re-sends the first realistic
 * input and compares normalised answers, and a memory-growth replay when the server's RSS rose with
 * the tool's calls ({@link MemoryProbe}). Run indexes count across phases (the {@link CoveragePass}
 * first when one is set, then realistic, then aggressive). Every
 * call, probes included, passes the session's safety choke point, which confines, rewrites or
 * blocks it (a blocked run is recorded as {@code safety_blocked}). Id parameters may take ids that
 * tools fuzzed earlier handed out ({@link SessionIds}: the pool is read once when the tool starts, and
 * this tool's own ids join it when all its runs are done). Realistic string parameters may take values
 * the server named in its error answers ({@link SessionHints}): earlier tools', and this tool's own
 * coverage runs', read once all of those are answered (see {@link #hints}).
 *
 * <p>A failure of the fuzzer's own code (generating an input, a worker's run) is counted in the
 * engine's {@link FaultGuard}; the run is recorded with outcome {@link RunEngine#FUZZER_ERROR} and
 * the other runs go on.
 */
public final class ToolFuzzer {
    /** Futures added between two sweeps that drop the finished ones (memory stays flat in runs). */
    private static final int SWEEP_EVERY = 256;

    private final CampaignConfig config;
    private final RunEngine engine;
    private final ToolInputs inputs;
    private ShardFilter shard = ShardFilter.ALL;
    private CoveragePass coverage;

    public ToolFuzzer(CampaignConfig config, RunEngine engine, ToolInputs inputs) {
        this.config = config;
        this.engine = engine;
        this.inputs = inputs;
    }

    /** Does only the runs {@code shard} owns (default: all). Returns this. */
    public ToolFuzzer shard(ShardFilter filter) {
        this.shard = filter == null ? ShardFilter.ALL : filter;
        return this;
    }

    /** Runs {@code pass} before each tool's random phases (default: none). Returns this. */
    public ToolFuzzer coverage(CoveragePass pass) {
        this.coverage = pass;
        return this;
    }

    /** Fuzzes one tool definition (as listed by {@code tools/list}). */
    public void fuzz(JsonNode tool, BoundedExecutor executor) throws Supervisor.BlockedException, InterruptedException {
        String name = tool.path("name").asString("");
        JsonNode schema = tool.path("inputSchema").isObject() ? tool.get("inputSchema") : Json.object();
        engine.latency().declareSchema("tool", name, schema); // a default wait the runs leave out is no slow code
        List<Future<?>> futures = new ArrayList<>();
        IdPool.Snapshot ids = engine.ids().snapshot(); // the ids earlier tools handed out, fixed for this tool
        int run = coverage == null ? 0 : coverage.submit(name, schema, ids, engine.hints().snapshot(), executor, futures);
        int sweepAt = SWEEP_EVERY;
        JsonNode firstRealistic = null;
        HintPool.Snapshot hints = hints(name, run, futures);
        for (Phase p : config.phases()) {
            String phase = p.label();
            boolean realisticPhase = p == Phase.REALISTIC;
            for (int i = 0; i < config.runs(); i++, run++) {
                boolean owned = shard.owns("tool", name, run);
                if (!owned && !(shard.first() && firstRealistic == null && realisticPhase)) {
                    continue; // another shard's run (the first shard still derives the probe's input)
                }
                int index = i;
                // the label of a failure is built only on failure, not once per run
                Supplier<Object> label = () -> "tool " + name + " phase " + phase + " run " + index;
                GeneratedCall generated = engine.guard().call("generate", label, null, () -> {
                    FaultInjection.at("generate");
                    if (inputs instanceof IdAwareInputs aware) {
                        IdAwareInputs.WithIds made = aware.generate(name, schema, p, index, ids, hints);
                        if (made.harvestedIds() > 0 && owned) {
                            engine.ids().used(name);
                        }
                        if (made.hintedValues() > 0 && owned) {
                            engine.hints().used(name);
                        }
                        return made.call();
                    }
                    return inputs.generate(name, schema, p, index);
                });
                if (!owned) {
                    if (generated != null) {
                        firstRealistic = generated.arguments();
                    }
                    continue;
                }
                if (generated == null) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw new InterruptedException();
                    }
                    engine.recordFuzzerError(new RunEngine.Call("tool", name, run, phase, null, null, null, "generate",
                            s -> null), "the input could not be generated (see fuzzer_errors)");
                    continue;
                }
                if (firstRealistic == null && realisticPhase) {
                    firstRealistic = generated.arguments();
                }
                JsonNode args = generated.arguments();
                RunEngine.Call call = new RunEngine.Call("tool", name, run, phase, args, null,
                        generated.valid(), generated.strategy(), session -> session.callTool(name, args, engine.timeout()));
                futures.add(executor.submit(() -> engine.execute(call)));
                if (futures.size() >= sweepAt) {
                    futures.removeIf(ToolFuzzer::finishedWell);
                    sweepAt = futures.size() + SWEEP_EVERY;
                }
            }
        }
        await(futures, engine.guard());
        engine.ids().publish(name); // all runs done: later tools may use the ids this one handed out
        engine.hints().publish(name); // and the values its error answers named
        if (engine.deafTargets().isDeaf("tool:" + name)) {
            return; // it stopped answering: each probe call would wait out its deadline and restart the server
        }
        if (firstRealistic != null && config.nonDeterminismSamples() > 0 && shard.first()) {
            JsonNode probeInput = firstRealistic;
            int firstRun = run;
            boolean readOnly = AnnotationProbe.claims(tool, "readOnlyHint", true); // a JSON true only, as the audit reads it
            engine.guard().run("non_determinism_probe", probeInput,
                    () -> probeDeterminism(name, probeInput, firstRun, readOnly));
        }
        engine.guard().run("memory_growth_probe", name, () -> MemoryProbe.check(engine, name));
    }

    /**
     * The error hints ({@link SessionHints}) this tool's realistic runs may use: those of the tools
     * fuzzed before it and, unsharded, those of its own coverage runs, taken once every coverage run
     * is answered (this waits for them), so they do not depend on the order the answers came in.
     * Sharded ({@code --shard K/N}, N > 1), a shard has only the answers of the coverage runs it owns,
     * and the random runs it owns would depend on which those are: a tool's own hints are then not used.
     */
    private HintPool.Snapshot hints(String name, int coverageRuns, List<Future<?>> futures)
            throws Supervisor.BlockedException, InterruptedException {
        if (coverageRuns == 0 || shard.sharded() || !config.phases().contains(Phase.REALISTIC)) {
            return engine.hints().snapshot();
        }
        await(futures, engine.guard());
        futures.clear(); // awaited: a failed run is not counted twice by the final wait
        return engine.hints().snapshotWithOwn(name);
    }

    /** True for a run that has finished without failure; failed ones stay for the final wait. */
    private static boolean finishedWell(Future<?> future) {
        if (!future.isDone() || future.isCancelled()) {
            return false;
        }
        try {
            future.get(); // done: returns at once
            return true;
        } catch (ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Further identical calls that must continue a stateful pattern before it excuses differing answers. */
    private static final int CONFIRM_CALLS = 2;

    /**
     * Sends the tool's first realistic input {@code nonDeterminismSamples + 1} times; differing answers are a
     * non_determinism low, unless they differ as state the calls changed ({@link StatefulAnswers}): that is
     * confirmed by {@value #CONFIRM_CALLS} more calls continuing the pattern, and never excused for a tool
     * annotated read-only (its calls change nothing).
     */
    private void probeDeterminism(String name, JsonNode args, int firstRun, boolean readOnly)
            throws Supervisor.BlockedException {
        Probe probe = new Probe(args);
        if (!probe.call(name, config.nonDeterminismSamples() + 1) || probe.distinct() <= 1) {
            return;
        }
        boolean state = !readOnly && StatefulAnswers.explained(probe.inOrder, name);
        if (state) { // unconfirmed (a confirming call went unanswered): judged on what was gathered
            state = probe.call(name, CONFIRM_CALLS) && StatefulAnswers.explained(probe.inOrder, name);
        }
        if (!state) {
            Map<String, Object> ev = new LinkedHashMap<>();
            ev.put("input", probe.sent);
            ev.put("distinct_answers", probe.distinct());
            ev.put("samples", probe.samples);
            engine.addFinding(Finding.of("non_determinism", Severity.LOW, "tool", name, firstRun,
                    "identical calls got " + probe.distinct() + " different answers", ev, "non_determinism"));
        }
    }

    /** The answers of one determinism probe, in order. Single-threaded. */
    private final class Probe {
        final List<String> inOrder = new ArrayList<>();
        final List<String> samples = new ArrayList<>();
        final JsonNode args;
        JsonNode sent;

        Probe(JsonNode args) {
            this.args = args;
            this.sent = args;
        }

        /** How many different normalised answers the calls got. */
        int distinct() {
            return new java.util.HashSet<>(inOrder).size();
        }

        /** Sends the input {@code times} more times; false when one was not answered (the probe ends). */
        boolean call(String name, int times) throws Supervisor.BlockedException {
            for (int i = 0; i < times; i++) {
                Reply reply = engine.direct(session -> session.callTool(name, args, engine.timeout()));
                if (reply == null || !reply.answered()) {
                    return false;
                }
                if (reply.outbound() != null && reply.outbound().rewritten()) {
                    sent = reply.outbound().message().path("params").path("arguments");
                }
                JsonNode body = reply.result() != null ? reply.result() : reply.error(); // without the envelope's id
                String normalized = AnswerNormaliser.normalise(Json.write(body));
                inOrder.add(normalized);
                if (samples.size() < 3) {
                    samples.add(reply.raw().length() > 500 ? reply.raw().substring(0, 500) : reply.raw());
                }
            }
            return true;
        }
    }

    /**
     * Waits for every run. A blocked target ends the tool (and the campaign); any other worker failure
     * (the engine already guards its own steps, so this is a last resort) is counted and the wait goes on.
     */
    static void await(List<Future<?>> futures, FaultGuard guard)
            throws Supervisor.BlockedException, InterruptedException {
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Supervisor.BlockedException blocked) {
                    throw blocked;
                }
                guard.record("tool_run", null, e.getCause() == null ? e : e.getCause());
            }
        }
    }
}
