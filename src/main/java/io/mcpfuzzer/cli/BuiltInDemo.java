package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.Options;
import io.mcpfuzzer.config.Origin;
import io.mcpfuzzer.config.Settings;
import io.mcpfuzzer.config.TransportProtocol;
import io.mcpfuzzer.demo.DemoServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code mcp-fuzzer demo}: fuzzes the built-in, deliberately flawed {@link DemoServer}, started as
 * a child JVM from our own class path. Without an explicit {@code --timeout} the per-call timeout
 * is 3 s so its planted hang is found quickly.
 */
public final class BuiltInDemo implements DemoRunner {
    private static final Duration DEMO_TIMEOUT = Duration.ofSeconds(3);

    @Override
    public int run(Settings settings, ConsoleIO console) {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), DemoServer.class.getName());
        Settings.Target t = settings.target();
        Duration timeout = explicit(settings, Options.TIMEOUT.key()) ? t.timeout() : DEMO_TIMEOUT;
        Duration toolTimeout = explicit(settings, Options.TOOL_TIMEOUT.key()) ? t.toolTimeout() : timeout;
        Settings.Target demoTarget = new Settings.Target(TransportProtocol.STDIO, String.join(" ", command), command,
                timeout, toolTimeout, t.transportRetries(), t.headers(), t.authConfig(), t.authEnv(), t.maxLineBytes(),
                t.roots());
        Settings demo = new Settings(demoTarget, settings.fuzzing(), settings.protocol(), settings.safety(),
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
