package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.CoverageCase;
import io.mcpfuzzer.generate.CoveragePlan;
import io.mcpfuzzer.generate.CoveragePlanner;
import io.mcpfuzzer.generate.HintPool;
import io.mcpfuzzer.generate.IdPool;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.generate.Validation;
import java.util.List;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;

/**
 * The coverage pass of one tool, before its random phases: the {@link CoveragePlanner}'s cases
 * (every edge class of every field, then pairwise cases, at most {@code budget}), varied from the
 * tool's first realistic input (with the ids and error hints of the tools fuzzed before it), each sent as a run of phase {@value #PHASE} through the same
 * {@link RunEngine} path as every other tool call (safety choke point, oracles, findings,
 * shrinking). A run's strategy is the case's ({@code number.zero@/count},
 * {@code pair(/a/flag=true,/a/n=-1)}), so its findings say which edge class produced them. Run
 * indexes start at 0; the random phases continue after them. Thread-safe per tool call of
 * {@link #submit} (the planner and ledger are shared and thread-safe).
 */
public final class CoveragePass {
    /** Phase name of the coverage runs (in runs.jsonl, findings' evidence and the replay). */
    public static final String PHASE = "coverage";
    /** Strategy of the plain call a tool without arguments gets before its edge cases. */
    public static final String BASELINE = "coverage.baseline";

    private final int budget;
    private final CoveragePlanner planner;
    private final CoverageLedger ledger;
    private final RunEngine engine;
    private final ToolInputs inputs;
    private final ShardFilter shard;

    /**
     * @param seed   the campaign seed
     * @param budget most cases per tool; 0 turns the pass off
     */
    public CoveragePass(long seed, int budget, RunEngine engine, ToolInputs inputs, ShardFilter shard,
            CoverageLedger ledger) {
        this.budget = budget;
        this.planner = new CoveragePlanner(seed);
        this.engine = engine;
        this.inputs = inputs;
        this.shard = shard == null ? ShardFilter.ALL : shard;
        this.ledger = ledger;
    }

    /**
     * Plans the tool's cases and submits the runs this shard owns.
     *
     * @param ids   the ids earlier tools handed out (the tool's snapshot)
     * @param hints the values earlier tools' error answers named (not this tool's own: they come from these runs)
     *
     * @return run indexes used, a baseline call included (the random phases start after them); 0 when the pass is off or
     *         planning failed (counted in the fault guard)
     */
    int submit(String name, JsonNode schema, IdPool.Snapshot ids, HintPool.Snapshot hints, BoundedExecutor executor,
            List<Future<?>> futures) throws Supervisor.BlockedException, InterruptedException {
        if (budget <= 0) {
            return 0;
        }
        JsonNode[] base = new JsonNode[1];
        CoveragePlan plan = engine.guard().call("coverage_plan", "tool " + name, null, () -> {
            // with the ids and hints earlier tools gave, as the realistic runs: an edge value beside an entity that
            // exists reaches the code that handles it, not the "not found" check before it
            GeneratedCall first = inputs instanceof IdAwareInputs aware
                    ? aware.generate(name, schema, Phase.REALISTIC, 0, ids, hints).call()
                    : inputs.generate(name, schema, Phase.REALISTIC, 0);
            base[0] = first == null ? null : first.arguments();
            return planner.plan(name, schema, base[0], budget);
        });
        if (plan == null) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException();
            }
            return 0;
        }
        ledger.record(name, plan);
        int run = 0;
        if (base[0] != null && base[0].isObject() && base[0].isEmpty() && !plan.cases().isEmpty()) {
            // a tool without arguments: its plain answer (environment, listings) is what it publishes, learned
            // before the edge cases so that they are judged against it (as the realistic phase would be)
            int index = run++;
            if (shard.owns("tool", name, index)) {
                JsonNode args = base[0];
                engine.execute(new RunEngine.Call("tool", name, index, "realistic", args, null, Boolean.TRUE,
                        BASELINE, session -> session.callTool(name, args, engine.timeout())));
            }
        }
        for (CoverageCase c : plan.cases()) {
            int index = run++;
            if (!shard.owns("tool", name, index)) {
                continue;
            }
            JsonNode args = c.value();
            Boolean valid = c.verdict() == Validation.Verdict.VALID ? Boolean.TRUE
                    : c.verdict() == Validation.Verdict.INVALID ? Boolean.FALSE : null;
            RunEngine.Call call = new RunEngine.Call("tool", name, index, PHASE, args, null, valid, c.strategy(),
                    session -> session.callTool(name, args, engine.timeout()));
            futures.add(executor.submit(() -> engine.execute(call)));
        }
        return run;
    }
}
