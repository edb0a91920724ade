package io.mcpfuzzer.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessConfigTest {

    @Test
    void rejectsAnEmptyCommand() {
        assertThatThrownBy(() -> ProcessConfig.builder(List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-empty command");
    }

    @Test
    void rejectsOneStringWithSpacesWithAHint() {
        assertThatThrownBy(() -> ProcessConfig.builder(List.of("python3 server.py")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("give the command as a list");
    }

    @Test
    void defaults() {
        ProcessConfig c = ProcessConfig.builder(List.of("/usr/bin/python3", "server.py")).build();
        assertThat(c.name()).isEqualTo("python3");
        assertThat(c.inheritEnvironment()).isTrue();
        assertThat(c.markEnvironment()).isTrue();
        assertThat(c.cwd()).isNull();
        assertThat(c.timeout()).isNull();
        assertThat(c.autoKill()).isNull();
        assertThat(c.resourceLimits()).isNull();
        assertThat(c.stderrBufferBytes()).isEqualTo(256 * 1024);
        assertThat(c.command()).containsExactly("/usr/bin/python3", "server.py");
    }

    @Test
    void watchdogDefaults() {
        WatchdogConfig w = WatchdogConfig.defaults();
        assertThat(w.checkInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(w.processTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(w.extraBuffer()).isEqualTo(Duration.ofSeconds(5));
        assertThat(w.maxHangTime()).isEqualTo(Duration.ofSeconds(60));
        assertThat(w.autoKill()).isTrue();
        assertThatThrownBy(() -> w.withCheckInterval(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void prlimitOptions() {
        assertThat(ResourceLimits.none().prlimitOptions()).containsExactly("--core=0");
        assertThat(new ResourceLimits(512L, 10L, 64L, 100L).prlimitOptions()).containsExactly("--core=0",
                "--as=536870912:536870912", "--cpu=10:10", "--nofile=64:64", "--nproc=100:100");
        assertThatThrownBy(() -> ResourceLimits.none().withOpenFiles(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void stateMachine() {
        assertThat(ProcessState.RUNNING.canMoveTo(ProcessState.HUNG)).isTrue();
        assertThat(ProcessState.HUNG.canMoveTo(ProcessState.RUNNING)).isTrue();
        assertThat(ProcessState.STOPPED.canMoveTo(ProcessState.RUNNING)).isFalse();
        assertThat(ProcessState.EXITED.isTerminal()).isTrue();
        assertThat(ProcessState.STOPPING.isTerminal()).isFalse();
        assertThat(EventType.HANG_DETECTED.wireName()).isEqualTo("hang_detected");
    }
}
