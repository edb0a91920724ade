package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Options;
import io.mcpfuzzer.config.Origin;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.demo.DemoServer;
import io.mcpfuzzer.transport.TransportProtocol;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code mcp-fuzzer demo}: fuzzes the built-in, deliberately flawed {@link DemoServer}, started as
 * a child JVM from our own class path. Tuned to finish in seconds, for the demo only (the product
 * defaults stay): without an explicit {@code --timeout} the per-call timeout is
 * {@value #DEMO_TIMEOUT_MS} ms, so each planted hang costs little (the demo server answers everything
 * else in milliseconds); without an explicit {@code --runs}, {@value #DEMO_RUNS} runs per tool and
 * phase, enough to reach every planted flaw; without an explicit {@code --coverage-budget}, no
 * coverage pass (its edge cases would hit the planted hang many times over). The server JVM is tuned
 * to start fast: the demo
 * restarts it after every planted crash and hang.
 */
public final class BuiltInDemo implements DemoRunner {
    static final long DEMO_TIMEOUT_MS = 1_000;
    static final int DEMO_RUNS = 6;
    private static final Duration DEMO_TIMEOUT = Duration.ofMillis(DEMO_TIMEOUT_MS);

    @Override
    public int run(Settings settings, ConsoleIO console) {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp", System.getProperty("java.class.path"), DemoServer.class.getName());
        Settings.Target t = settings.target();
        Duration timeout = explicit(settings, Options.TIMEOUT.key()) ? t.timeout() : DEMO_TIMEOUT;
        Duration toolTimeout = explicit(settings, Options.TOOL_TIMEOUT.key()) ? t.toolTimeout() : timeout;
        Settings.Target demoTarget = new Settings.Target(TransportProtocol.STDIO, String.join(" ", command), command,
                timeout, toolTimeout, t.transportRetries(), t.headers(), t.authConfig(), t.authEnv(), t.maxLineBytes(),
                t.roots());
        Settings.Fuzzing f = settings.fuzzing();
        Settings.Fuzzing fuzzing = new Settings.Fuzzing(f.mode(), f.phase(),
                explicit(settings, Options.RUNS.key()) ? f.runs() : DEMO_RUNS, f.tools(), f.excludeTools(), f.seed(),
                f.maxConcurrency(), f.stateful(), f.statefulRuns(), f.havoc(), f.corpus(),
                explicit(settings, Options.COVERAGE_BUDGET.key()) ? f.coverageBudget() : 0);
        Settings demo = new Settings(demoTarget, fuzzing, settings.protocol(), settings.safety(),
                settings.limits(), settings.watchdog(), settings.output(), settings.audit(), settings.logging(),
                settings.provenance());
        console.err().println("mcp-fuzzer demo: fuzzing the built-in vulnerable demo server (seed "
                + settings.fuzzing().seed() + ")");
        return new FuzzRunner().run(demo, console);
    }

    private static boolean explicit(Settings settings, String key) {
        Origin origin = settings.provenance().origins().get(key);
        return origin != null && origin.isExplicit();
    }
}
