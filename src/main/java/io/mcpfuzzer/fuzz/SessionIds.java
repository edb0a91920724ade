package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.generate.IdHarvester;
import io.mcpfuzzer.generate.IdNames;
import io.mcpfuzzer.generate.IdPool;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.KnownText;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;

/**
 * The ids a session's tools handed out, for the tools fuzzed after them ({@link IdPool}). Successful
 * answers of tool calls ({@code result} without {@code isError}; never a JSON-RPC error) are harvested
 * as they come ({@link IdHarvester}; values the fuzzer sent, in this call or earlier, are not taken)
 * into a pending set per tool; {@link #publish} moves a tool's set into the pool once all its runs
 * are done, in sorted order, so the pool seen by the next tool depends on which answers came, never
 * on the order they came in (concurrent runs). The id arguments of a successful call to a tool that
 * closes, deletes or removes things ({@link ToolOrder#releases}) are published as released. A harvested value is recorded in {@link KnownText} as
 * text the server publishes, so an answer showing it again is no leak and no reflection.
 *
 * <p>Bounded: {@value #MAX_PENDING} pending values per tool (the smallest kept, so the choice does not
 * depend on arrival order), {@value #MAX_TOOLS} tools. Thread-safe.
 */
public final class SessionIds {
    static final int MAX_PENDING = 256;
    static final int MAX_TOOLS = 1_000;
    private static final int MAX_INPUT_STRINGS = 1_000;

    private final KnownText known;
    private final IdPool pool = new IdPool();
    private final Map<String, TreeSet<String>> pending = new TreeMap<>();
    private final Map<String, TreeSet<String>> pendingReleased = new TreeMap<>();
    private final ToolCounts used = new ToolCounts();
    /** {@link ToolOrder#releases} per tool name, decided once (at most {@value #MAX_TOOLS} names kept). */
    private final Map<String, Boolean> releasers = new ConcurrentHashMap<>();
    private final AtomicLong harvested = new AtomicLong();

    /** @param known where harvested values are recorded as published by the server */
    public SessionIds(KnownText known) {
        this.known = known;
    }

    /** What later tools may use now (an immutable copy). */
    public IdPool.Snapshot snapshot() {
        return pool.snapshot();
    }

    /** Harvests one finished call: only answered {@code tools/call} results that are not errors count. */
    public void harvest(RunEngine.Call call, Reply reply) {
        if (call == null || reply == null || !"tool".equals(call.kind()) || call.target() == null
                || reply.status() != Reply.Status.RESULT || reply.result() == null) {
            return;
        }
        if (releases(call.target()) && !reply.result().path("isError").asBoolean(false)) {
            released(call);
        }
        var found = IdHarvester.harvest(reply.result(), new SentByUs(call.input()));
        if (found.isEmpty()) {
            return;
        }
        synchronized (pending) {
            TreeSet<String> set = pending.get(call.target());
            if (set == null) {
                if (pending.size() >= MAX_TOOLS) {
                    return;
                }
                set = new TreeSet<>();
                pending.put(call.target(), set);
            }
            for (IdHarvester.Found f : found) {
                set.add(f.kind() + '\u0000' + Json.write(f.value()));
                if (set.size() > MAX_PENDING) {
                    set.pollLast();
                }
            }
        }
        for (IdHarvester.Found f : found) {
            known.recordPublishedValue(f.value().asString(""));
        }
    }

    /** {@link ToolOrder#releases} of a tool, tokenised once per name rather than once per call. */
    private boolean releases(String tool) {
        Boolean releases = releasers.get(tool);
        if (releases == null) {
            releases = ToolOrder.releases(tool);
            if (releasers.size() < MAX_TOOLS) {
                releasers.put(tool, releases);
            }
        }
        return releases;
    }

    /** Remembers the id arguments of a closing tool's successful call as released (published with the tool). */
    private void released(RunEngine.Call call) {
        if (call.input() == null || !call.input().isObject()) {
            return;
        }
        synchronized (pending) {
            TreeSet<String> set = pendingReleased.get(call.target());
            if (set == null) {
                if (pendingReleased.size() >= MAX_TOOLS) {
                    return;
                }
                set = new TreeSet<>();
                pendingReleased.put(call.target(), set);
            }
            for (var e : call.input().properties()) {
                JsonNode v = e.getValue();
                if (IdNames.kindOf(e.getKey()) != null && (v.isString() || v.isIntegralNumber())) {
                    set.add(v.asString());
                    if (set.size() > MAX_PENDING) {
                        set.pollLast();
                    }
                }
            }
        }
    }

    /**
     * Moves the ids harvested from {@code tool}'s answers into the pool, and the ids it released into
     * the pool's released set (call when all its runs are done).
     */
    public void publish(String tool) {
        TreeSet<String> set;
        TreeSet<String> gone;
        synchronized (pending) {
            set = pending.remove(tool);
            gone = pendingReleased.remove(tool);
        }
        if (gone != null) {
            gone.forEach(pool::release);
        }
        if (set == null) {
            return;
        }
        for (String entry : set) {
            int cut = entry.indexOf('\u0000');
            if (pool.add(entry.substring(0, cut), Json.parse(entry.substring(cut + 1)))) {
                harvested.incrementAndGet();
            }
        }
    }

    /** Counts one call to {@code tool} sent with at least one harvested id. */
    public void used(String tool) {
        used.increment(tool);
    }

    /**
     * For {@code tool_discovery.harvested_ids}: {@code pooled} (ids taken into the pool in this
     * session) and {@code calls_by_tool} (tool name to calls sent with a harvested id, sorted).
     */
    public Map<String, Object> snapshotCounts() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("pooled", harvested.get());
        out.put("calls_by_tool", used.snapshot());
        return out;
    }

    /** Calls to {@code tool} sent with a harvested id. */
    public long usedBy(String tool) {
        return used.get(tool);
    }

    /**
     * True for a value the fuzzer sent, in this call or earlier. The input's strings are collected on
     * the first question only: most answers hold no id-like value and never ask.
     */
    private final class SentByUs implements java.util.function.Predicate<String> {
        private final JsonNode input;
        private Set<String> sent;
        private KnownText.View view;

        SentByUs(JsonNode input) {
            this.input = input;
        }

        @Override
        public boolean test(String s) {
            if (sent == null) {
                sent = new HashSet<>();
                strings(input, sent, 0);
                view = known.view(null);
            }
            return sent.contains(s) || view.sentEarlier(s);
        }
    }

    private static void strings(JsonNode node, Set<String> out, int depth) {
        if (node == null || out.size() >= MAX_INPUT_STRINGS || depth > 64) {
            return;
        }
        if (node.isString()) {
            out.add(node.asString());
        } else if (node.isNumber()) {
            out.add(node.asString());
        } else if (node.isContainer()) {
            for (JsonNode child : node) {
                strings(child, out, depth + 1);
            }
        }
    }
}
