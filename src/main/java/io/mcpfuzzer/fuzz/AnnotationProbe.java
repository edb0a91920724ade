package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.audit.AnnotationAudit;
import io.mcpfuzzer.oracle.audit.Bookkeeping;
import io.mcpfuzzer.oracle.audit.DirectorySnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Annotation truth (MCPF-ANNOT-001..004, judged by {@link AnnotationAudit}): every tool that claims
 * {@code readOnlyHint=true}, {@code destructiveHint=false} or {@code idempotentHint=true} gets its first
 * realistic input (as the session's safety choke point lets it through), once, or twice in a row when it claims idempotence, with a
 * bounded {@link DirectorySnapshot} of the fs root before the first call and after each call. Without an
 * fs root only the answers of the repeated calls are compared. Before the first probe, baseline
 * requests teach which files the server changes on every request ({@link Bookkeeping}: its logs);
 * those are left out of every comparison. The calls are ordinary runs (phase
 * {@code audit}, strategy {@code annotation}). Must run when no other call is in flight (the snapshots
 * would otherwise see other calls' effects); not thread-safe.
 */
final class AnnotationProbe {
    /** First run index of these calls (see {@link RunSpace}). */
    static final int RUN_BASE = RunSpace.ANNOTATION_PROBE.first();

    private final RunEngine engine;
    private final ToolInputs inputs;
    private final Path fsRoot;
    private final Consumer<Finding> sink;
    /** Rounds of baseline requests that teach the bookkeeping files. */
    static final int BASELINE_ROUNDS = 2;
    private int run = RUN_BASE;
    private Set<String> bookkeeping = Set.of();

    /** @param fsRoot the fs root to watch, or null (answers only) */
    AnnotationProbe(RunEngine engine, ToolInputs inputs, Path fsRoot, Consumer<Finding> sink) {
        this.engine = engine;
        this.inputs = inputs;
        this.fsRoot = fsRoot;
        this.sink = sink;
    }

    /** Probes every tool whose annotations make a claim; warnings receive snapshot failures. */
    void run(List<JsonNode> tools, List<String> warnings) throws Supervisor.BlockedException {
        boolean any = tools.stream().anyMatch(t -> claims(t, "readOnlyHint", true) || claims(t, "destructiveHint", false)
                || claims(t, "idempotentHint", true));
        if (any && fsRoot != null) {
            bookkeeping = learnBookkeeping(warnings);
        }
        for (JsonNode tool : tools) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            boolean readOnly = claims(tool, "readOnlyHint", true);
            boolean nonDestructive = claims(tool, "destructiveHint", false);
            boolean idempotent = claims(tool, "idempotentHint", true);
            if (readOnly || nonDestructive || idempotent) {
                probe(tool, idempotent, warnings);
            }
        }
    }

    private void probe(JsonNode tool, boolean repeat, List<String> warnings) throws Supervisor.BlockedException {
        String name = tool.path("name").asString("");
        JsonNode schema = tool.path("inputSchema").isObject() ? tool.get("inputSchema") : Json.object();
        JsonNode args = inputs.generate(name, schema, Phase.REALISTIC, 0).arguments();
        DirectorySnapshot before = snapshot(warnings);
        Reply first = call(name, args);
        if (first == null || !first.answered()) {
            return;
        }
        String argsJson = Json.write(sentArguments(first, args));
        DirectorySnapshot afterFirst = snapshot(warnings);
        if (before != null && afterFirst != null) {
            AnnotationAudit.checkCall(tool, argsJson, before, afterFirst, bookkeeping).forEach(sink);
        }
        if (!repeat) {
            return;
        }
        Reply second = call(name, args);
        if (second == null || !second.answered()) {
            return;
        }
        DirectorySnapshot afterSecond = snapshot(warnings);
        List<String> answers = new ArrayList<>();
        answers.add(answer(first));
        answers.add(answer(second));
        AnnotationAudit.checkRepeated(tool, argsJson, answers, afterFirst, afterSecond, bookkeeping).forEach(sink);
    }

    /**
     * Learns the server's bookkeeping files: snapshots around {@value #BASELINE_ROUNDS} rounds of a
     * {@code tools/list} and a call of a tool that does not exist (requests that change no state a
     * tool owns). Sent outside the run accounting; an unanswered baseline request ends the learning.
     */
    private Set<String> learnBookkeeping(List<String> warnings) throws Supervisor.BlockedException {
        List<DirectorySnapshot> seq = new ArrayList<>();
        seq.add(snapshot(warnings));
        String missing = "mcpfuzzer_baseline_no_such_tool";
        for (int i = 0; i < BASELINE_ROUNDS; i++) {
            Reply list = engine.direct(s -> s.rpc().request("tools/list", Json.object(), engine.timeout()));
            seq.add(snapshot(warnings));
            Reply call = engine.direct(s -> s.callTool(missing, Json.object(), engine.timeout()));
            seq.add(snapshot(warnings));
            if (!list.answered() || !call.answered()) {
                break;
            }
        }
        return Bookkeeping.learn(seq);
    }

    /**
     * Sends one call through the engine (recorded as a run; the session's safety choke point may
     * confine or block it); null when it was not sent.
     */
    private Reply call(String name, JsonNode args) throws Supervisor.BlockedException {
        AtomicReference<Reply> seen = new AtomicReference<>();
        RunEngine.Call call = new RunEngine.Call("tool", name, run++, "audit", args, null, true, "annotation",
                s -> {
                    Reply r = s.callTool(name, args, engine.timeout());
                    seen.set(r);
                    return r;
                });
        engine.execute(call);
        return seen.get();
    }

    /** The arguments the server got: the choke point's rewrite of {@code generated}, if any. */
    private static JsonNode sentArguments(Reply reply, JsonNode generated) {
        if (reply.outbound() != null && reply.outbound().rewritten()) {
            JsonNode sent = reply.outbound().message().path("params").get("arguments");
            return sent == null ? generated : sent;
        }
        return generated;
    }

    /** The answer without the JSON-RPC envelope (whose id differs on every call). */
    private static String answer(Reply reply) {
        JsonNode body = reply.result() != null ? reply.result() : reply.error();
        return body == null ? "" : Json.write(body);
    }

    private DirectorySnapshot snapshot(List<String> warnings) {
        if (fsRoot == null) {
            return null;
        }
        try {
            return DirectorySnapshot.take(fsRoot);
        } catch (IOException | UncheckedIOException e) {
            if (warnings.size() < 100) {
                warnings.add("annotation check: cannot snapshot the fs root: " + e.getMessage());
            }
            return null;
        }
    }

    /** Whether the tool's annotations carry {@code hint} as the JSON boolean {@code value}: a string {@code "true"} claims nothing. */
    static boolean claims(JsonNode tool, String hint, boolean value) {
        return io.mcpfuzzer.oracle.audit.AnnotationAudit.hint(tool, hint, value);
    }
}
