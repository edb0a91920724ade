package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.ConsoleAppender;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The logging set-up in code: what logback.xml said, found through the service loader. */
class LogConfiguratorTest {
    @Test
    void isTheConfiguratorLogbackFinds() {
        assertThat(ServiceLoader.load(Configurator.class).stream().map(p -> p.type().getName()))
                .containsExactly(LogConfigurator.class.getName());
    }

    @Test
    void logsToStderrAtWarnWithTheValidatorSilenced() {
        LoggerContext context = new LoggerContext();
        LogConfigurator configurator = new LogConfigurator();
        configurator.setContext(context);

        assertThat(configurator.configure(context, false))
                .isEqualTo(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertThat(root.getLevel()).isEqualTo(Level.WARN);
        assertThat(context.getLogger("com.networknt.schema.SomeValidator").getEffectiveLevel()).isEqualTo(Level.OFF);
        assertThat(context.getLogger("io.mcpfuzzer.fuzz.Campaign").getEffectiveLevel()).isEqualTo(Level.WARN);
        ConsoleAppender<?> stderr = (ConsoleAppender<?>) root.getAppender("STDERR");
        assertThat(stderr.getTarget()).isEqualTo("System.err");
        assertThat(stderr.isStarted()).isTrue();
        assertThat(((PatternLayoutEncoder) stderr.getEncoder()).getPattern()).isEqualTo(LogConfigurator.PATTERN);
        context.stop();
    }

    @Test
    void stepsAsideForAUsersConfigurationFile() {
        LoggerContext context = new LoggerContext();
        LogConfigurator configurator = new LogConfigurator();
        configurator.setContext(context);

        assertThat(configurator.configure(context, true)).isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
        assertThat(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR")).isNull();
    }

    @Test
    void theFuzzerShipsNoLogbackFileOfItsOwn() {
        assertThat(LogConfigurator.class.getClassLoader().getResource("logback.xml")).isNull();
        assertThat(LogConfigurator.class.getClassLoader().getResource("logback-test.xml")).isNull();
    }
}
