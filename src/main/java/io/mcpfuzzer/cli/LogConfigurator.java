package io.mcpfuzzer.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;
import java.nio.charset.StandardCharsets;

/**
 * The fuzzer's logging set-up, in code: found by logback through {@code META-INF/services} before it
 * looks for a {@code logback.xml}, so that no XML parser is loaded at start-up (about 400 classes and
 * 0.1 s of every run, `docs/bench.md`, round 8).
 *
 * <p>Logs go to stderr only (stdout carries results), root level WARN until {@code --log-level}
 * changes it ({@link LogSetup}); {@code com.networknt} is off: a hostile server's schema (bad patterns,
 * remote refs) makes the validator log errors that are results, not ours. Logback's own status
 * messages are dropped. A user's configuration still wins: with {@code -Dlogback.configurationFile}, or a
 * {@code logback-test.xml} or {@code logback.xml} on the class path (an embedding application's), this
 * configurator steps aside and logback reads that file as usual.
 *
 * <p>Called once by logback, on the thread that first asks for a logger.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogConfigurator extends ContextAwareBase implements Configurator {
    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{30} - %msg%n";

    /** Logback instantiates this through the service loader. */
    public LogConfigurator() {
        // no state
    }

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        return configure(context, System.getProperty("logback.configurationFile") != null
                || resource("logback-test.xml") || resource("logback.xml"));
    }

    /** As {@link #configure(LoggerContext)}, told whether the user configured logging elsewhere. */
    ExecutionStatus configure(LoggerContext context, boolean userConfiguration) {
        if (userConfiguration) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        NopStatusListener quiet = new NopStatusListener();
        context.getStatusManager().add(quiet);
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setCharset(StandardCharsets.UTF_8);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        context.getLogger("com.networknt").setLevel(Level.OFF);
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    private static boolean resource(String name) {
        ClassLoader loader = LogConfigurator.class.getClassLoader();
        return loader != null && loader.getResource(name) != null;
    }
}
