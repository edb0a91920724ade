package io.mcpfuzzer.cli;

/**
 * Start-up work done on a second thread while the main thread parses the command line: the class
 * initialisations that the main thread needs a little later and that take tens of milliseconds each
 * (the settings resolver's random seed source, logback, Jackson's mapper, libc through JNA). On a
 * two-core machine nothing else runs at that moment, so the main thread reaches the target's start
 * 50 to 100 ms sooner (`docs/bench.md`, round 8).
 *
 * <p>Only {@link Main#main} calls it; it changes no state that a result depends on (each step is a
 * class initialisation the main thread would do anyway; the JVM runs each once, and a thread that
 * needs a class being initialised waits for it). A failure here is ignored: the main thread then
 * meets the same failure where it is handled today. The thread is a daemon.
 */
final class StartupWarmth {
    private StartupWarmth() {}

    static void begin() {
        Thread t = new Thread(StartupWarmth::warm, "startup-warmth");
        t.setDaemon(true);
        t.start();
    }

    private static void warm() {
        step(() -> Class.forName("io.mcpfuzzer.config.SettingsResolver")); // its SecureRandom
        step(() -> org.slf4j.LoggerFactory.getLogger(StartupWarmth.class)); // logback's context
        step(() -> Class.forName("io.mcpfuzzer.common.Json")); // the ObjectMapper
        step(() -> {
            io.mcpfuzzer.process.Signals.preload();
            return null;
        });
    }

    private static void step(java.util.concurrent.Callable<?> s) {
        try {
            s.call();
        } catch (Exception | LinkageError e) {
            // the main thread meets it again where it is handled
        }
    }
}
