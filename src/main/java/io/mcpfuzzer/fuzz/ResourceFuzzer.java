package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.mcp.McpSession;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.common.Severity;
import io.mcpfuzzer.oracle.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes resources (spec "Server features / Resources"): reads every discovered URI, reads hostile
 * mutations of each (traversal out of its folder or scheme, encodings, other schemes), expands
 * templates with hostile values, and subscribes/unsubscribes when the server offers it. A
 * successful read of an escaping URI is a {@code resource_traversal} finding.
 */
public final class ResourceFuzzer {
    static final int MAX_URIS = 50;
    private static final List<String> TEMPLATE_VALUES = List.of("example", "../../../../etc/passwd", "%2e%2e%2f%2e%2e%2f",
            "' OR 1=1--", "<script>alert(1)</script>", "$(id)", "a".repeat(10_000), "", "\u202egnp.exe");

    private final CampaignConfig config;
    private final RunEngine engine;
    private ShardFilter shard = ShardFilter.ALL;

    public ResourceFuzzer(CampaignConfig config, RunEngine engine) {
        this.config = config;
        this.engine = engine;
    }

    /** Does only the runs {@code shard} owns (default: all). Returns this. */
    public ResourceFuzzer shard(ShardFilter filter) {
        this.shard = filter == null ? ShardFilter.ALL : filter;
        return this;
    }

    /** Fuzzes the listed resources and templates; returns the number of targets fuzzed. */
    public int fuzz(List<JsonNode> resources, List<JsonNode> templates, boolean canSubscribe)
            throws Supervisor.BlockedException {
        int targets = 0;
        for (JsonNode resource : resources.subList(0, Math.min(MAX_URIS, resources.size()))) {
            String uri = resource.path("uri").asString("");
            int run = 0;
            if (config.phases().contains(Phase.REALISTIC)) {
                read(uri, uri, run++, Phase.REALISTIC.label(), "listed");
                if (canSubscribe) {
                    subscribe(uri, run++);
                }
            }
            if (config.phases().contains(Phase.AGGRESSIVE)) {
                for (ResourceMutations.Mutation m : ResourceMutations.of(uri)) {
                    read(uri, m.uri(), run++, Phase.AGGRESSIVE.label(), m.label());
                }
            }
            targets++;
        }
        for (JsonNode template : templates.subList(0, Math.min(MAX_URIS, templates.size()))) {
            String pattern = template.path("uriTemplate").asString("");
            int run = 0;
            for (String value : TEMPLATE_VALUES) {
                Phase phase = value.equals("example") ? Phase.REALISTIC : Phase.AGGRESSIVE;
                if (config.phases().contains(phase)) {
                    read(pattern, UriTemplateFill.fill(pattern, value), run++, phase.label(), "template:" + phase.label());
                }
            }
            targets++;
        }
        return targets;
    }

    private void read(String target, String uri, int run, String phase, String label) throws Supervisor.BlockedException {
        if (!shard.owns("resource", target, run)) {
            return;
        }
        ObjectNode params = Json.object();
        params.put("uri", uri);
        Verdict verdict = engine.execute(new RunEngine.Call("resource", target, run, phase, params, null, null, label,
                session -> session.rpc().request("resources/read", params, engine.timeout())));
        if (ResourceMutations.isEscape(label) && "ok".equals(verdict.outcome())) {
            Reply check = engine.direct(s -> s.rpc().request("resources/read", params, engine.timeout()));
            JsonNode contents = check.result() == null ? null : check.result().get("contents");
            if (contents != null && contents.isArray() && !contents.isEmpty()) {
                String text = contents.toString();
                boolean sensitive = text.contains("root:x:0:0") || text.contains("[fonts]") || text.contains("PATH=");
                if (!sensitive && !target.equals(uri) && sameAsBase(target, contents)) {
                    return; // the server read its own resource and ignored the rest (mcp-linear's linear://rate-limit/..)
                }
                Map<String, Object> ev = new LinkedHashMap<>();
                ev.put("input", params);
                ev.put("mutation", label);
                ev.put("response", text.length() > 2000 ? text.substring(0, 2000) : text);
                // one cause per scheme and escape technique: the read handler, whatever resource was the base
                // (a server listing 30 resources gave 30 findings of one traversal_backslash)
                engine.addFinding(Finding.cause("resource_traversal", sensitive ? Severity.CRITICAL : Severity.HIGH,
                        "resource", target, run, "read of a URI outside the advertised scope returned content ("
                                + label + ")", ev, scheme(target) + ":" + label + (sensitive ? ":sensitive" : "")));
            }
        }
    }

    /**
     * Whether reading {@code base} gives the same contents as an escaping read did, each item's {@code uri}
     * aside: then nothing outside the resource was read. Thread: the caller's.
     */
    private boolean sameAsBase(String base, JsonNode escaped) throws Supervisor.BlockedException {
        ObjectNode params = Json.object();
        params.put("uri", base);
        Reply plain = engine.direct(s -> s.rpc().request("resources/read", params, engine.timeout()));
        JsonNode contents = plain.result() == null ? null : plain.result().get("contents");
        return contents != null && withoutUris(contents).equals(withoutUris(escaped));
    }

    private static JsonNode withoutUris(JsonNode contents) {
        var out = Json.mapper().createArrayNode();
        for (JsonNode item : contents.values()) {
            if (item.isObject()) {
                ObjectNode copy = (ObjectNode) item.deepCopy();
                copy.remove("uri");
                out.add(copy);
            } else {
                out.add(item);
            }
        }
        return out;
    }

    /** The URI scheme of a resource, lower case ("" without one): each scheme may have its own read handler. */
    static String scheme(String uri) {
        int colon = uri == null ? -1 : uri.indexOf(':');
        return colon > 0 && colon < 32 && uri.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")
                ? uri.substring(0, colon).toLowerCase(java.util.Locale.ROOT) : "";
    }

    private void subscribe(String uri, int run) throws Supervisor.BlockedException {
        if (!shard.owns("resource", uri, run)) {
            return;
        }
        ObjectNode params = Json.object();
        params.put("uri", uri);
        engine.execute(new RunEngine.Call("resource", uri, run, "realistic", params, null, null, "subscribe",
                session -> {
                    Reply sub = session.rpc().request("resources/subscribe", params, engine.timeout());
                    if (!sub.answered()) {
                        return sub;
                    }
                    return session.rpc().request("resources/unsubscribe", params, engine.timeout());
                }));
    }

    static List<JsonNode> items(McpSession session, String method, String field, List<String> problems) {
        var listing = session.list(method, field);
        problems.addAll(listing.problems());
        return new ArrayList<>(listing.items());
    }
}
