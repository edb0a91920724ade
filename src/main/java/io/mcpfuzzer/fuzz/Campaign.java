package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.common.Json;
import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.generate.Phase;
import io.mcpfuzzer.mcp.InitializeResult;
import io.mcpfuzzer.mcp.Listing;
import io.mcpfuzzer.generate.protocol.ModelHints;
import io.mcpfuzzer.oracle.Finding;
import io.mcpfuzzer.oracle.spec.CheckResult;
import io.mcpfuzzer.oracle.spec.SpecFindings;
import io.mcpfuzzer.oracle.spec.SpecGuard;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * One fuzzing campaign against one server: start and initialize it, discover its surfaces, fuzz
 * each selected surface, then run the aggregate detectors. Never throws: ends as
 * {@code completed}, {@code blocked} (target keeps failing to start), {@code interrupted} (the
 * calling thread was interrupted, e.g. by Ctrl-C) or {@code error} (the fuzzer itself could not go
 * on; the reason says why).
 *
 * <p>Every step (listing audit, each tool, resources, each prompt, protocol, spec guard, audit
 * probes, aggregate detectors) runs behind the {@link FaultGuard}: a failure of the fuzzer's own
 * code in one step is counted in {@link CampaignResult#fuzzerErrors()} and the next step runs.
 */
public final class Campaign {
    private static final Logger LOG = LoggerFactory.getLogger(Campaign.class);

    /** Most re-sends spent minimising one finding's input ({@link Shrinker}). */
    private static final int SHRINK_SENDS = 40;
    /**
     * Most time spent minimising one finding's input: ample for {@link #SHRINK_SENDS} re-sends that each
     * restart a slowly starting server, so that the minimal input depends on the seed, not the machine's load.
     */
    private static final java.time.Duration SHRINK_BUDGET = java.time.Duration.ofSeconds(60);

    private final CampaignConfig config;
    private final TargetFactory factory;
    private final ToolInputs inputs;
    private final CampaignObserver observer;
    private final ArgumentPreview preview;
    private AuditOptions audit = AuditOptions.off();
    private io.mcpfuzzer.fuzz.audit.AuthAudit.Options authAudit;
    private FaultGuard guard = new FaultGuard();
    private ShardFilter shard = ShardFilter.ALL;
    private int coverageBudget;
    private List<String> givenDirs = List.of();
    private List<String> givenExact = List.of();
    private java.time.Duration shrinkBudget = SHRINK_BUDGET;

    public Campaign(CampaignConfig config, TargetFactory factory, ToolInputs inputs, CampaignObserver observer) {
        this(config, factory, inputs, ArgumentPreview.ALLOW_ALL, observer);
    }

    /**
     * @param preview what the factory's sessions' safety choke point will do with tool arguments (for
     *                not sending the same confined probe twice); the choke point itself is installed by
     *                the factory on every session
     */
    public Campaign(CampaignConfig config, TargetFactory factory, ToolInputs inputs, ArgumentPreview preview,
            CampaignObserver observer) {
        this.config = config;
        this.factory = factory;
        this.inputs = inputs;
        this.preview = preview;
        this.observer = observer;
    }

    /** Sets the security-audit options (default off). Returns this. */
    public Campaign audit(AuditOptions options) {
        this.audit = options == null ? AuditOptions.off() : options;
        return this;
    }

    /** Sets the auth-audit options ({@code --auth-audit}; null, the default: no auth audit). Returns this. */
    public Campaign authAudit(io.mcpfuzzer.fuzz.audit.AuthAudit.Options options) {
        this.authAudit = options;
        return this;
    }

    /** Sets the guard that counts the fuzzer's own failures (default: a fresh one). Returns this. */
    public Campaign guard(FaultGuard faults) {
        this.guard = faults == null ? new FaultGuard() : faults;
        return this;
    }

    /**
     * Does only the work items {@code filter} owns (default: all); the one-off work (listing audits,
     * spec guard, non-determinism probes, aggregate detectors) runs on its first shard only. Returns this.
     */
    public Campaign shard(ShardFilter filter) {
        this.shard = filter == null ? ShardFilter.ALL : filter;
        return this;
    }

    /**
     * What the fuzzer handed the target outside its requests. {@code ownDirs}: folders the fuzzer made for
     * the target (its HOME and TMPDIR under the safety state folder), known with everything below them, so a
     * server showing a log path under the HOME it was given leaks nothing the client does not know.
     * {@code exact}: its command line, the other environment values and its working directory, whose paths
     * are known themselves but not what lies below them (a server naming its database file is no leak; one
     * showing the {@code .env} beside it still is). Null is none. Returns this.
     */
    public Campaign given(List<String> ownDirs, List<String> exact) {
        this.givenDirs = ownDirs == null ? List.of() : List.copyOf(ownDirs);
        this.givenExact = exact == null ? List.of() : List.copyOf(exact);
        return this;
    }

    /**
     * Sends up to {@code budget} coverage cases per tool before its random phases ({@link CoveragePass});
     * 0 (the default) turns the pass off. Returns this.
     */
    public Campaign coverage(int budget) {
        this.coverageBudget = Math.max(0, budget);
        return this;
    }

    /**
     * Most time spent minimising one finding's input (default 60 s). A minimisation the budget cuts is
     * marked in the finding's evidence ({@link Shrinker#SHRINK_CUT}); with a budget it never reaches, the
     * minimal input depends only on the seed and the server. Returns this.
     */
    public Campaign shrinkBudget(java.time.Duration budget) {
        if (budget == null || budget.isNegative() || budget.isZero()) {
            throw new IllegalArgumentException("the shrink budget must be positive: " + budget);
        }
        this.shrinkBudget = budget;
        return this;
    }

    /** Runs the campaign; never throws (a failure nothing else caught ends it with status {@code error}). */
    public CampaignResult run() {
        Instant started = Instant.now();
        try {
            return campaign(started);
        } catch (RuntimeException | Error e) {
            guard.record("campaign", null, e);
            return new CampaignResult("error", "the fuzzer could not continue: " + FaultGuard.oneLine(e), null,
                    List.of(), List.of(), Map.of(), 0, 0, List.of(), started, Instant.now(),
                    Map.of("tool_discovery", ToolDiscovery.failed("the campaign stopped before tools were listed")),
                    guard.snapshot());
        }
    }

    private CampaignResult campaign(Instant started) {
        List<String> warnings = new ArrayList<>();
        Map<String, Object> extra = new LinkedHashMap<>();
        String status = "completed";
        String reason = null;
        InitializeResult init = null;
        List<JsonNode> tools = List.of();
        try (Supervisor supervisor = new Supervisor(factory, config.maxStartFailures());
                BoundedExecutor executor = new BoundedExecutor(config.maxConcurrency(), "fuzz", 1)) {
            RunEngine engine = new RunEngine(supervisor, observer, config.callTimeout(), guard);
            givenDirs.forEach(engine.known()::recordPublished);
            givenExact.forEach(engine.known()::recordGivenExact);
            CoverageLedger coverage = new CoverageLedger(coverageBudget);
            RunEngine silent = new RunEngine(supervisor, CampaignObserver.NONE, config.callTimeout(), guard);
            Shrinker shrinker = new Shrinker(silent, SHRINK_SENDS, shrinkBudget);
            LatencyReplay[] slow = {null}; // set once the outliers are re-sent
            SecurityAuditRun auditRun = new SecurityAuditRun(audit, engine::addFinding, guard).shard(shard);
            shrinker.audit(auditRun);
            StdoutNoise noise = new StdoutNoise();
            supervisor.onRetire(t -> guard.run("stdout_noise", null, () -> noise.collect(t)));
            boolean listsTools = config.includes(FuzzMode.TOOLS) || audit.enabled() || audit.pinFile() != null;
            extra.put("tool_discovery", ToolDiscovery.notRequested());
            try {
                FaultInjection.at("campaign");
                if (authAudit != null && shard.first()) { // before the target: it may refuse the fuzzer's token
                    guard.run("auth_audit", null, () -> {
                        var r = io.mcpfuzzer.fuzz.audit.AuthAudit.run(authAudit);
                        r.findings().forEach(engine::addFinding);
                        warnings.addAll(r.warnings());
                        extra.put("auth_audit", r.summary());
                    });
                }
                Target[] discovered = {supervisor.current()};
                List<JsonNode> listed = List.of();
                boolean wholeListing = false;
                Listing listing = listsTools ? ToolListing.list(supervisor, discovered, guard) : null;
                Target first = discovered[0];
                init = first.session().initialized();
                if (listsTools) {
                    extra.put("tool_discovery", listing == null
                            ? ToolDiscovery.failed("listing tools failed inside the fuzzer (see fuzzer_errors)")
                            : ToolDiscovery.of(listing));
                    listed = listing == null ? List.of() : listing.items();
                    wholeListing = listing != null && listing.problems().isEmpty();
                    listed.forEach(t -> engine.known().recordPublished(Json.write(t))); // the server's own words
                    tools = config.includes(FuzzMode.TOOLS) ? filter(listed, warnings) : List.of();
                    if (listing != null) {
                        listing.problems().forEach(p -> warn(warnings, "tools/list: " + p));
                    }
                }
                List<JsonNode> firstListing = listed;
                List<JsonNode> fuzzed = tools;
                InitializeResult initResult = init;
                guard.run("audit_listing", null, () -> auditListing(first, initResult, firstListing, auditRun, warnings));
                engine.inspector((call, reply) -> {
                    FaultInjection.at("inspector");
                    auditRun.inspect(call, reply);
                });
                if (config.includes(FuzzMode.TOOLS)) {
                    fuzzTools(ToolOrder.order(tools), engine, executor, coverage); // id producers first
                    guard.run("shrink", null, () -> shrinker.shrinkAll(engine.findings().snapshot()));
                    guard.run("audit_probe", null, () -> auditRun.probe(fuzzed, engine, preview, inputs, config.seed(),
                            warnings));
                    // the injection findings of the probes, while their canaries are still planted
                    guard.run("shrink", null, () -> shrinker.shrinkAll(engine.findings().snapshot()));
                    FaultInjection.at("tools_done");
                }
                // a step's guard swallows an interrupt (and sets the flag again): stop here, or the next step
                // judges a server the shutdown is stopping (elastic: SPEC-PING-001 and SPEC-LIFE-001 high)
                stopIfInterrupted();
                if (config.includes(FuzzMode.RESOURCES) && init.hasCapability("resources")) {
                    guard.run("fuzz_resources", null, () -> fuzzResources(supervisor.current(), engine, warnings, extra));
                }
                stopIfInterrupted();
                if (config.includes(FuzzMode.PROMPTS) && init.hasCapability("prompts")) {
                    guard.run("fuzz_prompts", null, () -> fuzzPrompts(supervisor.current(), engine, warnings, extra));
                }
                stopIfInterrupted();
                if (config.includes(FuzzMode.PROTOCOL)) {
                    guard.run("fuzz_protocol", null, () -> fuzzProtocol(supervisor.current(), engine, fuzzed, extra));
                }
                stopIfInterrupted();
                if (audit.enabled()) {
                    boolean firstWhole = wholeListing;
                    guard.run("audit_finish", null, () -> {
                        // a listing that failed or stopped short removed nothing (and added nothing): then only
                        // definitions present in both are compared
                        Listing again = supervisor.current().session().listTools();
                        boolean whole = firstWhole && again.problems().isEmpty();
                        if (!whole) {
                            String why = again.problems().isEmpty() ? "the first tools/list was incomplete"
                                    : "tools/list again: " + again.problems().get(0);
                            warn(warnings, again.items().isEmpty() ? "tool definition drift not checked: " + why
                                    : "tool definition drift checked on changed definitions only (no removed or added"
                                    + " tools): " + why);
                        }
                        auditRun.finish(firstListing, again.items(), whole, warnings);
                    });
                }
                if (shard.first()) { // while the target is up: an outlier is kept only when it is slow again
                    slow[0] = new LatencyReplay(engine.latency().outliers());
                    guard.run("latency_replay", null, () -> slow[0].run(silent));
                }
                if (Thread.currentThread().isInterrupted()) {
                    status = "interrupted";
                    reason = "interrupted by the user";
                }
            } catch (Supervisor.BlockedException e) {
                boolean interrupted = Thread.currentThread().isInterrupted();
                status = interrupted ? "interrupted" : "blocked";
                reason = interrupted ? "interrupted by the user" : e.getMessage();
                if (init == null) {
                    extra.put("tool_discovery", interrupted
                            ? ToolDiscovery.failed("interrupted before tools were listed") : ToolDiscovery.blocked(reason));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                status = "interrupted";
                reason = "interrupted by the user";
            } catch (RuntimeException | Error e) {
                if (guard.record("campaign", null, e)) {
                    status = "error";
                    reason = "the fuzzer could not continue: " + FaultGuard.oneLine(e);
                } else {
                    status = "interrupted";
                    reason = "interrupted by the user";
                }
                if (init == null) {
                    extra.put("tool_discovery", ToolDiscovery.failed("the campaign stopped before tools were listed"));
                }
            }
            String cutShort = engine.environmentFailures().warning();
            if (cutShort != null) {
                warn(warnings, cutShort);
            }
            for (String skippedRuns : new String[] {engine.deafTargets().warning(), engine.deafTargets().offlineWarning()}) {
                if (skippedRuns != null) {
                    warn(warnings, skippedRuns);
                }
            }
            guard.run("audit_close", null, auditRun::close);
            guard.run("stop_target", null, supervisor::close);
            if (shard.first()) {
                aggregates(engine, noise, slow[0]);
            }
            if (extra.get("tool_discovery") instanceof Map<?, ?> discovery) { // read by the run summary per tool
                Map<String, Object> withShare = new java.util.LinkedHashMap<>();
                discovery.forEach((k, v) -> withShare.put(String.valueOf(k), v));
                withShare.put("accepted_share", engine.accepted().snapshot());
                if (coverageBudget > 0) {
                    withShare.put("coverage", coverage.snapshot());
                }
                withShare.put("harvested_ids", engine.ids().snapshotCounts());
                withShare.put("error_hints", engine.hints().snapshotCounts());
                if (engine.environmentFailures().total() > 0) {
                    withShare.put("environment_failures", engine.environmentFailures().byTarget());
                }
                extra.put("tool_discovery", withShare);
            }
            List<Finding> findings = supervisor.withoutUnpromptedExits(shrinker.apply(engine.findings().snapshot()),
                    warnings);
            return new CampaignResult(status, reason, init, tools, findings,
                    engine.buckets(),
                    engine.runs(), supervisor.restarts(), warnings, started, Instant.now(), extra, guard.snapshot());
        }
    }

    /** The detectors that look at the whole run: stdout noise, confirmed latency outliers, schema mismatches, memory growth. */
    private void aggregates(RunEngine engine, StdoutNoise noise, LatencyReplay slow) {
        guard.run("stdout_noise", null, () -> {
            Finding stdoutNoise = noise.finding(factory.transport());
            if (stdoutNoise != null) {
                engine.addFinding(stdoutNoise);
            }
        });
        guard.run("latency_outliers", null, () -> (slow != null ? slow : new LatencyReplay(engine.latency().outliers()))
                .findings().forEach(engine::addFinding)); // confirmed by re-sending, or saying why not
        guard.run("schema_mismatch", null, () -> engine.schemaHonour().findings().forEach(engine::addFinding));
        guard.run("memory_growth", null, () -> {
            Finding growth = engine.memory().finding("server");
            // a tool already shown to grow (MemoryProbe) explains the server's growth: no second finding
            if (growth != null && engine.findings().snapshot().stream().noneMatch(f -> f.category().equals("memory_growth"))) {
                engine.addFinding(growth);
            }
        });
    }

    private void fuzzTools(List<JsonNode> tools, RunEngine engine, BoundedExecutor executor, CoverageLedger coverage)
            throws Supervisor.BlockedException, InterruptedException {
        ToolFuzzer fuzzer = new ToolFuzzer(config, engine, inputs).shard(shard)
                .coverage(new CoveragePass(config.seed(), coverageBudget, engine, inputs, shard, coverage));
        ToolScout scout = new ToolScout(engine, inputs, shard); // a server whose tools stop answering one by one
        int done = 0;
        for (JsonNode tool : tools) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException();
            }
            LOG.debug("fuzzing tool {}", tool.path("name").asString(""));
            try {
                fuzzer.fuzz(tool, executor);
                scout.fuzzed(tool, tools.subList(done + 1, tools.size()), executor);
            } catch (RuntimeException | Error e) {
                guard.record("fuzz_tool", tool.path("name"), e);
            }
            int finished = ++done;
            guard.run("progress", null, () -> observer.onProgress(finished, tools.size(), engine.runs(),
                    engine.findings().size()));
        }
    }

    private void fuzzResources(Target target, RunEngine engine, List<String> warnings, Map<String, Object> extra)
            throws Supervisor.BlockedException {
        List<String> problems = new ArrayList<>();
        List<JsonNode> resources = ResourceFuzzer.items(target.session(), "resources/list", "resources", problems);
        List<JsonNode> templates = ResourceFuzzer.items(target.session(), "resources/templates/list",
                "resourceTemplates", problems);
        problems.forEach(p -> warn(warnings, p));
        resources.forEach(r -> engine.known().recordPublished(Json.write(r)));
        templates.forEach(t -> engine.known().recordPublished(Json.write(t)));
        extra.put("resources", resources.size());
        extra.put("resource_templates", templates.size());
        boolean subscribe = target.session().initialized().capabilities().path("resources").path("subscribe")
                .asBoolean(false);
        ResourceFuzzer fuzzer = new ResourceFuzzer(config, engine).shard(shard);
        for (JsonNode resource : resources.subList(0, Math.min(ResourceFuzzer.MAX_URIS, resources.size()))) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            guard.run("fuzz_resource", resource.path("uri"), () -> fuzzer.fuzz(List.of(resource), List.of(), subscribe));
        }
        for (JsonNode template : templates.subList(0, Math.min(ResourceFuzzer.MAX_URIS, templates.size()))) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            guard.run("fuzz_resource_template", template.path("uriTemplate"),
                    () -> fuzzer.fuzz(List.of(), List.of(template), subscribe));
        }
    }

    private void fuzzPrompts(Target target, RunEngine engine, List<String> warnings, Map<String, Object> extra)
            throws Supervisor.BlockedException {
        Listing listing = target.session().listPrompts();
        listing.problems().forEach(p -> warn(warnings, "prompts/list: " + p));
        extra.put("prompts", listing.items().size());
        PromptFuzzer fuzzer = new PromptFuzzer(config, engine).shard(shard);
        for (JsonNode prompt : listing.items()) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            guard.run("fuzz_prompt", prompt.path("name"), () -> fuzzer.fuzz(prompt));
        }
    }

    private void auditListing(Target target, InitializeResult init, List<JsonNode> tools, SecurityAuditRun auditRun,
            List<String> warnings) {
        List<JsonNode> resources = List.of();
        List<JsonNode> prompts = List.of();
        if (audit.enabled() && init.hasCapability("resources")) {
            resources = target.session().listResources().items();
        }
        if (audit.enabled() && init.hasCapability("prompts")) {
            prompts = target.session().listPrompts().items();
        }
        auditRun.onListing(tools, resources, prompts, warnings);
    }

    private void fuzzProtocol(Target target, RunEngine engine, List<JsonNode> tools, Map<String, Object> extra)
            throws Supervisor.BlockedException {
        ProtocolFuzzer fuzzer = new ProtocolFuzzer(config, engine).shard(shard);
        String version = target.session().initialized().protocolVersion();
        if (config.specGuard() && shard.first()) {
            guard.run("spec_guard", null, () -> {
                List<CheckResult> checks = SpecGuard.run(fuzzer.exchange(target.session()), version);
                extra.put("spec_guard", SpecReport.toMaps(checks));
                SpecFindings.toFindings(checks, "server").forEach(engine::addFinding);
            });
        }
        String tool = tools.isEmpty() ? null : tools.get(0).path("name").asString(null);
        fuzzer.fuzz(version, new ModelHints(tool, null, null, null, null), config.protocolTypes());
        if (config.protocolPhases().contains(Phase.AGGRESSIVE)) {
            var raw = factory.rawHttp();
            if (raw.isPresent()) {
                guard.run("fuzz_raw_http", null, () -> fuzzer.fuzzRawHttp(raw.get()));
            }
        }
    }

    private static void stopIfInterrupted() throws InterruptedException {
        if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("interrupted between campaign steps");
        }
    }

    /** Prefix of the warning for a {@code --tool} the server does not list. */
    public static final String UNKNOWN_TOOL_WARNING = "--tool ";

    private List<JsonNode> filter(List<JsonNode> listed, List<String> warnings) {
        if (config.tools().isEmpty() && config.excludeTools().isEmpty()) {
            return listed;
        }
        List<JsonNode> out = new ArrayList<>();
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (JsonNode tool : listed) {
            String name = tool.path("name").asString("");
            names.add(name);
            if (config.selects(name)) {
                out.add(tool);
            }
        }
        for (String wanted : new java.util.TreeSet<>(config.tools())) {
            if (!names.contains(wanted)) {
                String listing = names.stream().limit(50).collect(java.util.stream.Collectors.joining(", "))
                        + (names.size() > 50 ? ", ..." : "");
                warn(warnings, UNKNOWN_TOOL_WARNING + wanted + ": the server has no such tool; it lists "
                        + (names.isEmpty() ? "none" : names.size() + ": " + listing));
            }
        }
        return out;
    }

    private void warn(List<String> warnings, String warning) {
        if (warnings.size() < 100) {
            warnings.add(warning);
        }
        guard.run("warning", null, () -> observer.onWarning(warning));
    }
}
