package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.generate.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * A server whose tools stop answering one after another (a browser server without its browser: every call waits
 * for a browser that never starts, 30 s each, while pings are answered) would cost one deadline per tool before
 * {@link DeafTargets} gives each up, tool after tool: over 15 minutes for 33 tools. Once {@value #AFTER} tools in a
 * row went deaf, every tool not yet fuzzed gets one realistic call (phase {@value #PHASE}, run 0), all of them at once
 * within the campaign's concurrency; a tool whose call waited out its whole deadline while the server answered pings
 * is deaf at once ({@link DeafTargets#settle}), and its runs are not sent. A tool that answered is fuzzed in full, so
 * it costs one call more. The scout calls are ordinary runs: recorded, judged, through the safety choke point.
 *
 * <p>Not done for a sharded run ({@code --shard K/N}): every shard would scout the same tools. Whether scouting
 * happens depends on timeouts, as deafness does. Used by the campaign's tool loop thread only.
 */
final class ToolScout {
    /** Tools in a row that went deaf before the rest are scouted. */
    static final int AFTER = 3;
    /** Phase of a scout call in runs.jsonl. */
    static final String PHASE = "scout";

    private final RunEngine engine;
    private final ToolInputs inputs;
    private final boolean enabled;
    private int deafInARow;
    private boolean done;

    ToolScout(RunEngine engine, ToolInputs inputs, ShardFilter shard) {
        this.engine = engine;
        this.inputs = inputs;
        this.enabled = shard == null || !shard.sharded();
    }

    /**
     * Notes that {@code tool} was fuzzed, and scouts {@code rest} (the tools still to fuzz) when it was the
     * {@value #AFTER}th deaf tool in a row; once per campaign.
     */
    void fuzzed(JsonNode tool, List<JsonNode> rest, BoundedExecutor executor)
            throws Supervisor.BlockedException, InterruptedException {
        if (!enabled || done) {
            return;
        }
        // stopped answering, not offline: a tool whose service is missing answers, and quickly enough
        deafInARow = engine.deafTargets().isUnresponsive(key(tool)) ? deafInARow + 1 : 0;
        if (deafInARow < AFTER || rest.isEmpty()) {
            return;
        }
        done = true;
        List<Future<?>> futures = new ArrayList<>();
        List<String> sent = new ArrayList<>();
        for (JsonNode t : rest) {
            String name = t.path("name").asString("");
            JsonNode schema = t.path("inputSchema").isObject() ? t.get("inputSchema") : Json.object();
            Supplier<Object> label = () -> "tool " + name + " scout";
            GeneratedCall generated = engine.guard().call("generate", label, null,
                    () -> inputs.generate(name, schema, Phase.REALISTIC, 0));
            if (generated == null) {
                continue; // counted in the guard; the tool is fuzzed as usual
            }
            JsonNode args = generated.arguments();
            RunEngine.Call call = new RunEngine.Call("tool", name, 0, PHASE, args, null, generated.valid(),
                    generated.strategy(), session -> session.callTool(name, args, engine.timeout()));
            futures.add(executor.submit(() -> engine.execute(call)));
            sent.add(key(t));
        }
        ToolFuzzer.await(futures, engine.guard());
        sent.forEach(engine.deafTargets()::settle);
    }

    private static String key(JsonNode tool) {
        return "tool:" + tool.path("name").asString("");
    }
}
