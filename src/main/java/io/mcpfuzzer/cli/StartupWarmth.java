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
 * needs a class being initialised waits for it). One exception to that waiting: slf4j hands a thread
 * that asks for a logger while another thread configures logback a substitute, so whoever needs
 * logback's own loggers ({@link LogSetup}) first calls {@link #awaitLogging()}. A failure here is
 * ignored: the main thread then fails on the same class where it is handled today (possibly reported
 * as "Could not initialize class"). The thread is a daemon.
 */
final class StartupWarmth {
    private StartupWarmth() {}

    /** Counted down once the logging step is over; null when {@link #begin(String[])} never ran (tests, embedding). */
    private static volatile java.util.concurrent.CountDownLatch logging;

    /** Starts the warm-up thread, unless {@code args} only ask for help or the version (nothing to warm). */
    static void begin(String[] args) {
        for (String a : args) {
            if (a.equals("--version") || a.equals("-V") || a.equals("--help") || a.equals("-h")) {
                return;
            }
        }
        logging = new java.util.concurrent.CountDownLatch(1);
        Thread t = new Thread(StartupWarmth::warm, "startup-warmth");
        t.setDaemon(true);
        t.start();
    }

    private static void warm() {
        step(() -> Class.forName("io.mcpfuzzer.config.SettingsResolver")); // its SecureRandom
        try {
            step(() -> org.slf4j.LoggerFactory.getLogger(StartupWarmth.class)); // logback's context
        } finally {
            logging.countDown();
        }
        step(() -> Class.forName("io.mcpfuzzer.common.Json")); // the ObjectMapper
        step(() -> {
            io.mcpfuzzer.process.Signals.preload();
            return null;
        });
    }

    /**
     * Waits (at most 10 s) until the warm-up thread has configured logging, so that slf4j hands out
     * logback's loggers rather than substitutes; returns at once when no warm-up thread was started.
     */
    static void awaitLogging() {
        java.util.concurrent.CountDownLatch latch = logging;
        if (latch == null) {
            return;
        }
        try {
            latch.await(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void step(java.util.concurrent.Callable<?> s) {
        try {
            s.call();
        } catch (Exception | LinkageError e) {
            // the main thread meets it again where it is handled
        }
    }
}
