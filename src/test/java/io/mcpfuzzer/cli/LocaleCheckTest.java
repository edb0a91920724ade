package io.mcpfuzzer.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcpfuzzer.testsupport.FuzzerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Without a UTF-8 locale (no LANG, as in {@code env -i} and many containers) the JVM cannot name
 * non-ASCII paths, so the path sandbox blocks every input that carries one: the fuzzer says so at
 * start, in a real process started without LANG, and says nothing under a UTF-8 locale.
 */
@Timeout(120)
@Execution(ExecutionMode.CONCURRENT) // beside other classes; its own methods one after the other (the lock)
@ResourceLock("class:LocaleCheckTest")
class LocaleCheckTest {
    private static final String SAID = "paths with non-ASCII characters cannot be checked by the path sandbox";

    @TempDir
    Path dir;

    @Test
    void anAsciiFileNameEncodingIsSaidAUtf8OneIsNot() {
        assertThat(LocaleCheck.warning("ANSI_X3.4-1968")).hasValueSatisfying(w -> assertThat(w).contains(SAID)
                .contains("ANSI_X3.4-1968").contains("LANG=C.UTF-8"));
        assertThat(LocaleCheck.warning("UTF-8")).isEmpty();
        assertThat(LocaleCheck.warning("utf8")).isEmpty();
        assertThat(LocaleCheck.warning(null)).isEmpty();
    }

    @Test
    void aProcessWithoutLangIsWarnedAndOneWithAUtf8LocaleIsNot() throws Exception {
        List<String> args = List.of("--mode", "tools", "--runs", "1", "--timeout", "5", "--endpoint",
                "/nonexistent/mcp-server-for-locale-test", "--output-dir", dir.resolve("out").toString());
        FuzzerProcess.Result bare = FuzzerProcess.run(args, dir.resolve("bare"), Duration.ofSeconds(60), Map.of());
        assertThat(bare.stderr()).as(bare.describe()).contains(SAID);
        FuzzerProcess.Result utf8 = FuzzerProcess.run(args, dir.resolve("utf8"), Duration.ofSeconds(60),
                Map.of("LANG", "C.UTF-8"));
        assertThat(utf8.stderr()).as(utf8.describe()).doesNotContain(SAID).contains("/nonexistent/");
    }
}
