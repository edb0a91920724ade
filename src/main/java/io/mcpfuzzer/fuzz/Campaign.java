package io.mcpfuzzer.fuzz;

import io.mcpfuzzer.fuzz.targets.Target;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
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
 * each selected surface, then run the aggregate detectors. Never throws for what the server
 * does; ends as {@code completed}, {@code blocked} (target keeps failing to start) or
 * {@code interrupted} (the calling thread was interrupted, e.g. by Ctrl-C).
 */
public final class Campaign {
    private static final Logger LOG = LoggerFactory.getLogger(Campaign.class);

    private final CampaignConfig config;
    private final TargetFactory factory;
    private final ToolInputs inputs;
    private final CampaignObserver observer;
    private final ArgumentPreview preview;
    private AuditOptions audit = AuditOptions.off();

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

    public CampaignResult run() {
        Instant started = Instant.now();
        List<String> warnings = new ArrayList<>();
        Map<String, Object> extra = new LinkedHashMap<>();
        String status = "completed";
        String reason = null;
        InitializeResult init = null;
        List<JsonNode> tools = List.of();
        try (Supervisor supervisor = new Supervisor(factory, config.maxStartFailures());
                BoundedExecutor executor = new BoundedExecutor(config.maxConcurrency(), "fuzz")) {
            RunEngine engine = new RunEngine(supervisor, observer, config.callTimeout());
            SecurityAuditRun auditRun = new SecurityAuditRun(audit, engine::addFinding);
            StdoutNoise noise = new StdoutNoise();
            supervisor.onRetire(noise::collect);
            try {
                Target first = supervisor.current();
                init = first.session().initialized();
                List<JsonNode> listed = List.of();
                if (config.includes("tools") || audit.enabled() || audit.pinFile() != null) {
                    Listing listing = first.session().listTools();
                    listed = listing.items();
                    tools = config.includes("tools") ? filter(listed) : List.of();
                    listing.problems().forEach(p -> warn(warnings, "tools/list: " + p));
                }
                auditListing(first, init, listed, auditRun, warnings);
                engine.inspector(auditRun::inspect);
                if (config.includes("tools")) {
                    fuzzTools(tools, engine, executor);
                    auditRun.probe(tools, engine, preview, inputs, config.seed(), warnings);
                }
                if (config.includes("resources") && init.hasCapability("resources")) {
                    fuzzResources(supervisor.current(), engine, warnings, extra);
                }
                if (config.includes("prompts") && init.hasCapability("prompts")) {
                    fuzzPrompts(supervisor.current(), engine, warnings, extra);
                }
                if (config.includes("protocol")) {
                    fuzzProtocol(supervisor.current(), engine, tools, extra);
                }
                if (audit.enabled()) {
                    auditRun.finish(listed, supervisor.current().session().listTools().items(), warnings);
                }
                if (Thread.currentThread().isInterrupted()) {
                    status = "interrupted";
                    reason = "interrupted by the user";
                }
            } catch (Supervisor.BlockedException e) {
                boolean interrupted = Thread.currentThread().isInterrupted();
                status = interrupted ? "interrupted" : "blocked";
                reason = interrupted ? "interrupted by the user" : e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                status = "interrupted";
                reason = "interrupted by the user";
            }
            auditRun.close();
            supervisor.close();
            Finding stdoutNoise = noise.finding(factory.transport());
            if (stdoutNoise != null) {
                engine.addFinding(stdoutNoise);
            }
            engine.latency().findings().forEach(engine::addFinding);
            Finding growth = engine.memory().finding("server");
            if (growth != null) {
                engine.addFinding(growth);
            }
            return new CampaignResult(status, reason, init, tools, engine.findings().snapshot(), engine.buckets(),
                    engine.runs(), supervisor.restarts(), warnings, started, Instant.now(), extra);
        }
    }

    private void fuzzTools(List<JsonNode> tools, RunEngine engine, BoundedExecutor executor)
            throws Supervisor.BlockedException, InterruptedException {
        ToolFuzzer fuzzer = new ToolFuzzer(config, engine, inputs);
        int done = 0;
        for (JsonNode tool : tools) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException();
            }
            LOG.debug("fuzzing tool {}", tool.path("name").asString(""));
            fuzzer.fuzz(tool, executor);
            observer.onProgress(++done, tools.size(), engine.runs(), engine.findings().size());
        }
    }

    private void fuzzResources(Target target, RunEngine engine, List<String> warnings, Map<String, Object> extra)
            throws Supervisor.BlockedException {
        List<String> problems = new ArrayList<>();
        List<JsonNode> resources = ResourceFuzzer.items(target.session(), "resources/list", "resources", problems);
        List<JsonNode> templates = ResourceFuzzer.items(target.session(), "resources/templates/list",
                "resourceTemplates", problems);
        problems.forEach(p -> warn(warnings, p));
        extra.put("resources", resources.size());
        extra.put("resource_templates", templates.size());
        boolean subscribe = target.session().initialized().capabilities().path("resources").path("subscribe")
                .asBoolean(false);
        new ResourceFuzzer(config, engine).fuzz(resources, templates, subscribe);
    }

    private void fuzzPrompts(Target target, RunEngine engine, List<String> warnings, Map<String, Object> extra)
            throws Supervisor.BlockedException {
        Listing listing = target.session().listPrompts();
        listing.problems().forEach(p -> warn(warnings, "prompts/list: " + p));
        extra.put("prompts", listing.items().size());
        PromptFuzzer fuzzer = new PromptFuzzer(config, engine);
        for (JsonNode prompt : listing.items()) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            fuzzer.fuzz(prompt);
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
        ProtocolFuzzer fuzzer = new ProtocolFuzzer(config, engine);
        String version = target.session().initialized().protocolVersion();
        if (config.specGuard()) {
            List<CheckResult> checks = SpecGuard.run(fuzzer.exchange(target.session()), version);
            extra.put("spec_guard", SpecReport.toMaps(checks));
            SpecFindings.toFindings(checks, "server").forEach(engine::addFinding);
        }
        String tool = tools.isEmpty() ? null : tools.get(0).path("name").asString(null);
        fuzzer.fuzz(version, new ModelHints(tool, null, null, null, null), config.protocolTypes());
        if (config.protocolPhases().contains("aggressive")) {
            var raw = factory.rawHttp();
            if (raw.isPresent()) {
                fuzzer.fuzzRawHttp(raw.get());
            }
        }
    }

    private List<JsonNode> filter(List<JsonNode> listed) {
        if (config.tools().isEmpty()) {
            return listed;
        }
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode tool : listed) {
            if (config.tools().contains(tool.path("name").asString(""))) {
                out.add(tool);
            }
        }
        return out;
    }

    private void warn(List<String> warnings, String warning) {
        if (warnings.size() < 100) {
            warnings.add(warning);
        }
        observer.onWarning(warning);
    }
}
