package io.mcpfuzzer.cli;

import io.mcpfuzzer.config.LogLevel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Applies {@code --log-level} to the root logger (logback); logs go to stderr ({@link LogConfigurator}). */
final class LogSetup {
    private LogSetup() {}

    static void apply(LogLevel level) {
        StartupWarmth.awaitLogging(); // else slf4j may hand out a substitute root logger while logback starts
        Logger root = LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        if (root instanceof ch.qos.logback.classic.Logger logback) {
            logback.setLevel(ch.qos.logback.classic.Level.toLevel(level.slf4jName()));
        }
    }
}
