package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.audit.OriginProbe;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.jsonrpc.Reply;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.audit.CanaryFiles;
import io.mcpfuzzer.oracle.audit.ComputedMarker;
import io.mcpfuzzer.oracle.audit.PinFile;
import io.mcpfuzzer.oracle.audit.SecurityAudit;
import io.mcpfuzzer.oracle.audit.SqlByDesign;
import io.mcpfuzzer.oracle.audit.Surface;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The security audit of one campaign: listing checks, pinning, response oracles and output
 * contracts on every tool answer, annotation truth, canary-confirmed traversal and computed-marker
 * injection probes, in-run listing drift, and (intrusive) the foreign-Origin probe. Thread-safe where the engine
 * calls it ({@link #inspect}). Every check runs behind the {@link FaultGuard}: one that throws is
 * counted there and the other checks go on. As the {@link AuditJudge} of the {@link Shrinker} it remembers
 * the call behind each injection finding (the probe's payload argument, or the arguments carrying the
 * computed marker or canary file name) and re-runs its per-answer checks on a candidate's answer.
 */
final class SecurityAuditRun implements AutoCloseable, AuditJudge {
    private static final int MAX_PROPS_PER_TOOL = 2;
    private static final int MAX_TRAVERSAL_PATHS = 16;

    private final AuditOptions options;
    private final Consumer<Finding> sink;
    private final FaultGuard guard;
    private final Map<String, JsonNode> toolsByName = new LinkedHashMap<>();
    /** Poisoning markers the fuzzer has sent in tool calls so far (a bounded set of marker names). */
    private final java.util.Set<String> sentMarkers = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private CanaryFiles canaries;
    private ShardFilter shard = ShardFilter.ALL;
    /** Payload argument of each injection probe, by tool name and run index. */
    private final Map<String, String> probeKeys = new ConcurrentHashMap<>();
    /** First call behind each shrinkable audit finding, by finding id. */
    private final Map<String, Origin> origins = new ConcurrentHashMap<>();

    SecurityAuditRun(AuditOptions options, Consumer<Finding> sink, FaultGuard guard) {
        this.options = options;
        this.sink = sink;
        this.guard = guard;
    }

    /**
     * Sends only the injection probes {@code shard} owns; the one-off checks (pinning, listing audit,
     * annotation probe, relisting, Origin probe) run on the first shard only. Returns this.
     */
    SecurityAuditRun shard(ShardFilter filter) {
        this.shard = filter == null ? ShardFilter.ALL : filter;
        return this;
    }

    /** Pin check (whenever a pin file is set) and, when enabled, the listing audit. */
    void onListing(List<JsonNode> tools, List<JsonNode> resources, List<JsonNode> prompts, List<String> warnings) {
        ArrayNode toolArray = array(tools);
        tools.forEach(t -> toolsByName.put(t.path("name").asString(""), t));
        if (options.pinFile() != null && shard.first()) {
            guard.run("audit_pin_check", null, () -> {
                try {
                    SecurityAudit.pinCheck(options.pinFile(), toolArray, false).forEach(sink);
                } catch (PinFile.PinFileException e) {
                    warnings.add("pin file unusable: " + e.getMessage());
                }
            });
        }
        if (options.enabled() && shard.first()) {
            guard.run("audit_listing", null, () -> SecurityAudit.auditListing(toolArray, array(resources),
                    array(prompts), options.endpoint()).forEach(sink));
        }
    }

    /** Response oracles, canary scan and output contract for one tool answer. */
    void inspect(RunEngine.Call call, Reply reply) {
        if (!options.enabled()) {
            return;
        }
        java.util.Set<String> before = java.util.Set.copyOf(sentMarkers);
        String sent = call.input() != null ? Json.write(call.input()) : call.rawInput() == null ? "" : call.rawInput();
        // whatever reached the server (a protocol tools/call too) may be stored and shown again later
        guard.run("audit_sent_markers", sent, () -> sentMarkers.addAll(SecurityAudit.poisoningMarkers(sent)));
        if (!reply.answered() || !"tool".equals(call.kind())) {
            return;
        }
        Consumer<Finding> sink = remembering(call); // the campaign's sink, remembering the call for the shrinker
        String input = call.input() == null ? "" : Json.write(call.input());
        String text = reply.raw() == null ? "" : reply.raw();
        guard.run("audit_response", input, () -> SecurityAudit.auditResponse(call.target(), family(call.target(), call.strategy()),
                input, text, before).forEach(sink));
        CanaryFiles planted = canaries;
        if (planted != null) {
            guard.run("audit_canary_scan", input, () -> planted.scan(call.target(), input, text).forEach(sink));
        }
        JsonNode tool = toolsByName.get(call.target());
        if (tool != null && reply.status() == Reply.Status.RESULT && !"audit".equals(call.phase())) {
            guard.run("audit_output_contract", input, () -> SecurityAudit.auditToolResult(tool, reply.result())
                    .forEach(sink));
        }
    }

    @Override
    public Origin origin(Finding finding) {
        return origins.get(finding.id());
    }

    @Override
    public List<Finding> judge(String tool, String strategy, JsonNode input, Reply reply) {
        if (!options.enabled() || reply == null || !reply.answered()) {
            return List.of();
        }
        String in = input == null ? "" : Json.write(input);
        String text = reply.raw() == null ? "" : reply.raw();
        CanaryFiles planted = canaries;
        return guard.call("audit_shrink_judge", in, List.of(), () -> {
            List<Finding> out = new ArrayList<>(SecurityAudit.auditResponse(tool, family(tool, strategy), in, text));
            if (planted != null) {
                out.addAll(planted.scan(tool, in, text));
            }
            return out;
        });
    }

    private Consumer<Finding> remembering(RunEngine.Call call) {
        return f -> {
            remember(call, f);
            this.sink.accept(f);
        };
    }

    /** Remembers the first call behind a shrinkable finding whose payload arguments are known. */
    private void remember(RunEngine.Call call, Finding f) {
        if (!Shrinker.AUDIT_CATEGORIES.contains(f.category()) || call.input() == null || !call.input().isObject()
                || origins.containsKey(f.id())) {
            return;
        }
        Set<String> keys = new java.util.LinkedHashSet<>();
        String probed = probeKeys.get(call.target() + "\n" + call.run());
        if (probed != null && call.input().has(probed)) {
            keys.add(probed);
        } else {
            for (Object mark : new Object[] {f.evidence().get("token"), f.evidence().get("canary_file")}) {
                if (mark instanceof String m && !m.isEmpty()) {
                    for (var e : call.input().properties()) {
                        if (e.getValue().isString() && e.getValue().asString().toLowerCase(java.util.Locale.ROOT)
                                .contains(m.toLowerCase(java.util.Locale.ROOT))) {
                            keys.add(e.getKey());
                        }
                    }
                }
            }
        }
        if (!keys.isEmpty()) {
            origins.putIfAbsent(f.id(), new Origin(call.input().deepCopy(),
                    call.strategy() == null ? "" : call.strategy(), Set.copyOf(keys)));
        }
    }

    /**
     * Annotation truth ({@link AnnotationProbe}), then canary traversal paths and computed-marker injections
     * through each tool's string parameters. Every traversal form is sent through the session's safety
     * choke point (the fs-root rewrite neutralises the plain ones; encoded and backslash forms reach servers
     * that decode after filtering); arguments that the {@code preview} says the choke point turns into ones
     * already sent for the same parameter are not sent again.
     */
    void probe(List<JsonNode> tools, RunEngine engine, ArgumentPreview preview, ToolInputs inputs, long seed,
            List<String> warnings) throws Supervisor.BlockedException {
        if (!options.enabled()) {
            return;
        }
        if (shard.first()) {
            guard.run("audit_annotation_probe", null,
                    () -> new AnnotationProbe(engine, inputs, options.fsRoot(), sink).run(tools, warnings));
        }
        try {
            Path canaryRoot = options.fsRoot() != null ? options.fsRoot() : Files.createTempDirectory("mcpfuzzer-canary-root");
            canaries = CanaryFiles.plant(canaryRoot);
        } catch (IOException e) {
            warnings.add("canary files could not be planted: " + e.getMessage());
        }
        ComputedMarker marker = ComputedMarker.random(new SplittableRandom(seed));
        List<String[]> payloads = new ArrayList<>();
        if (canaries != null) {
            canaries.payloadPaths().stream().limit(MAX_TRAVERSAL_PATHS)
                    .forEach(p -> payloads.add(new String[] {"path_traversal", p}));
        }
        payloads.add(new String[] {"command_injection", marker.shellPayloads()[0]});
        payloads.add(new String[] {"sqli", marker.sqlPayloads()[0]});
        payloads.add(new String[] {"template_injection", marker.templatePayloads()[0]});
        payloads.add(new String[] {"prompt_injection", marker.promptPayload()});
        for (JsonNode tool : tools) {
            guard.run("audit_injection_probe", tool.path("name"), () -> probeTool(tool, payloads, engine, preview, inputs));
        }
    }

    /**
     * Sends every payload through the first string parameters of one tool, the other arguments taken
     * from its first realistic input (so the payload gets past required-argument checks and reaches
     * the tool's own code).
     */
    private void probeTool(JsonNode tool, List<String[]> payloads, RunEngine engine, ArgumentPreview preview,
            ToolInputs inputs) throws Supervisor.BlockedException {
        String name = tool.path("name").asString("");
        JsonNode schema = tool.path("inputSchema");
        List<String> props = stringProps(schema);
        JsonNode realistic = props.isEmpty() ? null
                : inputs.generate(name, schema.isObject() ? schema : Json.object(), Phase.REALISTIC, 0).arguments();
        int run = RunSpace.INJECTION_PROBE.first();
        for (String prop : props) {
            Set<String> sentBefore = new HashSet<>();
            for (String[] payload : payloads) {
                ObjectNode args = realistic != null && realistic.isObject() ? (ObjectNode) realistic.deepCopy()
                        : Json.object();
                args.put(prop, payload[1]);
                var predicted = preview.decide(name, schema, args);
                if (!predicted.blocked() && !sentBefore.add(Json.write(predicted.arguments()))) {
                    continue;
                }
                if (!shard.owns("tool", name, run)) {
                    run++; // another shard's probe, at the same run index
                    continue;
                }
                probeKeys.put(name + "\n" + run, prop);
                engine.execute(new RunEngine.Call("tool", name, run++, "audit", args, null, null, payload[0],
                        s -> s.callTool(name, args, engine.timeout())));
            }
        }
    }

    /**
     * Listing drift, canary tampering and the Origin probe, at the end of the run.
     *
     * @param wholeListings both listings complete (else drift is changed definitions only)
     */
    void finish(List<JsonNode> firstTools, List<JsonNode> secondTools, boolean wholeListings, List<String> warnings) {
        if (!options.enabled()) {
            return;
        }
        if (secondTools != null && shard.first()) {
            guard.run("audit_relisting", null, () -> SecurityAudit.auditRelisting(Surface.TOOL, array(firstTools),
                    array(secondTools), wholeListings).forEach(sink));
        }
        if (canaries != null) {
            guard.run("audit_canary_tamper", null, () -> canaries.tampered("server").forEach(sink));
        }
        if (shard.first()) {
            guard.run("audit_origin_probe", null, () -> originProbe(warnings));
        }
    }

    private void originProbe(List<String> warnings) {
        if (options.intrusive()) {
            if (!options.remote()) {
                warnings.add("the foreign-Origin probe applies to HTTP targets only; skipped");
            } else {
                OriginProbe.Result r = OriginProbe.probe(options.endpoint(),
                        new OriginProbe.Options(null, null, options.headers(), null, options.sslContext()));
                r.findings().forEach(sink);
                if (!r.ran()) {
                    warnings.add("foreign-Origin probe skipped: " + r.note());
                }
            }
        }
    }

    @Override
    public void close() {
        if (canaries != null) {
            canaries.close();
        }
    }

    private static List<String> stringProps(JsonNode schema) {
        List<String> out = new ArrayList<>();
        JsonNode props = schema.path("properties");
        for (String name : props.propertyNames()) {
            JsonNode type = props.get(name).path("type");
            if ((type.isString() && type.asString().equals("string")) || type.isMissingNode()) {
                out.add(name);
            }
            if (out.size() >= MAX_PROPS_PER_TOOL) {
                break;
            }
        }
        return out;
    }

    /**
     * The payload family of a call to {@code tool}; SQL payloads sent to a tool that takes SQL by design
     * ({@link SqlByDesign}) are judged by the generic checks only (a database error is its normal answer).
     */
    private String family(String tool, String strategy) {
        String fam = family(strategy);
        return "sqli".equals(fam) && SqlByDesign.takesSql(toolsByName.get(tool)) ? "generic" : fam;
    }

    private static String family(String strategy) {
        if (strategy == null) {
            return "generic";
        }
        String s = strategy.toLowerCase(java.util.Locale.ROOT);
        if (s.contains("path") || s.contains("traversal")) {
            return "path_traversal";
        }
        if (s.contains("command") || s.contains("shell")) {
            return "command_injection";
        }
        if (s.contains("sql")) {
            return "sqli";
        }
        if (s.contains("prompt")) {
            return "prompt_injection";
        }
        if (s.contains("template")) {
            return "template_injection";
        }
        return strategy;
    }

    private static ArrayNode array(List<JsonNode> items) {
        ArrayNode a = Json.array();
        if (items != null) {
            items.forEach(a::add);
        }
        return a;
    }
}
