package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.fuzz.targets.HttpTargetFactory;
import io.mcpfuzzer.fuzz.targets.OutboundSafety;
import io.mcpfuzzer.fuzz.targets.StdioTargetFactory;
import io.mcpfuzzer.fuzz.targets.TargetFactory;
import io.mcpfuzzer.jsonrpc.ClientAnswers;
import io.mcpfuzzer.mcp.ClientOptions;
import io.mcpfuzzer.mcp.ProtocolVersions;
import io.mcpfuzzer.process.ResourceLimits;
import io.mcpfuzzer.process.WatchdogConfig;
import io.mcpfuzzer.safety.LaunchPlan;
import io.mcpfuzzer.safety.SafetyContext;
import io.mcpfuzzer.safety.SafetyOptions;
import io.mcpfuzzer.transport.http.AuthConfig;
import io.mcpfuzzer.transport.http.HttpOptions;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Turns settings into the safety context, client options and target factory of one run. */
final class TargetSetup {
    private TargetSetup() {}

    static SafetyContext openSafety(Settings s) {
        Settings.Safety safety = s.safety();
        SafetyOptions.Builder b = SafetyOptions.builder()
                .argumentRules(!safety.noSafety())
                .fsRoot(safety.fsRoot())
                .commandShims(safety.enableSafetySystem())
                .noNetwork(safety.noNetwork())
                .sandbox(safety.sandbox());
        safety.allowHosts().forEach(b::allowHost);
        safety.env().forEach(b::env);
        safety.passEnv().forEach(b::passEnv);
        return SafetyContext.open(b.build());
    }

    static ClientOptions client(Settings s, SafetyContext safety) {
        String version = s.protocol().specSchemaVersion() == null ? ProtocolVersions.LATEST
                : s.protocol().specSchemaVersion();
        List<String> roots = !s.target().roots().isEmpty() ? s.target().roots()
                : safety.rootsUri().map(List::of).orElse(List.of());
        return ClientOptions.defaults().withProtocolVersion(version)
                .withAnswers(ClientAnswers.defaults().withRoots(roots))
                .withStepTimeout(max(s.target().timeout(), Duration.ofSeconds(10)));
    }

    /**
     * The target factory: a supervised local process for stdio (launched per the safety plan),
     * an HTTP session otherwise. Every session it starts carries the safety choke point
     * ({@link OutboundSafety}), so every frame sent to the target passes the argument, path and
     * network policy. {@code plans} receives the stdio launch plan.
     */
    static TargetFactory factory(Settings s, SafetyContext safety, ClientOptions client, List<LaunchPlan> plans)
            throws IOException {
        Settings.Target t = s.target();
        if (t.protocol().isRemote()) {
            URI uri = URI.create(t.endpoint());
            if (!safety.networkPolicy().allows(uri)) {
                throw new IllegalArgumentException("--no-network forbids connecting to " + uri.getHost()
                        + " (allow it with --allow-host)");
            }
            // the connect timeout covers the TLS handshake, which took over 5 s in a cold JVM on a loaded 2-core
            // machine ("connect timed out" instead of the TLS message): --timeout, within 5 to 15 s
            Duration connect = max(Duration.ofSeconds(5), t.timeout().compareTo(Duration.ofSeconds(15)) > 0
                    ? Duration.ofSeconds(15) : t.timeout());
            HttpOptions.Builder http = HttpOptions.builder().responseTimeout(max(t.timeout(), Duration.ofSeconds(5)))
                    .connectTimeout(connect)
                    .maxFrameBytes(t.maxLineBytes()).connectRetries(Math.max(0, t.transportRetries() - 1));
            t.headers().forEach(http::header);
            javax.net.ssl.SSLContext tls = tls(t);
            http.sslContext(tls);
            if (t.authConfig() != null) {
                http.authHeaders(AuthConfig.load(t.authConfig()));
            }
            if (t.authEnv()) {
                http.authHeaders(AuthConfig.fromEnv(System.getenv()));
            }
            if (s.oauth().enabled()) {
                http.bearerAuth(OAuthSetup.client(uri, s.oauth(), max(t.timeout(), Duration.ofSeconds(10)), tls));
            }
            return new HttpTargetFactory(t.endpoint(), t.protocol(), http.build(), client)
                    .sessionSetup(OutboundSafety.of(safety)::install);
        }
        LaunchPlan plan = safety.plan(t.command());
        plans.add(plan);
        Settings.Limits l = s.limits();
        ResourceLimits limits = l.memoryMb() == null && l.cpuSeconds() == null && l.openFiles() == null
                && l.processes() == null ? null
                : new ResourceLimits(l.memoryMb(), l.cpuSeconds(), l.openFiles(), l.processes());
        Settings.Watchdog w = s.watchdog();
        WatchdogConfig watchdog = WatchdogConfig.defaults().withCheckInterval(w.checkInterval())
                .withProcessTimeout(w.processTimeout()).withExtraBuffer(w.extraBuffer())
                .withMaxHangTime(w.maxHangTime());
        Path cwd = plan.workingDirectory();
        return new StdioTargetFactory(plan.command(), cwd, plan.environment(), false, client, t.maxLineBytes(),
                limits, watchdog).sessionSetup(OutboundSafety.of(safety)::install);
    }

    /**
     * The TLS trust of every https exchange with the target ({@code --cacert}, {@code --insecure}): the
     * session, the Origin probe, the auth audit. Null for the JVM default.
     */
    static javax.net.ssl.SSLContext tls(Settings.Target t) throws IOException {
        if (t.cacert() != null) {
            return io.mcpfuzzer.transport.http.TlsTrust.withCaFile(t.cacert());
        }
        return t.insecure() ? io.mcpfuzzer.transport.http.TlsTrust.insecure() : null;
    }

    static Map<String, Object> containment(List<LaunchPlan> plans) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        for (LaunchPlan plan : plans) {
            plan.containments().forEach(c -> out.put(c.name(), (c.inEffect() ? "in effect: " : "NOT in effect: ")
                    + c.detail()));
        }
        return out;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
