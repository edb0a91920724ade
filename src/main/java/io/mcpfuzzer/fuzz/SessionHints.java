package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.generate.ErrorHint;
import io.mcpfuzzer.generate.ErrorHints;
import io.mcpfuzzer.generate.HintPool;
import io.mcpfuzzer.jsonrpc.Reply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The values a session's tools named in their error answers as the ones they accept
 * ({@link ErrorHints}: tool errors, JSON-RPC errors to {@code tools/call}, error-shaped results), for
 * later realistic inputs ({@link HintPool}). Answers are harvested as they come, into a pending map per
 * tool keyed by run index; what generation sees is always merged in run-index order, never in arrival
 * order, at points where every answer it merges is in:
 * <ul>
 *   <li>{@link #snapshot}: the hints of the tools that completed ({@link #publish}, called when all a
 *       tool's runs are done), as ids are;</li>
 *   <li>{@link #snapshotWithOwn}: those plus the tool's own pending hints, for its random phases,
 *       taken once its coverage runs are all answered (the caller's barrier).</li>
 * </ul>
 * So the hints seen depend on which answers came, not on the order they came in (concurrent runs).
 *
 * <p>Bounded: hints of at most {@value #MAX_RUNS} runs per tool (the lowest run indexes, so the choice
 * does not depend on arrival order), {@value #MAX_TOOLS} tools; the pool's and the harvester's bounds.
 * A tool's calls after it was published (the audit's probes) are not harvested. Thread-safe.
 */
public final class SessionHints {
    static final int MAX_RUNS = 128;
    static final int MAX_TOOLS = 1_000;

    private final HintPool pool = new HintPool();
    private final Map<String, TreeMap<Integer, List<ErrorHint>>> pending = new HashMap<>();
    private final Set<String> published = new HashSet<>();
    private final ToolCounts used = new ToolCounts();
    private final AtomicLong pooled = new AtomicLong();

    /** Harvests one finished call: answered {@code tools/call} requests (results and errors) count. */
    public void harvest(RunEngine.Call call, Reply reply) {
        if (call == null || reply == null || !"tool".equals(call.kind()) || call.target() == null) {
            return;
        }
        List<ErrorHint> found = reply.status() == Reply.Status.RESULT ? ErrorHints.fromResult(reply.result(), call.input())
                : reply.status() == Reply.Status.ERROR ? ErrorHints.fromError(reply.error(), call.input()) : List.of();
        if (found.isEmpty()) {
            return;
        }
        synchronized (pending) {
            if (published.contains(call.target())) {
                return;
            }
            TreeMap<Integer, List<ErrorHint>> runs = pending.get(call.target());
            if (runs == null) {
                if (pending.size() + published.size() >= MAX_TOOLS) {
                    return;
                }
                runs = new TreeMap<>();
                pending.put(call.target(), runs);
            }
            runs.put(call.run(), found);
            if (runs.size() > MAX_RUNS) {
                runs.pollLastEntry();
            }
        }
    }

    /** The hints of the tools completed so far (an immutable copy). */
    public HintPool.Snapshot snapshot() {
        return pool.snapshot();
    }

    /**
     * The hints of the completed tools, then {@code tool}'s own harvested so far, in run-index order.
     * Deterministic only when every run whose answer may hold a hint has finished (the caller waits).
     */
    public HintPool.Snapshot snapshotWithOwn(String tool) {
        return pool.snapshot().plus(own(tool, false));
    }

    /** Moves {@code tool}'s hints into the pool, in run-index order (call when all its runs are done). */
    public void publish(String tool) {
        for (ErrorHint h : own(tool, true)) {
            pooled.addAndGet(pool.add(h));
        }
    }

    private List<ErrorHint> own(String tool, boolean remove) {
        List<ErrorHint> out = new ArrayList<>();
        synchronized (pending) {
            TreeMap<Integer, List<ErrorHint>> runs = remove ? pending.remove(tool) : pending.get(tool);
            if (remove && published.size() < MAX_TOOLS) {
                published.add(tool);
            }
            if (runs != null) {
                runs.values().forEach(out::addAll);
            }
        }
        return out;
    }

    /** Counts one call to {@code tool} sent with at least one hinted value. */
    public void used(String tool) {
        used.increment(tool);
    }

    /**
     * For {@code tool_discovery.error_hints}: {@code pooled} (values taken into the pool),
     * {@code nouns} (nouns the pool holds now) and {@code calls_by_tool} (tool name to calls sent with a
     * hinted value, sorted). Counts only: the values are the server's text and stay out of reports.
     */
    public Map<String, Object> snapshotCounts() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("pooled", pooled.get());
        out.put("nouns", pool.snapshot().byNoun().size());
        out.put("calls_by_tool", used.snapshot());
        return out;
    }
}
